import type { SessionEvent } from "@agent/events";
import { createDraft, type Draft, type Mutable } from "./fold-store";

export type StageName =
  | "prepare"
  | "validate"
  | "rejected"
  | "wait"
  | "before"
  | "execute"
  | "after"
  | "queue"
  /** held at a breakpoint of the pipeline debugger (the playground's, not pi's) */
  | "paused";

/** One bar in a lane; times are event timestamps (ms since the epoch). */
export interface StageBar {
  stage: StageName;
  start: number;
  /** null while still running */
  end: number | null;
  /** what the hover says beyond the duration: a code and its values, which the page words */
  note?: BarNote;
}

export type BarNote =
  | { code: "batch" }
  | { code: "rewritten" }
  | { code: "coerced" }
  | { code: "blocked" }
  | { code: "rejectedAt"; stage: string }
  | { code: "path"; path: string }
  | { code: "threw" }
  | { code: "workerEnded" }
  | { code: "queue"; path: string; ahead: number };

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
  /** how many of the oldest lanes were let go to stay within TIMELINE_CAPACITY */
  dropped: number;
}

export const EMPTY_TIMELINE: TimelineSnapshot = {
  lanes: [],
  index: {},
  batches: 0,
  batchIds: [],
  dropped: 0,
};

/** The timeline keeps the newest lanes only (a long session's page stays within a fixed memory), in chunks. */
export const TIMELINE_CAPACITY = 1_000;
const TRIM_CHUNK = 250;

/** Lets go of the oldest lanes and their index entries. */
function trim(state: TimelineSnapshot, draft: Draft): TimelineSnapshot {
  const cut = state.lanes.length - TIMELINE_CAPACITY;
  const lanes = state.lanes.slice(cut);
  const index: Record<string, number> = {};
  lanes.forEach((l, i) => {
    index[l.toolCallId] = i;
  });
  const next = draft.own(state);
  next.lanes = lanes;
  next.index = index;
  next.dropped = state.dropped + cut;
  return next;
}

/** Writes into lane `id` (and its bars) through the draft; a call without a lane is left alone. */
function patchLane(
  state: TimelineSnapshot,
  draft: Draft,
  id: string | undefined,
  fn: (lane: Mutable<Lane>, bars: () => StageBar[]) => void,
): TimelineSnapshot {
  if (id === undefined) return state;
  const i = state.index[id];
  if (i === undefined) return state;
  const next = draft.own(state);
  const lanes = draft.own(state.lanes);
  next.lanes = lanes;
  const lane = draft.own(lanes[i]);
  lanes[i] = lane;
  fn(lane, () => {
    const bars = draft.own(lane.bars);
    lane.bars = bars;
    return bars;
  });
  return next;
}

const bar = (stage: StageName, end: number, ms: number, note?: BarNote): StageBar => ({
  stage,
  start: end - ms,
  end,
  note,
});

/**
 * One lane per tool call, with bars for the pipeline stages and the mutation-queue waits. Writes go through
 * `draft` (copy on first write; see fold-store.ts); with two arguments it is a plain pure reducer.
 */
export function reduceTimeline(
  state: TimelineSnapshot,
  event: SessionEvent,
  draft: Draft = createDraft(),
): TimelineSnapshot {
  switch (event.type) {
    case "batch_start":
      return { ...state, batches: state.batches + 1, batchIds: event.toolCallIds };
    case "tool_execution_start": {
      if (state.index[event.toolCallId] !== undefined) return state;
      const inBatch = state.batchIds.includes(event.toolCallId);
      const batches = inBatch ? state.batches : state.batches + 1;
      const next = draft.own(state);
      const lanes = draft.own(state.lanes);
      const index = draft.own(state.index);
      index[event.toolCallId] = lanes.length;
      lanes.push({
        toolCallId: event.toolCallId,
        toolName: event.toolName,
        batch: batches,
        mode: null,
        start: event.ts,
        end: null,
        status: "running",
        bars: [],
      });
      next.lanes = lanes;
      next.index = index;
      next.batches = batches;
      return lanes.length > TIMELINE_CAPACITY + TRIM_CHUNK ? trim(next, draft) : next;
    }
    case "call_prepared":
      return patchLane(state, draft, event.toolCallId, (_, bars) => {
        bars().push(
          bar("prepare", event.ts, event.durationMs, event.changed ? { code: "rewritten" } : undefined),
        );
      });
    case "call_validated":
      return patchLane(state, draft, event.toolCallId, (_, bars) => {
        bars().push(
          bar("validate", event.ts, event.durationMs, event.coerced ? { code: "coerced" } : undefined),
        );
      });
    case "call_rejected":
    case "call_blocked":
      return patchLane(state, draft, event.toolCallId, (_, bars) => {
        bars().push(
          bar(
            "rejected",
            event.ts,
            event.durationMs,
            event.type === "call_rejected" ? { code: "rejectedAt", stage: event.stage } : { code: "blocked" },
          ),
        );
      });
    case "call_executing":
      return patchLane(state, draft, event.toolCallId, (lane, bars) => {
        const list = bars();
        const hook = event.beforeHookMs ?? 0;
        if (event.waitedMs > 0) list.push(bar("wait", event.ts - hook, event.waitedMs, { code: "batch" }));
        if (event.beforeHookMs !== null) list.push(bar("before", event.ts, hook));
        list.push({ stage: "execute", start: event.ts, end: null });
        lane.mode = event.mode;
      });
    case "call_done":
      return patchLane(state, draft, event.toolCallId, (_, bars) => {
        const list = bars();
        for (let i = 0; i < list.length; i++) {
          const b = list[i];
          if (b.stage === "execute" && b.end === null)
            list[i] = {
              ...b,
              end: b.start + event.executeMs,
              note: event.threw ? { code: "threw" } : undefined,
            };
        }
        if (event.afterHookMs !== null) list.push(bar("after", event.ts, event.afterHookMs));
      });
    case "call_paused":
      return patchLane(state, draft, event.toolCallId, (_, bars) => {
        bars().push({ stage: "paused", start: event.ts, end: null });
      });
    case "call_resumed":
      return patchLane(state, draft, event.toolCallId, (_, bars) => {
        const list = bars();
        const open = list.findLastIndex((b) => b.stage === "paused" && b.end === null);
        if (open >= 0) list[open] = { ...(list[open] as StageBar), end: event.ts };
      });
    case "queue_wait":
      return patchLane(state, draft, event.toolCallId, (_, bars) => {
        bars().push({
          stage: "queue",
          start: event.ts,
          end: null,
          note: { code: "queue", path: event.path, ahead: event.ahead },
        });
      });
    case "queue_acquire": {
      const i = event.toolCallId === undefined ? undefined : state.index[event.toolCallId];
      if (i === undefined) return state;
      const open = state.lanes[i].bars.findIndex((b) => b.stage === "queue" && b.end === null);
      if (open < 0 && event.waitedMs <= 0) return state;
      return patchLane(state, draft, event.toolCallId, (_, bars) => {
        const list = bars();
        if (open < 0) list.push(bar("queue", event.ts, event.waitedMs, { code: "path", path: event.path }));
        else list[open] = { ...list[open], end: event.ts };
      });
    }
    case "tool_execution_end":
      return patchLane(state, draft, event.toolCallId, (lane, bars) => {
        lane.end = event.ts;
        lane.status = event.isError ? "error" : "done";
        // anything still open (an aborted execute) ends here
        if (!lane.bars.some((b) => b.end === null)) return;
        const list = bars();
        for (let i = 0; i < list.length; i++)
          if (list[i].end === null) list[i] = { ...list[i], end: event.ts };
      });
    case "session_cleared":
      // Batch numbers go on counting, so lanes drawn after the clear never share a key with earlier ones.
      return { ...EMPTY_TIMELINE, batches: state.batches };
    case "worker_replaced": {
      // Its calls can never end: close them, and their open stages, as failed at the moment it was replaced.
      const stuck = new Set(event.toolCallIds);
      if (!state.lanes.some((l) => l.status === "running" || stuck.has(l.toolCallId))) return state;
      const next = draft.own(state);
      next.lanes = state.lanes.map((l) =>
        l.status === "running" || stuck.has(l.toolCallId)
          ? {
              ...l,
              status: "error" as const,
              end: l.end ?? event.ts,
              bars: l.bars.map((b) =>
                b.end === null ? { ...b, end: event.ts, note: { code: "workerEnded" } } : b,
              ),
            }
          : l,
      );
      return next;
    }
    default:
      return state;
  }
}

/** The extent of all lanes, for a shared time axis; `now` closes running lanes. */
/**
 * Where a lane begins and ends: its call's events, widened to its bars. Event times are whole milliseconds,
 * while a stage's bar is drawn from its measured duration, so a fast call's bars can reach past its events'
 * times; the lane's printed duration must match what its bars show.
 */
export function laneExtent(lane: Lane, now: number): { start: number; end: number } {
  let start = lane.start;
  let end = lane.end ?? now;
  for (const b of lane.bars) {
    start = Math.min(start, b.start);
    end = Math.max(end, b.end ?? now);
  }
  return { start, end };
}

/**
 * The time a batch of lanes spans: `elapsed` is what to print, `end` what to draw against (at least 1 ms after
 * `start`, so bars of a batch that took no measurable time still have a width to be placed in).
 */
export function timelineExtent(
  lanes: readonly Lane[],
  now: number,
): { start: number; end: number; elapsed: number } {
  if (lanes.length === 0) return { start: now, end: now + 1, elapsed: 0 };
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const l of lanes) {
    const extent = laneExtent(l, now);
    start = Math.min(start, extent.start);
    end = Math.max(end, extent.end);
  }
  return { start, end: Math.max(end, start + 1), elapsed: end - start };
}
