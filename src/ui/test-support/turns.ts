/**
 * One read call's turn as the session emits it (message, call, result: the shapes of a real run's
 * events), for the panels' tests. Numbered by state's event fixture (`ev`, `resetSeq`).
 */
import type { SessionEvent, SessionEventBody } from "@agent/events";
import { ev } from "@state/session-events.fixture";

const usage = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
const body = (b: unknown) => ev(b as SessionEventBody);

export function userSays(text: string): SessionEvent[] {
  const message = { role: "user", content: [{ type: "text", text }], timestamp: 1 };
  return [body({ type: "message_start", message }), body({ type: "message_end", message })];
}

export function assistantSays(text: string): SessionEvent[] {
  const message = {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "playground",
    provider: "scripted",
    model: "scripted",
    usage,
    stopReason: "stop",
    timestamp: 1,
  };
  return [
    body({ type: "message_start", message: { ...message, content: [] } }),
    body({ type: "message_end", message }),
  ];
}

/** The assistant's message asking for the call, the call's start: up to where its result would come. */
export function callStarts(id: string, args: Record<string, unknown>, tool = "read"): SessionEvent[] {
  const call = { type: "toolCall", id, name: tool, arguments: args };
  const message = {
    role: "assistant",
    content: [call],
    api: "playground",
    provider: "scripted",
    model: "scripted",
    usage,
    stopReason: "toolUse",
    timestamp: 1,
  };
  return [
    body({ type: "message_start", message: { ...message, content: [] } }),
    body({ type: "message_end", message }),
    body({ type: "batch_start", toolCallIds: [id], mode: "parallel", reason: "default" }),
    body({ type: "tool_execution_start", toolCallId: id, toolName: tool, args }),
  ];
}

/** The call's end and its result message. */
export function callEnds(id: string, text: string, isError = false, tool = "read"): SessionEvent[] {
  const content = [{ type: "text", text }];
  const message = { role: "toolResult", toolCallId: id, toolName: tool, content, isError, timestamp: 1 };
  return [
    body({ type: "tool_execution_end", toolCallId: id, toolName: tool, result: { content }, isError }),
    body({ type: "message_start", message }),
    body({ type: "message_end", message }),
  ];
}
