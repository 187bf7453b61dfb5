import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { Playground } from "./playground";

const scenario = {
  title: "hello",
  description: "one prompt",
  steps: [{ user: "hi" }],
};

describe("starting over", () => {
  it("a scenario load clears the page first, unless the history is kept", () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init" });
    events.length = 0;
    playground.handle({ type: "scenario_load", scenario });
    expect(events[0]).toMatchObject({ type: "session_cleared", reason: 'the scenario "hello" started' });
    expect(events.map((e) => e.type)).toContain("scenario_loaded");

    events.length = 0;
    playground.handle({ type: "scenario_load", scenario, keepHistory: true });
    expect(events.map((e) => e.type)).not.toContain("session_cleared");
    expect(events.map((e) => e.type)).toContain("scenario_loaded");
  });

  it("a worker replacing another continues the event numbers from seqFrom", () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init", seqFrom: 41 });
    expect(events.map((e) => e.seq)).toEqual([42, 43, 44, 45]);
  });
});
