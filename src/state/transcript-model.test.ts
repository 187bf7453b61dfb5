import type { SessionEventBody } from "@agent/events";
import type { AgentMessage } from "@agent/messages";
import { describe, expect, it } from "vitest";
import { ev } from "./session-events.fixture";
import { EMPTY_TRANSCRIPT, reduceTranscript, type TranscriptSnapshot } from "./transcript";

const fold = (events: SessionEventBody[], from: TranscriptSnapshot = EMPTY_TRANSCRIPT) =>
  events.reduce((s, e) => reduceTranscript(s, ev(e)), from);

const assistant = (content: unknown[]) =>
  ({ role: "assistant", content, stopReason: "stop", timestamp: 1 }) as unknown as AgentMessage;

const result = (toolCallId: string, toolName: string, details: unknown, isError = false) =>
  ({
    type: "message_end",
    message: {
      role: "toolResult",
      toolCallId,
      toolName,
      content: [{ type: "text", text: "ok" }],
      details,
      isError,
    },
  }) as unknown as SessionEventBody;

describe("thinking", () => {
  it("streams into the open assistant entry as it arrives, and stays once the message ends", () => {
    const partial = (thinking: string) => assistant([{ type: "thinking", thinking }]);
    let state = fold([{ type: "message_start", message: partial("") }]);
    expect(state.entries[0]).toMatchObject({ kind: "assistant", thinking: "", streaming: true });
    state = fold(
      [{ type: "message_update", message: partial("Let me"), assistantMessageEvent: {} }] as never,
      state,
    );
    expect(state.entries[0]).toMatchObject({ thinking: "Let me" });
    const final = assistant([
      { type: "thinking", thinking: "Let me look." },
      { type: "text", text: "Reading it." },
    ]);
    state = fold([{ type: "message_end", message: final }], state);
    expect(state.entries).toHaveLength(1);
    expect(state.entries[0]).toMatchObject({
      thinking: "Let me look.",
      text: "Reading it.",
      streaming: false,
    });
  });

  it("is absent when the model sent none", () => {
    const state = fold([{ type: "message_end", message: assistant([{ type: "text", text: "hi" }]) }]);
    expect(state.entries[0]).not.toHaveProperty("thinking");
  });
});

describe("what a call changed", () => {
  it("keeps edit's numbered diff on its result, and none on a failed edit", () => {
    const diff = " 1 a\n-2 b\n+2 B";
    const state = fold([
      result("e1", "edit", { diff, firstChangedLine: 2 }),
      result("e2", "edit", { diff }, true),
    ]);
    expect(state.entries[0]).toMatchObject({ diff });
    expect(state.entries[1]).not.toHaveProperty("diff");
  });

  it("shows a write's content from its arguments, and whether its file_changed said created or replaced", () => {
    const start = (id: string, path: string) =>
      ({
        type: "tool_execution_start",
        toolCallId: id,
        toolName: "write",
        args: { path, content: `in ${path}` },
      }) as const;
    const changed = (id: string, change: "create" | "modify", path: string) =>
      ({ type: "file_changed", change, path, source: "tool", toolCallId: id }) as const;
    const state = fold([
      start("w1", "new.md"),
      changed("w1", "create", "new.md"),
      changed("w1", "modify", "new.md"),
      result("w1", "write", undefined),
      start("w2", "old.md"),
      changed("w2", "modify", "old.md"),
      result("w2", "write", undefined),
      start("w3", "/etc/x"),
      result("w3", "write", undefined, true),
    ]);
    expect(state.entries.map((e) => (e.kind === "tool_result" ? e.written : null))).toEqual([
      { path: "new.md", content: "in new.md", change: "created" },
      { path: "old.md", content: "in old.md", change: "replaced" },
      undefined,
    ]);
    expect(state.writes).toEqual({});
  });
});

describe("messages sent while the model works", () => {
  it("wait at the end of the transcript until the run takes them, and a dropped one says so", () => {
    let state = fold([
      { type: "prompt_queued", id: "q1", text: "and then?" },
      { type: "prompt_queued", id: "q2", text: "also this" },
    ]);
    expect(state.queued).toEqual([
      { id: "q1", text: "and then?" },
      { id: "q2", text: "also this" },
    ]);
    state = fold([{ type: "prompt_dequeued", id: "q1", outcome: "sent" }], state);
    expect(state.queued.map((q) => q.id)).toEqual(["q2"]);
    expect(state.entries).toHaveLength(0);
    state = fold([{ type: "prompt_dequeued", id: "q2", outcome: "dropped" }], state);
    expect(state.queued).toEqual([]);
    expect(state.entries[0]).toMatchObject({ kind: "notice", text: expect.stringContaining('"also this"') });
  });

  it("are forgotten when the worker is replaced or the page starts over", () => {
    const queued = fold([{ type: "prompt_queued", id: "q1", text: "x" }]);
    expect(fold([{ type: "worker_replaced", reason: "r", toolCallIds: [] }], queued).queued).toEqual([]);
    expect(fold([{ type: "session_cleared", reason: "r" }], queued).queued).toEqual([]);
  });
});
