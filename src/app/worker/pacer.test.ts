import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPacer } from "./pacer";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** whether the promise has settled, after pending microtasks ran */
async function settled(promise: Promise<void>) {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe("flow control between the worker and the page", () => {
  it("lets a step go at once when the page has everything", async () => {
    const pacer = createPacer();
    expect(await settled(pacer.caughtUp())).toBe(true);
    pacer.sent(5);
    pacer.acked(5);
    expect(await settled(pacer.caughtUp())).toBe(true);
  });

  it("holds a step until the page acknowledges the newest event sent", async () => {
    const pacer = createPacer();
    pacer.sent(10);
    const waiting = pacer.caughtUp();
    pacer.acked(9);
    expect(await settled(waiting)).toBe(false);
    pacer.acked(10);
    expect(await settled(waiting)).toBe(true);
  });

  it("never stalls: a page that does not answer costs a step the timeout", async () => {
    const pacer = createPacer(1000);
    pacer.sent(3);
    const waiting = pacer.caughtUp();
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it("lets an aborted run go on at once", async () => {
    const pacer = createPacer();
    pacer.sent(3);
    const stop = new AbortController();
    const waiting = pacer.caughtUp(stop.signal);
    stop.abort();
    expect(await settled(waiting)).toBe(true);
    expect(await settled(pacer.caughtUp(stop.signal))).toBe(true);
  });

  it("ignores an acknowledgement older than one already seen", async () => {
    const pacer = createPacer();
    pacer.sent(4);
    pacer.acked(4);
    pacer.acked(2);
    expect(await settled(pacer.caughtUp())).toBe(true);
  });
});
