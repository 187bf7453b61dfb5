import type { SessionEvent } from "@agent/events";
import { EMPTY_DISPATCH, reduceDispatch } from "./dispatch-table";
import { createEventLog } from "./event-log";
import { EMPTY_FILES, reduceFiles } from "./files";
import { createFoldStore } from "./fold-store";
import { EMPTY_PROMPT, reducePrompt } from "./prompt";
import { EMPTY_STATUS, reduceStatus } from "./status";
import { immediate, type Scheduler } from "./store";
import { EMPTY_TIMELINE, reduceTimeline } from "./timeline";
import { EMPTY_TRANSCRIPT, reduceTranscript } from "./transcript";

/**
 * Every store the page reads, fed by one event stream. Replaying an exported stream into a fresh set gives
 * the same picture, because each store is a pure fold over the events.
 */
export function createSessionStores(
  options: {
    capacity?: number;
    schedule?: Scheduler;
    /** a scheduler for a store whose panel is costly to redraw (the event log, transcript and timeline) */
    heavy?: () => Scheduler;
  } = {},
) {
  const schedule = options.schedule ?? immediate;
  const heavy = options.heavy ?? (() => schedule);
  // The heavy stores publish at their turn, so their panels never draw between turns (see FoldStoreOptions).
  const turns = { publishOnFlush: true };
  const events = createEventLog(options.capacity ?? 10_000, heavy(), turns);
  const transcript = createFoldStore(EMPTY_TRANSCRIPT, reduceTranscript, heavy(), turns);
  const dispatch = createFoldStore(EMPTY_DISPATCH, reduceDispatch, schedule);
  const timeline = createFoldStore(EMPTY_TIMELINE, reduceTimeline, heavy(), turns);
  const prompt = createFoldStore(EMPTY_PROMPT, reducePrompt, schedule);
  const files = createFoldStore(EMPTY_FILES, reduceFiles, schedule);
  const status = createFoldStore(EMPTY_STATUS, reduceStatus, schedule);
  const folds = [transcript, dispatch, timeline, prompt, files, status];
  let noticeId = 0;
  return {
    events,
    transcript,
    dispatch,
    timeline,
    prompt,
    files,
    status,
    ingest(event: SessionEvent) {
      events.append(event);
      for (const f of folds) f.ingest(event);
    },
    replay(list: readonly SessionEvent[]) {
      for (const e of list) this.ingest(e);
    },
    /** Starts over (a new worker): the folds forget everything; the event log keeps its history. */
    resetFolds() {
      for (const f of folds) f.reset();
    },
    /**
     * The worker that ran these calls is gone (the page terminated it): close them as failed at `now`, since
     * no tool_execution_end will ever come.
     */
    abandonRunning(now: number) {
      const running = new Set(status.getSnapshot().runningCalls);
      status.update((s) => ({ ...s, running: false, runningCalls: [] }));
      transcript.update((t) => {
        const calls = { ...t.calls };
        for (const id of Object.keys(calls)) if (calls[id] === "running") calls[id] = "error";
        return { ...t, calls, open: -1 };
      });
      timeline.update((t) => ({
        ...t,
        lanes: t.lanes.map((l) =>
          l.status === "running" || running.has(l.toolCallId)
            ? {
                ...l,
                status: "error" as const,
                end: l.end ?? now,
                bars: l.bars.map((b) => (b.end === null ? { ...b, end: now, note: "worker ended" } : b)),
              }
            : l,
        ),
      }));
      dispatch.update((d) => {
        const stats = { ...d.stats };
        for (const [name, st] of Object.entries(stats))
          if (st.running > 0) stats[name] = { ...st, running: 0, errors: st.errors + st.running };
        return { ...d, stats };
      });
    },
    /** Something the page did that the session could not announce (it was gone). */
    notice(text: string) {
      const id = ++noticeId;
      status.update((s) => ({ ...s, notices: [...s.notices, { id, text }] }));
      transcript.update((t) => ({
        ...t,
        entries: [...t.entries, { kind: "notice", key: `page${id}`, text, tone: "info" }],
      }));
    },
  };
}

export type SessionStores = ReturnType<typeof createSessionStores>;
