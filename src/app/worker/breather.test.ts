import { describe, expect, it } from "vitest";
import { createBreather } from "./breather";

/** Runs `breathe` at the given clock readings; says, for each, whether it let a task go by. */
async function waits(times: number[]): Promise<boolean[]> {
  let i = 0;
  const breathe = createBreather(() => times[Math.min(i, times.length - 1)]);
  const out: boolean[] = [];
  for (; i < times.length; ) {
    let settled = false;
    const done = breathe().then(() => {
      settled = true;
    });
    // A breath that returns at once settles within a few microtasks; one that breaks waits for a task.
    for (let tick = 0; tick < 5; tick++) await Promise.resolve();
    const yielded = !settled;
    await done;
    out.push(yielded);
    i++;
  }
  return out;
}

describe("createBreather", () => {
  it("lets calls that fit in a slice run without a break", async () => {
    expect(await waits([0, 0.5, 1, 1.5, 2])).toEqual([false, false, false, false, false]);
  });

  it("breaks once calls have followed each other without a gap for 30 ms", async () => {
    const dense = Array.from({ length: 80 }, (_, k) => k * 0.5);
    const breaks = await waits(dense);
    expect(breaks.slice(0, 60).every((b) => !b)).toBe(true);
    expect(breaks[60]).toBe(true);
  });

  it("starts a new slice after a gap, so spread-out calls never wait", async () => {
    expect(await waits([0, 20, 40, 60, 80])).toEqual([false, false, false, false, false]);
  });
});
