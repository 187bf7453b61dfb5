import type { SessionEvent, SessionEventBody } from "@agent/events";
import { describe, expect, it } from "vitest";
import { addedMs, EMPTY_DRILLS, reduceDrills } from "./drills";

let seq = 0;
const fold = (events: SessionEventBody[], state = EMPTY_DRILLS) =>
  events.reduce((s, e) => reduceDrills(s, { ...e, seq: ++seq, ts: 0 } as SessionEvent), state);

const executing = (id: string, toolName: string): SessionEventBody => ({
  type: "call_executing",
  toolCallId: id,
  toolName,
  args: {},
  mode: "parallel",
  beforeHookMs: null,
  waitedMs: 0,
});
const end = (id: string, toolName: string, text: string, isError: boolean): SessionEventBody => ({
  type: "tool_execution_end",
  toolCallId: id,
  toolName,
  result: { content: [{ type: "text", text }], details: {} },
  isError,
});
const fault = (toolName: string, extra: Record<string, unknown>): SessionEventBody =>
  ({ type: "fault_injected", toolName, op: "readFile", path: "a.txt", ...extra }) as SessionEventBody;

const RAW = "EACCES: permission denied, access '/workspace/a.txt'";

describe("the drills fold", () => {
  it("follows the drill in force", () => {
    expect(fold([{ type: "drill_changed", drill: "disk-full" }]).active).toBe("disk-full");
  });

  it("tells the pipeline's catch-all (raw text) from a tool's own words", () => {
    const s = fold([
      executing("c1", "read"),
      executing("c2", "edit"),
      fault("read", { kind: "error", code: "EACCES", message: RAW }),
      fault("edit", { kind: "error", code: "EACCES", message: RAW }),
      end("c1", "read", RAW, true),
      end("c2", "edit", "Could not edit file: a.txt. Error code: EACCES.", true),
    ]);
    expect(s.calls.c1.answer).toBe("caught");
    expect(s.calls.c2.answer).toBe("reworded");
    expect(s.executing).toEqual([]);
  });

  it("says when a tool went on without the failed operation, stalled, or was only slowed", () => {
    const s = fold([
      executing("c1", "ls"),
      fault("ls", { kind: "error", code: "EIO", message: "EIO: i/o error, stat '/workspace/a'" }),
      end("c1", "ls", "b.txt", false),
      executing("c2", "read"),
      fault("read", { kind: "latency", ms: 400 }),
      fault("read", { kind: "hang" }),
      end("c2", "read", "Operation aborted", true),
      executing("c3", "read"),
      fault("read", { kind: "latency", ms: 400 }),
      fault("read", { kind: "latency", ms: 20 }),
      end("c3", "read", "hello", false),
    ]);
    expect([s.calls.c1.answer, s.calls.c2.answer, s.calls.c3.answer]).toEqual([
      "handled",
      "stalled",
      "slowed",
    ]);
    expect(addedMs(s.calls.c3)).toBe(420);
  });

  it("leaves calls the disk never touched out, and forgets calls when the session is cleared", () => {
    const s = fold([executing("c1", "read"), end("c1", "read", "ok", false)]);
    expect(s.calls).toEqual({});
    const t = fold([
      executing("c2", "read"),
      fault("read", { kind: "latency", ms: 5 }),
      end("c2", "read", "ok", false),
      { type: "session_cleared", reason: "test" },
    ]);
    expect(t.calls).toEqual({});
  });
});
