import type { SessionEvent } from "@agent/events";
import { exportEvents } from "@agent/events";
import { parseEventLog } from "@agent/events.test-support";
import { describe, expect, it } from "vitest";
import { EMPTY_DISPATCH, reduceDispatch } from "./dispatch-table";
import { calls, ev, resetSeq } from "./session-events.fixture";
import { createSessionStores } from "./session-stores";
import { EMPTY_STATUS, reduceStatus } from "./status";
import { EMPTY_TIMELINE, reduceTimeline } from "./timeline";
import { EMPTY_TRANSCRIPT, reduceTranscript } from "./transcript";

const cleared = () => ev({ type: "session_cleared", reason: "the scenario started" });

describe("session_cleared", () => {
  it("empties the conversation, the timeline and the counters; the event log keeps everything", () => {
    resetSeq();
    const stores = createSessionStores();
    stores.replay([...calls(3), ev({ type: "notice", id: 1, text: "hello" })]);
    expect(stores.transcript.getSnapshot().entries.length).toBeGreaterThan(0);
    expect(stores.timeline.getSnapshot().lanes).toHaveLength(3);
    expect(stores.dispatch.getSnapshot().stats.read.calls).toBe(3);

    stores.ingest(cleared());
    expect(stores.transcript.getSnapshot().entries).toEqual([]);
    expect(stores.timeline.getSnapshot().lanes).toEqual([]);
    expect(stores.dispatch.getSnapshot().stats).toEqual({});
    expect(stores.status.getSnapshot().notices).toEqual([]);
    const logged = stores.events.latest().events;
    expect(logged[logged.length - 1].type).toBe("session_cleared");

    // The calls after it are counted from 0, and get lanes whose batches never reuse an earlier number.
    stores.replay(calls(1, 10));
    expect(stores.dispatch.getSnapshot().stats.read.calls).toBe(1);
    const lanes = stores.timeline.getSnapshot().lanes;
    expect(lanes.map((l) => [l.toolCallId, l.batch])).toEqual([["c10", 4]]);
  });

  it("an exported log with a clear in it replays to the same picture", () => {
    resetSeq();
    const live = createSessionStores();
    live.replay([...calls(2), cleared(), ...calls(1, 5)]);
    const replayed = createSessionStores();
    replayed.replay(parseEventLog(exportEvents(live.events.latest().events)));
    expect(replayed.transcript.getSnapshot()).toEqual(live.transcript.getSnapshot());
    expect(replayed.timeline.getSnapshot()).toEqual(live.timeline.getSnapshot());
    expect(replayed.dispatch.getSnapshot()).toEqual(live.dispatch.getSnapshot());
  });

  it("keeps a call that is still running, so its end still finds it", () => {
    resetSeq();
    const start = ev({ type: "tool_execution_start", toolCallId: "r1", toolName: "bash", args: {} });
    const end = ev({
      type: "tool_execution_end",
      toolCallId: "r1",
      toolName: "bash",
      result: { content: [], details: {} },
      isError: false,
    } as unknown as SessionEvent);
    const clear = cleared();
    let dispatch = [start, clear].reduce((s, e) => reduceDispatch(s, e), EMPTY_DISPATCH);
    expect(dispatch.stats.bash).toMatchObject({ calls: 1, running: 1, errors: 0 });
    dispatch = reduceDispatch(dispatch, end);
    expect(dispatch.stats.bash).toMatchObject({ calls: 1, running: 0 });

    const transcript = [start, clear].reduce((s, e) => reduceTranscript(s, e), EMPTY_TRANSCRIPT);
    expect(transcript.calls).toEqual({ r1: "running" });
    const status = [start, clear].reduce((s, e) => reduceStatus(s, e), EMPTY_STATUS);
    expect(status.runningCalls).toEqual(["r1"]);
    expect(reduceTimeline(EMPTY_TIMELINE, clear)).toEqual(EMPTY_TIMELINE);
  });
});
