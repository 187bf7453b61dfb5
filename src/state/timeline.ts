import type { SessionEvent } from "@agent/events";

export type StageName =
  | "prepare"
  | "validate"
  | "rejected"
  | "wait"
  | "before"
  | "execute"
  | "after"
  | "queue";

/** One bar in a lane; times are event timestamps (ms since the epoch). */
export interface StageBar {
  stage: StageName;
  start: number;
  /** null while still running */
  end: number | null;
  /** what the hover says beyond the duration */
  note?: string;
}

export interface Lane {
  toolCallId: string;
  toolName: string;
  /** lanes started by one assistant message share a batch */
  batch: number;
  mode: "parallel" | "sequential" | null;
  start: number;
  end: number | null;
  status: "running" | "done" | "error";
  bars: readonly StageBar[];
}

export interface TimelineSnapshot {
  lanes: readonly Lane[];
  /** toolCallId → index in lanes */
  index: Readonly<Record<string, number>>;
  batches: number;
  /** the current batch's ids, to attribute lanes that start after batch_start */
  batchIds: readonly string[];
}

export const EMPTY_TIMELINE: TimelineSnapshot = { lanes: [], index: {}, batches: 0, batchIds: [] };

function patchLane(state: TimelineSnapshot, id: string | undefined, fn: (lane: Lane) => Lane) {
  if (id === undefined) return state;
  const i = state.index[id];
  if (i === undefined) return state;
  const lanes = [...state.lanes];
  lanes[i] = fn(lanes[i]);
  return { ...state, lanes };
}

const bar = (stage: StageName, end: number, ms: number, note?: string): StageBar => ({
  stage,
  start: end - ms,
  end,
  note,
});

/** One lane per tool call, with bars for the pipeline stages and the mutation-queue waits. */
export function reduceTimeline(state: TimelineSnapshot, event: SessionEvent): TimelineSnapshot {
  switch (event.type) {
    case "batch_start":
      return { ...state, batches: state.batches + 1, batchIds: event.toolCallIds };
    case "tool_execution_start": {
      if (state.index[event.toolCallId] !== undefined) return state;
      const inBatch = state.batchIds.includes(event.toolCallId);
      const lane: Lane = {
        toolCallId: event.toolCallId,
        toolName: event.toolName,
        batch: inBatch ? state.batches : state.batches + 1,
        mode: null,
        start: event.ts,
        end: null,
        status: "running",
        bars: [],
      };
      return {
        ...state,
        batches: inBatch ? state.batches : state.batches + 1,
        lanes: [...state.lanes, lane],
        index: { ...state.index, [event.toolCallId]: state.lanes.length },
      };
    }
    case "call_prepared":
      return patchLane(state, event.toolCallId, (l) => ({
        ...l,
        bars: [
          ...l.bars,
          bar("prepare", event.ts, event.durationMs, event.changed ? "arguments rewritten" : undefined),
        ],
      }));
    case "call_validated":
      return patchLane(state, event.toolCallId, (l) => ({
        ...l,
        bars: [
          ...l.bars,
          bar("validate", event.ts, event.durationMs, event.coerced ? "arguments coerced" : undefined),
        ],
      }));
    case "call_rejected":
    case "call_blocked":
      return patchLane(state, event.toolCallId, (l) => ({
        ...l,
        bars: [
          ...l.bars,
          bar(
            "rejected",
            event.ts,
            event.durationMs,
            event.type === "call_rejected" ? `at ${event.stage}` : "blocked",
          ),
        ],
      }));
    case "call_executing":
      return patchLane(state, event.toolCallId, (l) => {
        const bars = [...l.bars];
        const hook = event.beforeHookMs ?? 0;
        if (event.waitedMs > 0)
          bars.push(bar("wait", event.ts - hook, event.waitedMs, "waiting for the batch"));
        if (event.beforeHookMs !== null) bars.push(bar("before", event.ts, hook));
        bars.push({ stage: "execute", start: event.ts, end: null });
        return { ...l, mode: event.mode, bars };
      });
    case "call_done":
      return patchLane(state, event.toolCallId, (l) => {
        const after = event.afterHookMs ?? 0;
        const bars = l.bars.map((b) =>
          b.stage === "execute" && b.end === null
            ? { ...b, end: b.start + event.executeMs, note: event.threw ? "threw" : undefined }
            : b,
        );
        if (event.afterHookMs !== null) bars.push(bar("after", event.ts, after));
        return { ...l, bars };
      });
    case "queue_wait":
      return patchLane(state, event.toolCallId, (l) => ({
        ...l,
        bars: [
          ...l.bars,
          { stage: "queue", start: event.ts, end: null, note: `${event.path} (${event.ahead} ahead)` },
        ],
      }));
    case "queue_acquire":
      return patchLane(state, event.toolCallId, (l) => {
        const open = l.bars.findIndex((b) => b.stage === "queue" && b.end === null);
        if (open < 0) {
          if (event.waitedMs <= 0) return l;
          return { ...l, bars: [...l.bars, bar("queue", event.ts, event.waitedMs, event.path)] };
        }
        const bars = [...l.bars];
        bars[open] = { ...bars[open], end: event.ts };
        return { ...l, bars };
      });
    case "tool_execution_end":
      return patchLane(state, event.toolCallId, (l) => ({
        ...l,
        end: event.ts,
        status: event.isError ? "error" : "done",
        // anything still open (an aborted execute) ends here
        bars: l.bars.map((b) => (b.end === null ? { ...b, end: event.ts } : b)),
      }));
    default:
      return state;
  }
}

/** The extent of all lanes, for a shared time axis; `now` closes running lanes. */
export function timelineExtent(lanes: readonly Lane[], now: number): { start: number; end: number } {
  if (lanes.length === 0) return { start: now, end: now + 1 };
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const l of lanes) {
    start = Math.min(start, l.start, ...l.bars.map((b) => b.start));
    end = Math.max(end, l.end ?? now, ...l.bars.map((b) => b.end ?? now));
  }
  return { start, end: Math.max(end, start + 1) };
}
