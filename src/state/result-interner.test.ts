import type { SessionEvent } from "@agent/events";
import type { ToolResultMessage } from "@agent/messages";
import { describe, expect, it } from "vitest";
import { createResultInterner } from "./result-interner";

/** A fresh copy each time, as each postMessage delivers one. */
const result = (id: string, text: string): ToolResultMessage => ({
  role: "toolResult",
  toolCallId: id,
  toolName: "read",
  content: [{ type: "text", text: `${text}` }],
  isError: false,
  timestamp: 1,
});
const stamp = <T>(body: T, seq: number) => ({ ...body, seq, ts: seq }) as unknown as SessionEvent;

describe("the result interner", () => {
  it("keeps one copy of a result's content across the events that repeat it", () => {
    const intern = createResultInterner();
    const text = "x".repeat(1000);
    const end = intern(
      stamp(
        {
          type: "tool_execution_end",
          toolCallId: "c1",
          toolName: "read",
          result: { content: result("c1", text).content, details: {} },
          isError: false,
        },
        1,
      ),
    ) as Extract<SessionEvent, { type: "tool_execution_end" }>;
    const first = end.result.content;
    const start = intern(stamp({ type: "message_start", message: result("c1", text) }, 2));
    const stop = intern(stamp({ type: "message_end", message: result("c1", text) }, 3));
    const turn = intern(stamp({ type: "turn_end", message: {}, toolResults: [result("c1", text)] }, 4));
    const run = intern(stamp({ type: "agent_end", messages: [result("c1", text)] }, 5));
    // After the run's end nothing is remembered: the interner holds no history of its own.
    const later = intern(stamp({ type: "message_end", message: result("c1", text) }, 6));
    const contents = [
      (start as { message: ToolResultMessage }).message.content,
      (stop as { message: ToolResultMessage }).message.content,
      (turn as { toolResults: ToolResultMessage[] }).toolResults[0].content,
      (run as { messages: ToolResultMessage[] }).messages[0].content,
    ];
    for (const c of contents) expect(c).toBe(first);
    expect((later as { message: ToolResultMessage }).message.content).not.toBe(first);
    // Everything else in the event is as it came.
    expect(stop).toEqual(stamp({ type: "message_end", message: result("c1", text) }, 3));
  });

  it("shares a structuredContent that repeats the text (pi 1.6.0's read) and leaves any other as it came", () => {
    const intern = createResultInterner();
    const text = "y".repeat(1000);
    // A string of the same text built apart, as a clone delivers it: the event is rewritten to hold the
    // content's copy (a string's identity cannot be seen, so the rewrite is what the test can see).
    const input = {
      type: "tool_execution_end",
      toolCallId: "c1",
      toolName: "read",
      result: { content: result("c1", text).content, details: {}, structuredContent: "y".repeat(1000) },
      isError: false,
    };
    const stamped = stamp(input, 2);
    const read = intern(stamped) as Extract<SessionEvent, { type: "tool_execution_end" }>;
    expect(read).not.toBe(stamped);
    expect(read).toEqual(stamped);
    // Anything else, or none, passes as it came.
    const bash = stamp(
      { ...input, toolCallId: "c2", result: { ...input.result, structuredContent: { output: "ok" } } },
      3,
    );
    expect(intern(bash)).toBe(bash);
    const none = stamp(
      { ...input, toolCallId: "c3", result: { content: input.result.content, details: {} } },
      4,
    );
    expect(intern(none)).toBe(none);
  });

  it("leaves a different content under the same call id alone (a new worker reusing ids)", () => {
    const intern = createResultInterner();
    const a = intern(stamp({ type: "message_end", message: result("c1", "one") }, 1));
    const b = intern(stamp({ type: "message_end", message: result("c1", "two") }, 2));
    expect((b as { message: ToolResultMessage }).message.content).toEqual([{ type: "text", text: "two" }]);
    expect((a as { message: ToolResultMessage }).message.content).toEqual([{ type: "text", text: "one" }]);
  });

  it("forgets the oldest results beyond its capacity", () => {
    const intern = createResultInterner(2);
    const first = intern(stamp({ type: "message_end", message: result("c1", "one") }, 1));
    intern(stamp({ type: "message_end", message: result("c2", "two") }, 2));
    intern(stamp({ type: "message_end", message: result("c3", "three") }, 3));
    const again = intern(stamp({ type: "turn_end", message: {}, toolResults: [result("c1", "one")] }, 4));
    expect((again as { toolResults: ToolResultMessage[] }).toolResults[0].content).not.toBe(
      (first as { message: ToolResultMessage }).message.content,
    );
  });
});
