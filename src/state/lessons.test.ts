import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { checkLesson } from "./lessons";

let seq = 0;
const ev = (body: Record<string, unknown>) => ({ ...body, seq: ++seq, ts: 0 }) as unknown as SessionEvent;
const end = (text: string, isError: boolean) =>
  ev({
    type: "tool_execution_end",
    toolCallId: "c",
    toolName: "read",
    isError,
    result: { content: [{ type: "text", text }], details: undefined },
  });

describe("the lessons' checks", () => {
  it("validation: passes on a validation rejection after the start, says what is missing otherwise", () => {
    const before = ev({
      type: "call_rejected",
      stage: "validate",
      toolCallId: "a",
      toolName: "read",
      error: "x",
      durationMs: 1,
    });
    const since = seq;
    expect(checkLesson("validation", [before], since)).toEqual({ passed: false, reason: "noRejection" });
    const lookup = ev({
      type: "call_rejected",
      stage: "lookup",
      toolCallId: "b",
      toolName: "nope",
      error: "x",
      durationMs: 1,
    });
    expect(checkLesson("validation", [before, lookup], since)).toEqual({
      passed: false,
      reason: "otherRejection",
    });
    const valid = ev({
      type: "call_rejected",
      stage: "validate",
      toolCallId: "c",
      toolName: "read",
      error: "x",
      durationMs: 1,
    });
    expect(checkLesson("validation", [before, lookup, valid], since).passed).toBe(true);
  });

  it("handlers: passes on a safePath refusal, and says when pi's read got through instead", () => {
    const since = seq;
    expect(checkLesson("handlers", [end("root:x:0:0:root", false)], since)).toEqual({
      passed: false,
      reason: "piRead",
    });
    expect(checkLesson("handlers", [end("path outside cwd: /etc/passwd", true)], since).passed).toBe(true);
  });

  it("abort: needs an abort that ended a running call", () => {
    const since = seq;
    const abort = ev({ type: "abort_requested", source: "user" });
    expect(checkLesson("abort", [abort], since)).toEqual({ passed: false, reason: "nothingRunning" });
    expect(checkLesson("abort", [abort, end("Command aborted", true)], since).passed).toBe(true);
    expect(checkLesson("abort", [], since).reason).toBe("noAbort");
  });

  it("dispatch and queue: grep switched on, a queue wait", () => {
    const since = seq;
    const grepOn = ev({
      type: "tool_set_changed",
      tools: [{ name: "grep", state: "active" }],
      added: [],
      removed: [],
    });
    expect(checkLesson("dispatch", [grepOn], since).passed).toBe(true);
    expect(checkLesson("dispatch", [], since).reason).toBe("grepNotOn");
    expect(checkLesson("queue", [ev({ type: "queue_wait", path: "/w/a", ahead: 1 })], since).passed).toBe(
      true,
    );
    expect(checkLesson("queue", [], since).reason).toBe("noQueueWait");
  });
});
