import { describe, expect, it } from "vitest";
import {
  BURST_ENTRIES,
  distanceFromEnd,
  EARLIER_PAGE,
  earlierPage,
  entryWindow,
  MAX_SHOWN,
  QUIET_AFTER_BURST_MS,
  REGROW_ENTRIES,
  REGROW_EVERY_MS,
  regrown,
  regrowPlan,
  rowWindow,
  SHOWN_IN_BURST,
  SHOWN_WHEN_CALM,
} from "./windowing";

describe("entryWindow (the transcript's drawn range)", () => {
  it("draws the newest SHOWN_WHEN_CALM entries while following, or all when there are fewer", () => {
    expect(entryWindow(30, null, SHOWN_WHEN_CALM, 1)).toEqual({ start: 0, end: 30 });
    expect(entryWindow(1000, null, SHOWN_WHEN_CALM, 1)).toEqual({ start: 900, end: 1000 });
  });

  it("draws only SHOWN_IN_BURST of the newest when a render brings more than BURST_ENTRIES", () => {
    expect(entryWindow(1000, null, SHOWN_WHEN_CALM, BURST_ENTRIES)).toEqual({ start: 900, end: 1000 });
    expect(entryWindow(1000, null, SHOWN_WHEN_CALM, BURST_ENTRIES + 1)).toEqual({
      start: 1000 - SHOWN_IN_BURST,
      end: 1000,
    });
  });

  it("draws the newest `limit` while the range grows back after a burst", () => {
    expect(entryWindow(1000, null, 28, 0)).toEqual({ start: 972, end: 1000 });
  });

  it("holds a pinned range where the reader left it, at most MAX_SHOWN long", () => {
    expect(entryWindow(1000, 100, SHOWN_WHEN_CALM, 50)).toEqual({ start: 100, end: 100 + MAX_SHOWN });
    expect(entryWindow(1000, 800, SHOWN_WHEN_CALM, 0)).toEqual({ start: 800, end: 1000 });
  });

  it("clamps a pinned start that the entries no longer reach (after a reset)", () => {
    expect(entryWindow(5, 40, SHOWN_WHEN_CALM, 0)).toEqual({ start: 5, end: 5 });
  });
});

describe("regrowPlan and regrown (the range after a burst)", () => {
  it("waits for nothing when the range is full and no burst came", () => {
    expect(regrowPlan(SHOWN_WHEN_CALM, 0)).toEqual({ limit: SHOWN_WHEN_CALM, waitMs: null });
    expect(regrowPlan(SHOWN_WHEN_CALM, BURST_ENTRIES)).toEqual({ limit: SHOWN_WHEN_CALM, waitMs: null });
  });

  it("shrinks to SHOWN_IN_BURST on a burst and waits for quiet before growing", () => {
    expect(regrowPlan(SHOWN_WHEN_CALM, BURST_ENTRIES + 1)).toEqual({
      limit: SHOWN_IN_BURST,
      waitMs: QUIET_AFTER_BURST_MS,
    });
    expect(regrowPlan(40, 500)).toEqual({ limit: SHOWN_IN_BURST, waitMs: QUIET_AFTER_BURST_MS });
  });

  it("still waits for quiet on the first step back, then steps quickly", () => {
    expect(regrowPlan(SHOWN_IN_BURST, 0)).toEqual({ limit: SHOWN_IN_BURST, waitMs: QUIET_AFTER_BURST_MS });
    expect(regrowPlan(SHOWN_IN_BURST + REGROW_ENTRIES, 2)).toEqual({
      limit: SHOWN_IN_BURST + REGROW_ENTRIES,
      waitMs: REGROW_EVERY_MS,
    });
  });

  it("grows by REGROW_ENTRIES up to SHOWN_WHEN_CALM and no further", () => {
    expect(regrown(SHOWN_IN_BURST)).toBe(SHOWN_IN_BURST + REGROW_ENTRIES);
    expect(regrown(SHOWN_WHEN_CALM - 1)).toBe(SHOWN_WHEN_CALM);
    let limit = SHOWN_IN_BURST;
    let steps = 0;
    while (regrowPlan(limit, 0).waitMs !== null) {
      limit = regrown(limit);
      steps++;
    }
    expect(limit).toBe(SHOWN_WHEN_CALM);
    expect(steps).toBe(Math.ceil((SHOWN_WHEN_CALM - SHOWN_IN_BURST) / REGROW_ENTRIES));
  });
});

describe("earlierPage", () => {
  it("moves the start back a page, or to the first entry when less is left", () => {
    expect(earlierPage(900)).toEqual({ first: 900 - EARLIER_PAGE, added: EARLIER_PAGE });
    expect(earlierPage(30)).toEqual({ first: 0, added: 30 });
  });
});

describe("rowWindow (the event stream's fixed-height rows)", () => {
  const base = { rowHeight: 24, viewportHeight: 240, overscan: 4 };

  it("renders the last rows while following, whatever the stale scroll position says", () => {
    expect(rowWindow({ ...base, count: 10_000, scrollTop: 0, following: true })).toEqual({
      from: 10_000 - 10 - 4,
      to: 10_000,
      slots: 10 + 8 + 2,
    });
  });

  it("renders the rows in view plus the overscan either side when scrolled", () => {
    const { from, to } = rowWindow({ ...base, count: 10_000, scrollTop: 2400, following: false });
    expect([from, to]).toEqual([96, 114]);
  });

  it("stays inside the list at its start and for short lists", () => {
    expect(rowWindow({ ...base, count: 10_000, scrollTop: 0, following: false })).toMatchObject({
      from: 0,
      to: 14,
    });
    expect(rowWindow({ ...base, count: 3, scrollTop: 0, following: true })).toMatchObject({ from: 0, to: 3 });
  });

  it("has more slots than rows in any window, so slot keys never repeat within one", () => {
    for (const scrollTop of [0, 7, 23, 25, 1000, 2399, 2401]) {
      for (const viewportHeight of [1, 23, 240, 241, 999]) {
        const w = rowWindow({ ...base, viewportHeight, count: 10_000, scrollTop, following: false });
        expect(w.to - w.from).toBeLessThan(w.slots);
      }
    }
  });
});

describe("distanceFromEnd", () => {
  it("is what is left below the view", () => {
    expect(distanceFromEnd({ scrollHeight: 1000, scrollTop: 600, clientHeight: 300 })).toBe(100);
    expect(distanceFromEnd({ scrollHeight: 1000, scrollTop: 700, clientHeight: 300 })).toBe(0);
  });
});
