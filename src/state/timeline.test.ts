import { describe, expect, it } from "vitest";
import { startAndEnd } from "./session-events.fixture";
import { EMPTY_TIMELINE, reduceTimeline, TIMELINE_CAPACITY, type TimelineSnapshot } from "./timeline";

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
