import type { SessionEvent, SessionEventBody } from "@agent/events";
import { describe, expect, it } from "vitest";
import { createSessionStores } from "./session-stores";
import { createFrameScheduler } from "./store";
import type { TimelineSnapshot } from "./timeline";

let seq = 0;
const ev = (body: SessionEventBody): SessionEvent =>
  ({ ...body, seq: ++seq, ts: 1000 + seq }) as SessionEvent;

/** `n` calls of read, each with its stages and result, as the session emits them. */
function calls(n: number, from = 0): SessionEvent[] {
  const out: SessionEvent[] = [];
  for (let i = from; i < from + n; i++) {
    const id = `c${i}`;
    const message = {
      role: "assistant" as const,
      content: [{ type: "toolCall" as const, id, name: "read", arguments: { path: "a" } }],
      stopReason: "toolUse",
    };
    out.push(
      ev({ type: "message_start", message } as unknown as SessionEventBody),
      ev({ type: "message_end", message } as unknown as SessionEventBody),
      ev({ type: "batch_start", toolCallIds: [id], mode: "parallel", reason: "default" }),
      ev({ type: "tool_execution_start", toolCallId: id, toolName: "read", args: {} }),
      ev({
        type: "call_validated",
        toolCallId: id,
        toolName: "read",
        args: {},
        coerced: false,
        durationMs: 1,
      }),
      ev({
        type: "call_executing",
        toolCallId: id,
        toolName: "read",
        args: {},
        mode: "parallel",
        beforeHookMs: null,
        waitedMs: 0,
      }),
      ev({
        type: "call_done",
        toolCallId: id,
        toolName: "read",
        isError: false,
        threw: false,
        terminate: false,
        overridden: [],
        executeMs: 1,
        afterHookMs: null,
        totalMs: 2,
      }),
      ev({
        type: "tool_execution_end",
        toolCallId: id,
        toolName: "read",
        result: { content: [], details: {} },
        isError: i % 3 === 0,
      }),
    );
  }
  return out;
}

const folds = ["transcript", "dispatch", "timeline", "status"] as const;

describe("folds write in place only into what no reader has seen", () => {
  it("a batch folded between two reads gives the same snapshots as reading after every event", () => {
    seq = 0;
    const list = calls(40);
    const eager = createSessionStores();
    for (const e of list) {
      eager.ingest(e);
      for (const k of folds) eager[k].getSnapshot();
    }
    const batched = createSessionStores();
    for (const e of list) batched.ingest(e);
    for (const k of folds) expect(batched[k].getSnapshot()).toEqual(eager[k].getSnapshot());
    expect(batched.timeline.getSnapshot().lanes).toHaveLength(40);
    expect(batched.dispatch.getSnapshot().stats.read).toMatchObject({ calls: 40, errors: 14, running: 0 });
  });

  it("never changes a snapshot (or any part of it) after handing it out", () => {
    seq = 0;
    const stores = createSessionStores();
    stores.replay(calls(5));
    const before = folds.map((k) => stores[k].getSnapshot());
    const copies = before.map((s) => structuredClone(s));
    stores.replay(calls(5, 5));
    folds.forEach((k, i) => {
      expect(before[i]).toEqual(copies[i]);
      expect(stores[k].getSnapshot()).not.toBe(before[i]);
    });
    // Shared parts that did not change stay shared (one copy per batch, not a deep copy).
    const oldTimeline = before[2] as TimelineSnapshot;
    expect(stores.timeline.getSnapshot().lanes[0]).toBe(oldTimeline.lanes[0]);
  });

  it("notifies for an event that changed the state in place, and not for one it ignores", () => {
    seq = 0;
    const stores = createSessionStores();
    let n = 0;
    stores.timeline.subscribe(() => n++);
    const [a, b, c, d] = calls(1).slice(2, 6);
    stores.ingest(a); // batch_start: a new snapshot
    stores.ingest(d); // call_executing for a call with no lane yet: ignored
    expect(n).toBe(1);
    stores.ingest(b); // tool_execution_start: the state from batch_start is unread, so written in place
    stores.ingest(c);
    expect(n).toBe(3);
  });
});

describe("createFrameScheduler", () => {
  it("runs every store's flush in one frame callback", () => {
    const frames: (() => void)[] = [];
    const schedule = createFrameScheduler((run) => frames.push(run));
    const stores = createSessionStores({ schedule });
    let renders = 0;
    for (const k of folds) stores[k].subscribe(() => renders++);
    stores.events.subscribe(() => renders++);
    seq = 0;
    stores.replay(calls(3));
    expect(frames).toHaveLength(1);
    frames[0]();
    expect(renders).toBe(folds.length + 1);
    stores.replay(calls(1, 3));
    expect(frames).toHaveLength(2);
  });
});

describe("heavy stores take turns", () => {
  it("flushes one heavy store per frame while several have changes, the light ones every frame", () => {
    const frames: (() => void)[] = [];
    const schedule = createFrameScheduler((run) => frames.push(run));
    const stores = createSessionStores({ schedule, heavy: () => schedule.heavy() });
    const seen: string[][] = [];
    let frame: string[] = [];
    for (const k of ["events", "transcript", "timeline", "dispatch"] as const)
      stores[k].subscribe(() => frame.push(k));
    seq = 0;
    stores.replay(calls(2));
    while (frames.length > 0) {
      frame = [];
      (frames.shift() as () => void)();
      seen.push(frame);
    }
    expect(seen).toEqual([["dispatch", "events"], ["transcript"], ["timeline"]]);
  });
});

describe("a gap between heavy flushes", () => {
  /** Two calls replayed at time 0, then frames every 16 ms: when each store notified, as "<ms>:<store>". */
  function flushTimes(calmMs: number): string[] {
    const frames: (() => void)[] = [];
    let clock = 0;
    const schedule = createFrameScheduler((run) => frames.push(run), {
      heavyGapMs: 50,
      calmMs,
      now: () => clock,
    });
    const stores = createSessionStores({ schedule, heavy: () => schedule.heavy() });
    const seen: string[] = [];
    for (const k of ["events", "transcript", "timeline", "dispatch"] as const)
      stores[k].subscribe(() => seen.push(`${clock}:${k}`));
    seq = 0;
    schedule.activity();
    stores.replay(calls(2));
    while (frames.length > 0 && clock < 500) {
      (frames.shift() as () => void)();
      clock += 16;
    }
    return seen;
  }

  it("holds a heavy flush until the gap has passed, light ones still every frame", () => {
    // Busy throughout (calm only after a second): the first heavy flush at once, the next ones 50 ms apart.
    expect(flushTimes(1000)).toEqual(["0:dispatch", "0:events", "64:transcript", "128:timeline"]);
  });

  it("drops the gap once events stop arriving: the heavy stores catch up one per frame", () => {
    // 0: the first at once; 16: still busy (16 < 20 since the last event), so the gap holds; from 32 on,
    // calm: one per frame.
    expect(flushTimes(20)).toEqual(["0:dispatch", "0:events", "32:transcript", "48:timeline"]);
  });
});

describe("heavy stores publish at their turn", () => {
  it("hand readers the state of the last flush until the next one, and never change what they handed out", () => {
    const frames: (() => void)[] = [];
    const schedule = createFrameScheduler((run) => frames.push(run));
    const stores = createSessionStores({ schedule, heavy: () => schedule.heavy() });
    seq = 0;
    stores.replay(calls(1));
    expect(stores.timeline.getSnapshot().lanes).toHaveLength(0); // nothing flushed yet
    expect(stores.events.getSnapshot().events).toHaveLength(0);
    expect(stores.events.latest().events.length).toBeGreaterThan(0); // the export's view is always current
    while (frames.length > 0) (frames.shift() as () => void)();
    const first = stores.timeline.getSnapshot();
    const lanes = first.lanes.map((l) => ({ ...l }));
    expect(lanes).toHaveLength(1);
    stores.replay(calls(2, 1));
    expect(stores.timeline.getSnapshot()).toBe(first); // a re-render before the turn draws the same
    expect(first.lanes.map((l) => ({ ...l }))).toEqual(lanes);
    while (frames.length > 0) (frames.shift() as () => void)();
    expect(stores.timeline.getSnapshot().lanes).toHaveLength(3);
  });
});
