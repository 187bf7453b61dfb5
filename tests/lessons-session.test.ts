/**
 * The lessons' event checks against the session's own events: each exercise done as the lesson says
 * (in a session driven without a worker) passes its check, so no check waits for an event the session
 * never sends.
 */
import type { SessionEvent } from "@agent/events";
import { Playground } from "@app/worker/playground";
import { checkLesson } from "@state/lessons";
import { describe, expect, it } from "vitest";

function started() {
  const events: SessionEvent[] = [];
  const playground = new Playground((e) => events.push(e));
  playground.handle({ type: "init" });
  const since = events.at(-1)?.seq ?? 0;
  return { playground, events, since };
}

describe("the lessons' checks on a real session's events", () => {
  it("closure: a drill, then a write the faulty disk answers", async () => {
    const { playground, events, since } = started();
    await playground.hand.runToolCall("write", '{"path": "a.txt", "content": "x"}', "w0");
    expect(checkLesson("closure", events, since).reason).toBe("noDrill");
    playground.handle({ type: "set_drill", drill: "disk-full" });
    await playground.hand.runToolCall("write", '{"path": "b.txt", "content": "hello"}', "w1");
    expect(checkLesson("closure", events, since)).toEqual({ passed: true, reason: "faultHit" });
  });

  it("truncation: bash seq 1 3000 is cut", async () => {
    const { playground, events, since } = started();
    await playground.hand.runToolCall("bash", '{"command": "seq 1 3"}', "b0");
    expect(checkLesson("truncation", events, since).reason).toBe("notTruncated");
    await playground.hand.runToolCall("bash", '{"command": "seq 1 3000"}', "b1");
    expect(checkLesson("truncation", events, since)).toEqual({ passed: true, reason: "truncated" });
  }, 30_000);

  it("prompt: hiding an active tool patches the prompt; hiding an off one does not", () => {
    const { playground, events, since } = started();
    playground.handle({ type: "set_tool_state", name: "grep", state: "hidden" });
    expect(checkLesson("prompt", events, since).reason).toBe("noPatch");
    playground.handle({ type: "set_tool_state", name: "bash", state: "hidden" });
    expect(checkLesson("prompt", events, since)).toEqual({ passed: true, reason: "hiddenPatched" });
  });

  it("events: a bash command that prints sends an update before its end", async () => {
    const { playground, events, since } = started();
    expect(checkLesson("events", events, since).reason).toBe("noCall");
    await playground.hand.runToolCall("bash", '{"command": "echo hello"}', "e1");
    expect(checkLesson("events", events, since)).toEqual({ passed: true, reason: "updatesSeen" });
  }, 30_000);
});
