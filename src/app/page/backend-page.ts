/**
 * The page's side of picking a backend. WebContainer is booted only when the learner picks it, on the
 * page (its client needs a window), after checking what it needs; the boot races a time limit, because
 * offline (or blocked) it neither resolves nor rejects. Once booted, the container is served to the
 * session worker over a MessageChannel and the worker moves the workspace in. A failed or timed-out boot
 * sends nothing: the session stays on memfs with its files untouched. The client library keeps a
 * boot that never settled pending for the page's lifetime, so after one the page asks for a reload.
 *
 * What this hands the page is a status with codes (namespace `backends` words them).
 */
import type { SessionCommand } from "@agent/protocol";
import type { WebContainerLike } from "@backends/webcontainer/types";
import { BACKEND_KIND } from "@core/backend-kinds";
import type { BackendPick, BackendPicker, Missing } from "@state/backend-pick";
import type { ContainerAvailability } from "@state/compare-backends";
import { createStore } from "@state/store";

export type { BackendPicker, Missing } from "@state/backend-pick";

export const BOOT_LIMIT_MS = 30_000;

export interface PageEnvironment {
  crossOriginIsolated: boolean;
  hasSharedArrayBuffer: boolean;
  isSecureContext: boolean;
  userAgent: string;
}

/** What WebContainer needs that this page lacks, in the order a learner should fix them. */
export function missingPrerequisites(env: PageEnvironment): Missing[] {
  const missing: Missing[] = [];
  if (!env.isSecureContext) missing.push("secureContext");
  if (!env.crossOriginIsolated) missing.push("isolation");
  if (!env.hasSharedArrayBuffer) missing.push("sharedArrayBuffer");
  // Chromium browsers are supported; Firefox and Safari are in beta (Safari also lacks credentialless,
  // so this page is not isolated there); the rest are not supported.
  if (!/Chrome\/|Chromium\/|Firefox\/|Safari\//.test(env.userAgent)) missing.push("browser");
  return missing;
}

/** `boot()` or undefined when it has not settled within `limitMs`. */
export async function bootWithin<T>(boot: () => Promise<T>, limitMs: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), limitMs);
  });
  try {
    return await Promise.race([boot(), limit]);
  } finally {
    clearTimeout(timer);
  }
}

export interface BackendPickerDeps {
  send(command: SessionCommand): void;
  environment(): PageEnvironment;
  /** the real `WebContainer.boot`, or the fake (the test hook) */
  boot(): Promise<WebContainerLike>;
  /** serves the booted container on one end of a new channel and returns the other end */
  serve(container: WebContainerLike): MessagePort;
  limitMs?: number;
  /**
   * Whether WebContainer's servers answer, asked before the first boot: offline, the client's boot neither
   * resolves nor rejects, so without this the learner would wait out the whole time limit to learn it.
   */
  reachable?: () => Promise<boolean>;
  /** the test hook's fake: "Compare backends" boots a fake of its own, needing nothing of this page */
  fake?: boolean;
}

/** The picker, and what "Compare backends" asks of it (src/app/page/side-by-side/compare-page.ts). */
export interface PageBackendPicker extends BackendPicker {
  /** whether the WebContainer can be a side of a comparison, or why not (before `holdsWorkspace`) */
  compareContainer(): ContainerAvailability;
  /** the booted container served on a new channel (the comparison's own), or undefined before a boot */
  serveForCompare(): MessagePort | undefined;
}

export function createBackendPicker(deps: BackendPickerDeps): PageBackendPicker {
  const status = createStore<BackendPick>({ status: "idle" });
  const limitMs = deps.limitMs ?? BOOT_LIMIT_MS;
  // One container per page: the client allows one instance, and a boot that hung never lets go.
  let booted: Promise<WebContainerLike | undefined> | undefined;
  let stuck = false;
  let container: WebContainerLike | undefined;
  return {
    status,
    compareContainer() {
      if (deps.fake) return { ok: true, fake: true };
      const missing = missingPrerequisites(deps.environment());
      if (missing.length > 0) return { ok: false, reason: "missing", missing };
      if (stuck) return { ok: false, reason: "stuck" };
      return container ? { ok: true, fake: false } : { ok: false, reason: "notBooted" };
    },
    serveForCompare: () => (container ? deps.serve(container) : undefined),
    async pick(backend, tools) {
      // A kind the worker can make on its own needs no boot: the page only asks for the move.
      if (!BACKEND_KIND[backend].needsIsolation) {
        deps.send({ type: "set_backend", backend });
        status.set({ status: "idle" });
        return;
      }
      const missing = missingPrerequisites(deps.environment());
      if (missing.length > 0) return status.set({ status: "failed", reason: "missing", missing });
      if (stuck) return status.set({ status: "failed", reason: "stuck" });
      status.set({ status: "booting", limitMs });
      if (!booted && deps.reachable && !(await deps.reachable()))
        return status.set({ status: "failed", reason: "offline" });
      if (!booted) booted = bootWithin(deps.boot, limitMs);
      try {
        container = await booted;
      } catch (error) {
        booted = undefined;
        const message = error instanceof Error ? error.message : String(error);
        return status.set({ status: "failed", reason: "bootError", message });
      }
      if (!container) {
        stuck = true;
        return status.set({ status: "failed", reason: "timeout", limitMs });
      }
      status.set({ status: "switching" });
      deps.send({
        type: "set_backend",
        backend,
        source: "port",
        port: deps.serve(container),
        tools,
      });
      status.set({ status: "idle" });
    },
  };
}
