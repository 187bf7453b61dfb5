import { describe, expect, it, vi } from "vitest";
import { calls, resetSeq } from "./session-events.fixture";
import { createSessionStores } from "./session-stores";
import { createFrameScheduler, createStore } from "./store";

describe("createStore", () => {
  it("keeps the same snapshot object until something changes", () => {
    const store = createStore({ n: 1 });
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    store.update((s) => ({ n: s.n + 1 }));
    expect(store.getSnapshot()).not.toBe(first);
    expect(store.getSnapshot().n).toBe(2);
  });

  it("batches notifications through the scheduler", () => {
    const queued: (() => void)[] = [];
    const store = createStore(0, (flush) => queued.push(flush));
    let calls = 0;
    store.subscribe(() => calls++);
    store.set(1);
    store.set(2);
    store.set(3);
    expect(queued).toHaveLength(1);
    queued[0]();
    expect(calls).toBe(1);
    expect(store.getSnapshot()).toBe(3);
  });
});

const folds = ["transcript", "dispatch", "timeline", "status"] as const;

describe("createFrameScheduler", () => {
  it("runs every store's flush in one frame callback", () => {
    const frames: (() => void)[] = [];
    const schedule = createFrameScheduler((run) => frames.push(run));
    const stores = createSessionStores({ schedule });
    let renders = 0;
    for (const k of folds) stores[k].subscribe(() => renders++);
    stores.events.subscribe(() => renders++);
    resetSeq();
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
    resetSeq();
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
    resetSeq();
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

describe("a listener that throws", () => {
  it("silences neither the other stores of its frame nor its store's other listeners", () => {
    vi.useFakeTimers();
    try {
      const frames: (() => void)[] = [];
      const schedule = createFrameScheduler((run) => frames.push(run));
      const broken = createStore(0, schedule);
      const other = createStore(0, schedule.heavy());
      const heard: string[] = [];
      broken.subscribe(() => {
        throw new Error("a broken panel");
      });
      broken.subscribe(() => heard.push("broken's second listener"));
      other.subscribe(() => heard.push(`other ${other.getSnapshot()}`));
      broken.set(1);
      other.set(1);
      frames.shift()?.();
      expect(heard).toEqual(["broken's second listener", "other 1"]);
      // The error still surfaces, as uncaught, after the frame's flushes.
      expect(() => vi.runAllTimers()).toThrow("a broken panel");
      // And the other store keeps notifying.
      other.set(2);
      frames.shift()?.();
      expect(heard.at(-1)).toBe("other 2");
    } finally {
      vi.useRealTimers();
    }
  });
});
