/**
 * "Compare backends": a scenario's steps played on two sides, one after the other, each a backend and a
 * pi version in a fresh session of its own over the scenario's starting files (fresh-session.ts), so the learner's session and
 * workspace are never touched. A side is memfs, a drill's faulty disk over memfs, or a WebContainer (the
 * page's, through a port, or the fake booted here). Each side's calls are folded as the compromise table's
 * are, and its final files are kept (text cut when long) with a digest, for the page to mark what differs.
 *
 * A side runs under a time limit and the caller's signal: either stops the player and aborts the run, so
 * a hanging drill ends as its abort ends it. A bash command that never yields cannot see an abort; the
 * page runs this in a worker of its own and ends that worker when a cancelled run does not answer.
 */

import type { ModelChoice } from "@agent/drivers/model-presets";
import type { SessionEvent } from "@agent/events";
import type { AgentMessage } from "@agent/messages";
import { parseScenario } from "@agent/scenario";
import type { SnapshotEntry } from "@backends/backend";
import { isUtf8Text, utf8Decode } from "@core/bytes";
import { renderSystemMessageUpdate } from "@core/system-prompt/patch";
import { DEFAULT_PI_VERSION, type PiVersionId } from "@core/versions/ids";
import {
  COMPARE_SIDE_LIMIT_MS,
  type CompareBackend,
  type CompareFile,
  type CompareResult,
  type CompareSide,
  usesContainer,
} from "@state/compare-backends";
import { createPlaygroundTools, type PlaygroundToolExtras } from "../tools";
import { foldCalls, freshSession, shorten, textHash } from "./fresh-session";

export interface CompareOptions {
  /** cancels the whole comparison: the side running is stopped and the promise rejects (AbortError) */
  signal?: AbortSignal;
  limitMs?: number;
  /** the page's booted WebContainer, served over this port; without it a WebContainer side boots the fake */
  containerPort?: MessagePort;
  extras?: PlaygroundToolExtras;
  /** each side's pi version (the session's default on both unless given) */
  pi?: readonly [PiVersionId, PiVersionId];
  /** also give each side's next model request, for this model (the page has each pi-ai write it) */
  wire?: ModelChoice;
}

export async function runCompare(
  scenarioValue: unknown,
  a: CompareBackend,
  b: CompareBackend,
  options: CompareOptions = {},
): Promise<CompareResult> {
  const scenario = parseScenario(scenarioValue);
  const limitMs = options.limitMs ?? COMPARE_SIDE_LIMIT_MS;
  const [piA, piB] = options.pi ?? [DEFAULT_PI_VERSION, DEFAULT_PI_VERSION];
  const first = await runSide(scenario, a, piA, limitMs, options);
  const second = await runSide(scenario, b, piB, limitMs, options);
  const { title, translations } = scenario;
  return { title, ...(translations ? { translations } : {}), sides: [first, second], limitMs };
}

function abortError(): Error {
  const error = new Error("The comparison was cancelled.");
  error.name = "AbortError";
  return error;
}

async function runSide(
  scenario: unknown,
  backend: CompareBackend,
  pi: PiVersionId,
  limitMs: number,
  options: CompareOptions,
): Promise<CompareSide> {
  const { signal } = options;
  if (signal?.aborted) throw abortError();
  const { playground, events } = freshSession({
    createTools: (backendOf, queue, wrap) =>
      createPlaygroundTools(backendOf, queue, { autoResizeImages: false, ...options.extras }, wrap),
  });
  const { session } = playground;
  const { workspace } = session;
  playground.init({ type: "init" });
  if (backend.kind === "drill") playground.drill.choose(backend.drill, false);
  const player = playground.scenarios.load(scenario);
  // The side's version, over the one the scenario names: comparing versions is the point of such a side.
  session.setPiVersion(pi, "picked");
  if (usesContainer(backend)) {
    try {
      await workspace.setBackend({
        type: "set_backend",
        backend: backend.kind,
        ...(options.containerPort ? { source: "port", port: options.containerPort } : { source: "fake" }),
      });
    } catch (error) {
      return {
        backend,
        pi,
        backendId: backend.kind,
        calls: [],
        files: {},
        error: error instanceof Error ? error.message : String(error),
      };
    }
  }

  let stopped: CompareSide["stopped"];
  const halt = () => {
    player.stop();
    session.abort("user");
  };
  const timer = setTimeout(() => {
    stopped = "limit";
    halt();
  }, limitMs);
  signal?.addEventListener("abort", halt);
  try {
    player.play(0);
    await playground.idle();
    await workspace.backend.settle();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", halt);
  }
  if (signal?.aborted) {
    workspace.backend.dispose();
    throw abortError();
  }
  const files = filesOf(workspace.backend.snapshot().entries, workspace.backend.root);
  const failed = events.find((e) => e.type === "session_error");
  const side: CompareSide = {
    backend,
    pi,
    backendId: workspace.backend.description.id,
    calls: foldCalls(events),
    files,
    told: toldOf(events, session.transcript),
    ...(stopped ? { stopped } : {}),
    ...(failed?.type === "session_error" ? { error: failed.message } : {}),
    ...(options.wire ? { request: await playground.model.nextRequest(options.wire) } : {}),
  };
  workspace.backend.dispose();
  return side;
}

/**
 * What the model was told of the system prompt: the conversation's system messages where the version
 * sends them (1.6.0), else the prompt as it stood at each run's start (0.73.1 sends it whole each time).
 */
export function toldOf(events: readonly SessionEvent[], transcript: readonly AgentMessage[]): string[] {
  const system = transcript.filter((m) => m.role === "system");
  if (system.length > 0) return system.map((m) => renderSystemMessageUpdate(m));
  const told: string[] = [];
  let prompt = "";
  for (const e of events) {
    if (e.type === "prompt_sections_changed") prompt = e.rendered;
    else if (e.type === "agent_start") told.push(prompt);
  }
  return told;
}

/** The workspace's files (folders left out) as the panes show them, by workspace-relative path. */
export function filesOf(entries: readonly SnapshotEntry[], root: string): Record<string, CompareFile> {
  const out: Record<string, CompareFile> = {};
  const prefix = `${root}/`;
  for (const entry of entries) {
    if (!entry.path.startsWith(prefix)) continue;
    const path = entry.path.slice(prefix.length);
    if (entry.kind === "symlink") out[path] = { kind: "symlink", target: entry.target };
    else if (entry.kind === "file") {
      if (isUtf8Text(entry.data)) {
        const text = utf8Decode(entry.data);
        out[path] = { kind: "text", ...shorten(text), chars: text.length, hash: textHash(text) };
      } else out[path] = { kind: "binary", bytes: entry.data.length, hash: textHash(entry.data) };
    }
  }
  return out;
}
