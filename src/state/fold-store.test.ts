import { describe, expect, it } from "vitest";
import { calls, resetSeq } from "./session-events.fixture";
import { createSessionStores } from "./session-stores";
import { createFrameScheduler } from "./store";
import type { TimelineSnapshot } from "./timeline";

const folds = ["transcript", "dispatch", "timeline", "status"] as const;

describe("folds write in place only into what no reader has seen", () => {
  it("a batch folded between two reads gives the same snapshots as reading after every event", () => {
    resetSeq();
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
    resetSeq();
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
    resetSeq();
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

describe("heavy stores publish at their turn", () => {
  it("hand readers the state of the last flush until the next one, and never change what they handed out", () => {
    const frames: (() => void)[] = [];
    const schedule = createFrameScheduler((run) => frames.push(run));
    const stores = createSessionStores({ schedule, heavy: () => schedule.heavy() });
    resetSeq();
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
