import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { EMPTY_STATUS, reduceStatus } from "./status";

const at = (seq: number) => ({ seq, ts: seq });
const fold = (events: SessionEvent[]) => events.reduce(reduceStatus, EMPTY_STATUS);
const loaded: SessionEvent = {
  ...at(1),
  type: "scenario_loaded",
  title: "t",
  description: "d",
  steps: [
    { kind: "user", file: 0, summary: "go" },
    { kind: "assistant", file: 1, summary: "t({})" },
    { kind: "result", file: 1, summary: "result of t (c1)", toolCallId: "c1" },
  ],
};
const state = (seq: number, current: number, extra: object = {}): SessionEvent => ({
  ...at(seq),
  type: "scenario_state",
  status: "paused",
  next: 1,
  total: 2,
  current,
  speed: 1,
  pauseAfterCall: false,
  ...extra,
});

describe("reduceStatus: the scenario player", () => {
  it("starts before the first step, then follows every step shown, call results included", () => {
    expect(fold([loaded]).scenario).toMatchObject({ current: -1, status: "ready", next: 0 });
    const result: SessionEvent = {
      ...at(3),
      type: "scenario_step",
      index: 1,
      display: 2,
      kind: "result",
      toolCallId: "c1",
    };
    expect(fold([loaded, state(2, 1), result]).scenario?.current).toBe(2);
  });

  it("keeps the speed and the pause after each call when another scenario is loaded", () => {
    const s = fold([loaded, state(2, 0, { speed: 0.5, pauseAfterCall: true }), { ...loaded, ...at(3) }]);
    expect(s.scenario).toMatchObject({ current: -1, speed: 0.5, pauseAfterCall: true });
  });
});
