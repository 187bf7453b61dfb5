/** Events as the session emits them, for the state tests (not a test file itself). */
import type { SessionEvent, SessionEventBody } from "@agent/events";

let seq = 0;
/** Numbers the next event 1 again. */
export function resetSeq() {
  seq = 0;
}
export const ev = (body: SessionEventBody): SessionEvent =>
  ({ ...body, seq: ++seq, ts: 1000 + seq }) as SessionEvent;

/** A read call's start and its successful end, with nothing between (for the reducers' capacity tests). */
export function startAndEnd(id: string): SessionEvent[] {
  return [
    ev({ type: "tool_execution_start", toolCallId: id, toolName: "read", args: {} }),
    ev({
      type: "tool_execution_end",
      toolCallId: id,
      toolName: "read",
      result: { content: [], details: {} },
      isError: false,
    }),
  ];
}

/** `n` calls of read, each with its stages and result, as the session emits them. */
export function calls(n: number, from = 0): SessionEvent[] {
  const out: SessionEvent[] = [];
  for (let i = from; i < from + n; i++) {
    const id = `c${i}`;
    const message = {
      role: "assistant" as const,
      content: [{ type: "toolCall" as const, id, name: "read", arguments: { path: "a" } }],
      stopReason: "toolUse",
    };
    out.push(
      ev({ type: "message_start", message } as unknown as SessionEventBody),
      ev({ type: "message_end", message } as unknown as SessionEventBody),
      ev({ type: "batch_start", toolCallIds: [id], mode: "parallel", reason: "default" }),
      ev({ type: "tool_execution_start", toolCallId: id, toolName: "read", args: {} }),
      ev({
        type: "call_validated",
        toolCallId: id,
        toolName: "read",
        args: {},
        coerced: false,
        durationMs: 1,
      }),
      ev({
        type: "call_executing",
        toolCallId: id,
        toolName: "read",
        args: {},
        mode: "parallel",
        beforeHookMs: null,
        waitedMs: 0,
      }),
      ev({
        type: "call_done",
        toolCallId: id,
        toolName: "read",
        isError: false,
        threw: false,
        terminate: false,
        overridden: [],
        executeMs: 1,
        afterHookMs: null,
        totalMs: 2,
      }),
      ev({
        type: "tool_execution_end",
        toolCallId: id,
        toolName: "read",
        result: { content: [], details: {} },
        isError: i % 3 === 0,
      }),
    );
  }
  return out;
}

/** A tool schema shaped like read's, plus an array of objects as edit's `edits` (form and wire tests). */
export const readLikeSchema = {
  type: "object",
  properties: {
    path: { type: "string", description: "file" },
    limit: { type: "number", description: "lines" },
    edits: {
      type: "array",
      items: { type: "object", properties: { oldText: { type: "string" } }, required: ["oldText"] },
    },
  },
  required: ["path"],
};
