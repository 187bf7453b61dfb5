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

  it("closure: a drill in force, then a fault it injected into a rebuilt tool's Operations", () => {
    const since = seq;
    const drill = ev({ type: "drill_changed", drill: "disk-full" });
    const fault = ev({
      type: "fault_injected",
      toolName: "write",
      op: "writeFile",
      path: "a",
      kind: "error",
    });
    expect(checkLesson("closure", [], since).reason).toBe("noDrill");
    expect(checkLesson("closure", [drill], since).reason).toBe("noFault");
    expect(checkLesson("closure", [drill, fault], since)).toEqual({ passed: true, reason: "faultHit" });
    const off = ev({ type: "drill_changed", drill: "off" });
    expect(
      checkLesson(
        "closure",
        [off, ev({ type: "fault_injected", toolName: "write", op: "x", path: "", kind: "error" })],
        since,
      ).passed,
    ).toBe(false);
  });

  it("truncation: a result whose details say it was cut", () => {
    const since = seq;
    expect(checkLesson("truncation", [], since).reason).toBe("noCall");
    expect(checkLesson("truncation", [end("short", false)], since).reason).toBe("notTruncated");
    const cut = ev({
      type: "tool_execution_end",
      toolCallId: "t",
      toolName: "bash",
      isError: false,
      result: {
        content: [{ type: "text", text: "2999\n3000" }],
        details: { truncation: { truncated: true } },
      },
    });
    expect(checkLesson("truncation", [cut], since)).toEqual({ passed: true, reason: "truncated" });
  });

  it("prompt: a tool hidden, then the prompt patched", () => {
    const since = seq;
    const hidden = ev({
      type: "tool_set_changed",
      tools: [{ name: "ls", state: "hidden" }],
      added: [],
      removed: ["ls"],
    });
    const patched = ev({
      type: "prompt_sections_changed",
      reason: "tools",
      sections: [],
      patch: {},
      update: "",
      rules: [],
    });
    expect(checkLesson("prompt", [], since).reason).toBe("noHidden");
    expect(checkLesson("prompt", [hidden], since).reason).toBe("noPatch");
    // The session emits the prompt's change before the new tool set: either order passes.
    expect(checkLesson("prompt", [patched, hidden], since)).toEqual({
      passed: true,
      reason: "hiddenPatched",
    });
    expect(checkLesson("prompt", [hidden, patched], since).passed).toBe(true);
    const byWorkspace = ev({
      type: "prompt_sections_changed",
      reason: "workspace",
      sections: [],
      patch: {},
      update: "",
      rules: [],
    });
    expect(checkLesson("prompt", [hidden, byWorkspace], since).reason).toBe("noPatch");
  });

  it("events: an update event for a call that then ended", () => {
    const since = seq;
    const update = ev({
      type: "tool_execution_update",
      toolCallId: "c",
      toolName: "read",
      args: {},
      partialResult: {},
    });
    expect(checkLesson("events", [], since).reason).toBe("noCall");
    expect(checkLesson("events", [end("x", false)], since).reason).toBe("noUpdates");
    expect(checkLesson("events", [update, end("x", false)], since)).toEqual({
      passed: true,
      reason: "updatesSeen",
    });
  });

  it("the code exercises are not checked from events", () => {
    expect(checkLesson("memory", [], 0)).toEqual({ passed: false, reason: "codeExercise" });
    expect(checkLesson("layers", [], 0).passed).toBe(false);
  });

  it("versions: passes when the same find gets two answers from two pi versions", () => {
    const find = (id: string, pattern: string, text: string) => [
      ev({ type: "tool_execution_start", toolCallId: id, toolName: "find", args: { pattern } }),
      ev({
        type: "tool_execution_end",
        toolCallId: id,
        toolName: "find",
        isError: false,
        result: { content: [{ type: "text", text }] },
      }),
    ];
    const since = seq;
    expect(checkLesson("versions", [], since).reason).toBe("noFind");
    const first = find("f1", "lib/*.ts", "lib/a.ts");
    expect(checkLesson("versions", [...first], since).reason).toBe("noSwitch");
    const switched = ev({
      type: "pi_version_changed",
      version: "0.73.1",
      previous: "1.6.0",
      cause: "picked",
    });
    // After the switch, another pattern: not the same call.
    const other = find("f2", "*.ts", "lib/a.ts");
    expect(checkLesson("versions", [...first, switched, ...other], since).reason).toBe("noSwitch");
    const same = find("f3", "lib/*.ts", "lib/a.ts");
    expect(checkLesson("versions", [...first, switched, ...same], since).reason).toBe("sameAnswer");
    const anyDepth = find("f4", "lib/*.ts", "lib/a.ts\nsrc/lib/c.ts");
    expect(checkLesson("versions", [...first, switched, ...anyDepth], since)).toEqual({
      passed: true,
      reason: "findsDiffer",
    });
    // Calls before the exercise started do not count.
    const later = seq;
    expect(checkLesson("versions", [...first, switched, ...anyDepth], later).reason).toBe("noFind");
  });

  it("debugger: passes when a write paused before execute went on with edited arguments and ran", () => {
    const since = seq;
    const resumed = (id: string, edited: boolean) =>
      ev({
        type: "call_resumed",
        toolCallId: id,
        toolName: "write",
        stage: "before_execute",
        action: "continue",
        edited,
      });
    const ran = (id: string, isError: boolean) =>
      ev({ type: "tool_execution_end", toolCallId: id, toolName: "write", isError, result: { content: [] } });
    expect(checkLesson("debugger", [], since).reason).toBe("noPause");
    expect(checkLesson("debugger", [resumed("a", false), ran("a", false)], since).reason).toBe("notEdited");
    expect(checkLesson("debugger", [resumed("b", true), ran("b", true)], since).reason).toBe("editFailed");
    expect(checkLesson("debugger", [resumed("c", true), ran("c", false)], since)).toEqual({
      passed: true,
      reason: "ranEdited",
    });
  });
});
