/**
 * The page's watchdog over learner code. A learner's `while (true) {}` holds the only thread of the
 * sandbox it runs in (page/sandbox/frame.ts), so nothing there can notice it; the page can. While a
 * learner tool loads or runs, the page pings the session worker and its sandbox every PING_EVERY_MS
 * (host.ping); when a ping stays unanswered for STUCK_AFTER_MS, it ends both as it ends a bash command
 * that ignores Esc: a new worker starts from the last snapshot (files and the learner's tools, the
 * culprit switched off), its sandbox a new one, and the transcript says so.
 */
import type { LearnerToolEntry, SessionEvent, SessionEventBody, ToolState } from "@agent/events";
import type { SessionStores } from "@state/session-stores";
import type { Timers } from "../page-session";
import type { SessionHost } from "../worker-client";

export const PING_EVERY_MS = 250;
/** Long enough for a slow machine's garbage collection or a big grep; short enough to feel like a stop. */
export const STUCK_AFTER_MS = 3000;

export interface WatchdogDeps {
  host: Pick<SessionHost, "ping" | "restart" | "lastSnapshot" | "onEvent">;
  stores: SessionStores;
  timers: Timers;
  now: () => number;
  emit(body: SessionEventBody): void;
  notice(text: string): void;
  stuckAfterMs?: number;
}

/** The tool name a file registers, read from its text (the file has not run when this is needed). */
export function guessToolName(source: string): string {
  return /\bname\s*:\s*["'`]([A-Za-z0-9_-]+)["'`]/.exec(source)?.[1] ?? "unnamed";
}

export function createWatchdog(deps: WatchdogDeps) {
  const { host, stores, timers } = deps;
  const stuckAfter = deps.stuckAfterMs ?? STUCK_AFTER_MS;
  /** learner calls running now: toolCallId → tool name */
  const running = new Map<string, string>();
  /** files sent to register_tool and not yet answered, oldest first */
  const registering: string[] = [];
  let lastSeq = 0;
  let waitingSince: number | null = null;
  let ticking = false;

  const learnerNames = () =>
    new Set(
      stores.dispatch
        .getSnapshot()
        .tools.filter((t) => t.origin === "learner")
        .map((t) => t.name),
    );

  host.onEvent((e: SessionEvent) => {
    lastSeq = e.seq;
    if (e.type === "tool_execution_start" && learnerNames().has(e.toolName)) {
      running.set(e.toolCallId, e.toolName);
      arm();
    } else if (e.type === "tool_execution_end") running.delete(e.toolCallId);
    else if (e.type === "learner_tool_registered" || e.type === "learner_tool_rejected") registering.shift();
  });

  const armed = () => {
    // A call the page no longer counts as running (an Esc replaced the worker) needs no watching.
    const live = new Set(stores.status.getSnapshot().runningCalls);
    for (const id of running.keys()) if (!live.has(id)) running.delete(id);
    return running.size > 0 || registering.length > 0;
  };

  function arm() {
    if (ticking) return;
    ticking = true;
    timers.setTimeout(tick, 0);
  }

  function tick() {
    if (!armed()) {
      ticking = false;
      waitingSince = null;
      return;
    }
    const now = deps.now();
    if (waitingSince === null) {
      const sent = now;
      waitingSince = sent;
      void host.ping().then(() => {
        if (waitingSince === sent) waitingSince = null;
      });
    } else if (now - waitingSince >= stuckAfter) {
      ticking = false;
      waitingSince = null;
      stuck();
      return;
    }
    timers.setTimeout(tick, PING_EVERY_MS);
  }

  function stuck() {
    const callIds = [...running.keys()];
    const culprits = new Set([...running.values(), ...registering.map(guessToolName)]);
    const snapshot = host.lastSnapshot();
    const blocked = (t: LearnerToolEntry): LearnerToolEntry =>
      culprits.has(t.name) ? { ...t, enabled: false, disabledReason: "blocked" } : t;
    const learnerTools = (snapshot?.learnerTools ?? []).map(blocked);
    for (const source of registering) {
      const name = guessToolName(source);
      if (!learnerTools.some((t) => t.name === name))
        learnerTools.push({ name, source, enabled: false, disabledReason: "blocked" });
    }
    const tools: Record<string, ToolState> = Object.fromEntries(
      stores.dispatch.getSnapshot().tools.map((t) => [t.name, t.state]),
    );
    running.clear();
    registering.length = 0;
    host.restart({
      type: "init",
      ...(snapshot ? { files: snapshot.files } : {}),
      tools,
      seqFrom: lastSeq,
      learnerTools,
    });
    const names = [...culprits].join(", ");
    const reason = `your tool ${names} held the session for ${stuckAfter / 1000} s without yielding`;
    deps.emit({ type: "worker_replaced", reason, toolCallIds: callIds });
    deps.notice(
      `Your tool ${names} ran for ${stuckAfter / 1000} s without giving the session a turn (an endless loop?), so the ` +
        "page ended the session worker, as it ends a bash command that ignores Esc, and started a new one. The " +
        `workspace was restored ${snapshot ? `from the last snapshot (taken after ${snapshot.reason})` : "from the preset"}, ` +
        `and ${names} is kept in the tool editor, switched off: fix it and register it again. pi itself has no such ` +
        "guard: there the agent would hang.",
    );
  }

  return {
    /** the page sent this file to register_tool: watch until the session answers */
    registering(source: string) {
      registering.push(source);
      arm();
    },
  };
}

export type Watchdog = ReturnType<typeof createWatchdog>;
