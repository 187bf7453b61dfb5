/**
 * The page's side of "Compare backends". Each run gets a worker of its own (compare-worker.ts), never the
 * learner's session worker: the two fresh sessions cannot reach the learner's files, and a run that
 * will not stop (a bash command that never yields cannot see an abort) is ended by ending its worker.
 * Cancel asks the worker to abort first, so a WebContainer side's processes are killed, then ends it.
 */

import type { ModelRequest } from "@agent/protocol";
import { BACKEND_KIND, type BackendKind } from "@core/backend-kinds";
import {
  type CompareHandle,
  type CompareRequest,
  type CompareResult,
  type ContainerAvailability,
  handCallScenario,
  usesContainer,
} from "@state/compare-backends";
import { presetByFile, WIRE_PRESET_MODEL } from "@state/pi-presets";
import type { CompareWorkerIn, CompareWorkerOut } from "../../common/side-by-side/compare-messages";
import type { PageBackendPicker } from "../backend-page";

export type CompareWorkerLike = Pick<Worker, "postMessage" | "terminate" | "onmessage" | "onerror">;

/** How long a cancelled run's worker gets to abort its calls before it is ended. */
export const CANCEL_GRACE_MS = 1000;

export interface ComparePageDeps {
  fetchScenario(file: string): Promise<unknown>;
  /** the scenario loaded in the learner's session, as its file had it (share_state), if any */
  loadedScenario(): Promise<{ title: string } | undefined>;
  /** the learner's files as the last snapshot has them, for a call by hand on a copy */
  currentFiles(): Record<string, unknown> | undefined;
  picker?: Pick<PageBackendPicker, "compareContainer" | "serveForCompare">;
  /** each version's pi-ai writes a request's body and headers, sending nothing (the provider context) */
  preview?: (request: ModelRequest) => Promise<{ body: unknown; headers: [string, string][] }>;
  spawn?: () => CompareWorkerLike;
  setTimeout?: (run: () => void, ms: number) => unknown;
}

function spawnCompareWorker(): CompareWorkerLike {
  return new Worker(new URL("../../worker/side-by-side/compare-worker.ts", import.meta.url), {
    type: "module",
    name: "pi-compare",
  });
}

function abortError(): Error {
  const error = new Error("The comparison was cancelled.");
  error.name = "AbortError";
  return error;
}

export function createCompareHandle(deps: ComparePageDeps): CompareHandle {
  const spawn = deps.spawn ?? spawnCompareWorker;
  const later = deps.setTimeout ?? ((run: () => void, ms: number) => setTimeout(run, ms));
  const container = (learnerKind: BackendKind): ContainerAvailability => {
    const found = deps.picker?.compareContainer() ?? { ok: false, reason: "notBooted" };
    // A run mounts its files over the container's folder: not while the learner's files live there (a
    // kind that needs isolation is the page's one container).
    if (found.ok && !found.fake && BACKEND_KIND[learnerKind].needsIsolation)
      return { ok: false, reason: "holdsWorkspace" };
    return found;
  };
  return {
    container,
    loadedTitle: async () => (await deps.loadedScenario())?.title ?? null,
    async run(request: CompareRequest, signal: AbortSignal): Promise<CompareResult> {
      const pick = request.scenario;
      const scenario =
        pick.kind === "shipped"
          ? await deps.fetchScenario(pick.file)
          : pick.kind === "call"
            ? handCallScenario(pick.tool, pick.args, deps.currentFiles() ?? {})
            : await deps.loadedScenario();
      if (scenario === undefined)
        throw new Error("No scenario is loaded in the session: pick one from the list.");
      if (signal.aborted) throw abortError();
      const wantsContainer = usesContainer(request.a) || usesContainer(request.b);
      const availability = deps.picker?.compareContainer();
      const port =
        wantsContainer && availability?.ok && !availability.fake ? deps.picker?.serveForCompare() : undefined;
      const wire =
        pick.kind === "shipped" && presetByFile(pick.file)?.about === "wire" ? WIRE_PRESET_MODEL : undefined;
      const worker = spawn();
      const ran = new Promise<CompareResult>((resolve, reject) => {
        let settled = false;
        const finish = (work: () => void) => {
          if (settled) return;
          settled = true;
          signal.removeEventListener("abort", cancel);
          work();
        };
        const cancel = () => {
          finish(() => reject(abortError()));
          worker.postMessage({ type: "cancel" } satisfies CompareWorkerIn);
          later(() => worker.terminate(), CANCEL_GRACE_MS);
        };
        worker.onmessage = (event: MessageEvent<CompareWorkerOut>) => {
          const m = event.data;
          worker.terminate();
          if (m.type === "done") finish(() => resolve(m.result));
          else finish(() => reject(m.aborted ? abortError() : new Error(m.message)));
        };
        worker.onerror = (event) => {
          event.preventDefault?.();
          worker.terminate();
          finish(() => reject(new Error(event.message || "the comparison's worker failed")));
        };
        signal.addEventListener("abort", cancel);
        const { a, b, pi } = request;
        const message: CompareWorkerIn = { type: "run", scenario, a, b, pi, ...(wire ? { wire } : {}) };
        if (port) worker.postMessage({ ...message, port }, [port]);
        else worker.postMessage(message);
      });
      return wire ? ran.then((result) => withWire(result, deps.preview)) : ran;
    },
  };
}

/** Each side's next request as its own pi-ai writes it (the key stays here, masked in the headers). */
async function withWire(result: CompareResult, preview: ComparePageDeps["preview"]): Promise<CompareResult> {
  if (!preview) return result;
  const sides = await Promise.all(
    result.sides.map(async ({ request, ...side }) => {
      if (!request) return side;
      const { body, headers } = await preview(request);
      return { ...side, wire: { body, headers } };
    }),
  );
  return { ...result, sides: sides as CompareResult["sides"] };
}
