import { describe, expect, it } from "vitest";
import { createSaveScheduler } from "./save-scheduler";

/** Timers a test moves by hand. */
function fakeTimers() {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    setTimeout(run: () => void, ms: number) {
      due.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout(handle: unknown) {
      due.delete(handle as number);
    },
    now: () => now,
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const [id, first] = [...due].sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (!first || first.at > end) break;
        due.delete(id as number);
        now = first.at;
        first.run();
        await Promise.resolve();
        await Promise.resolve();
      }
      now = end;
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

function recorder() {
  const saves: number[] = [];
  let release: (() => void) | undefined;
  let manual = false;
  return {
    saves,
    manual() {
      manual = true;
    },
    release() {
      release?.();
    },
    save: (timers: { now(): number }) => () => {
      saves.push(timers.now());
      if (!manual) return Promise.resolve();
      return new Promise<void>((resolve) => {
        release = resolve;
      });
    },
  };
}

describe("save scheduler", () => {
  it("saves once, a delay after the last of a burst of changes", async () => {
    const timers = fakeTimers();
    const r = recorder();
    const s = createSaveScheduler(r.save(timers), timers, { delayMs: 500, maxWaitMs: 3000 });
    s.changed();
    await timers.advance(200);
    s.changed();
    await timers.advance(200);
    s.changed();
    await timers.advance(499);
    expect(r.saves).toEqual([]);
    await timers.advance(1);
    expect(r.saves).toEqual([900]);
    await timers.advance(5000);
    expect(r.saves).toEqual([900]);
  });

  it("saves no later than the longest wait after the first change, however long the changes go on", async () => {
    const timers = fakeTimers();
    const r = recorder();
    const s = createSaveScheduler(r.save(timers), timers, { delayMs: 500, maxWaitMs: 3000 });
    for (let t = 0; t < 4000; t += 100) {
      s.changed();
      await timers.advance(100);
    }
    expect(r.saves[0]).toBe(3000);
  });

  it("never runs two saves at once: a change during a save is saved after it", async () => {
    const timers = fakeTimers();
    const r = recorder();
    r.manual();
    const s = createSaveScheduler(r.save(timers), timers, { delayMs: 500, maxWaitMs: 3000 });
    s.changed();
    await timers.advance(500);
    expect(r.saves).toEqual([500]);
    s.changed();
    await timers.advance(2000);
    expect(r.saves).toEqual([500]);
    r.release();
    await timers.advance(0);
    await timers.advance(500);
    expect(r.saves).toEqual([500, 3000]);
  });

  it("flush saves at once what waits, and does nothing when nothing waits", async () => {
    const timers = fakeTimers();
    const r = recorder();
    const s = createSaveScheduler(r.save(timers), timers);
    await s.flush();
    expect(r.saves).toEqual([]);
    s.changed();
    await timers.advance(10);
    await s.flush();
    expect(r.saves).toEqual([10]);
    expect(s.pending).toBe(false);
  });

  it("after hold, changes are not saved", async () => {
    const timers = fakeTimers();
    const r = recorder();
    const s = createSaveScheduler(r.save(timers), timers);
    s.changed();
    s.hold();
    s.changed();
    await timers.advance(10_000);
    await s.flush();
    expect(r.saves).toEqual([]);
  });

  it("a failed save does not stop the next one", async () => {
    const timers = fakeTimers();
    let calls = 0;
    const s = createSaveScheduler(
      () => {
        calls++;
        return calls === 1 ? Promise.reject(new Error("full")) : Promise.resolve();
      },
      timers,
      { delayMs: 100 },
    );
    s.changed();
    await timers.advance(100);
    s.changed();
    await timers.advance(100);
    expect(calls).toBe(2);
  });
});
