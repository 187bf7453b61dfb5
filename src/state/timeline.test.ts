import { describe, expect, it } from "vitest";
import { startAndEnd } from "./session-events.fixture";
import {
  EMPTY_TIMELINE,
  type Lane,
  laneExtent,
  reduceTimeline,
  TIMELINE_CAPACITY,
  type TimelineSnapshot,
  timelineExtent,
} from "./timeline";

describe("a long session's timeline", () => {
  it("keeps the newest lanes within capacity, counts the rest, and still finds each kept lane", () => {
    let state: TimelineSnapshot = EMPTY_TIMELINE;
    const total = TIMELINE_CAPACITY * 3;
    for (let i = 0; i < total; i++) {
      for (const event of startAndEnd(`c${i}`)) state = reduceTimeline(state, event);
    }
    expect(state.lanes.length).toBeLessThanOrEqual(TIMELINE_CAPACITY * 1.25);
    expect(state.lanes.length + state.dropped).toBe(total);
    expect(state.index.c0).toBeUndefined();
    const last = `c${total - 1}`;
    expect(state.lanes[state.index[last]]).toMatchObject({ toolCallId: last, status: "done" });
    expect(Object.keys(state.index)).toHaveLength(state.lanes.length);
  });
});

describe("what a lane and a batch print", () => {
  const lane = (start: number, end: number | null, bars: [number, number | null][]): Lane => ({
    toolCallId: "c",
    toolName: "read",
    batch: 1,
    mode: "parallel",
    status: end === null ? "running" : "done",
    start,
    end,
    bars: bars.map(([s, e]) => ({ stage: "execute", start: s, end: e })),
  });

  it("a fast call whose events share one millisecond prints the time its bars show, not 0", () => {
    // events at ts 1000 (whole ms); the execute bar measured 0.8 ms, drawn back from the end event
    const fast = lane(1000, 1000, [[999.2, 1000]]);
    expect(laneExtent(fast, 2000)).toEqual({ start: 999.2, end: 1000 });
    const { elapsed, end, start } = timelineExtent([fast], 2000);
    expect(elapsed).toBeCloseTo(0.8);
    expect(end - start).toBe(1); // drawn against at least 1 ms
  });

  it("a running lane reaches now", () => {
    expect(laneExtent(lane(1000, null, [[1000, null]]), 1500)).toEqual({ start: 1000, end: 1500 });
  });
});

describe("a call held at a breakpoint", () => {
  it("gets a paused bar from call_paused to call_resumed", () => {
    const at = (type: string, ts: number, more: object = {}) =>
      ({ type, toolCallId: "w", toolName: "write", seq: ts, ts, ...more }) as never;
    let state = reduceTimeline(EMPTY_TIMELINE, at("tool_execution_start", 1, { args: {} }));
    state = reduceTimeline(
      state,
      at("call_paused", 5, { stage: "before_execute", breakpoint: "b", args: {} }),
    );
    expect(state.lanes[0]?.bars).toEqual([{ stage: "paused", start: 5, end: null }]);
    state = reduceTimeline(
      state,
      at("call_resumed", 905, { stage: "before_execute", action: "continue", edited: false }),
    );
    expect(state.lanes[0]?.bars).toEqual([{ stage: "paused", start: 5, end: 905 }]);
  });
});
