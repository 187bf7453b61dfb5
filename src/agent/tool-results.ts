/**
 * The tool results the loop makes itself (pi-agent-core's createErrorToolResult and
 * createToolResultMessage), and pi 1.6.0's refusal of the calls of a reply cut at the output limit, which
 * makes results without running a tool.
 */
import type { AgentToolResult } from "@core/tools/types";
import type { AssistantMessage, ToolCall, ToolResultMessage } from "./messages";
import type { AfterToolCallContext, AfterToolCallResult, LoopConfig, LoopEmit } from "./types";

/** One call's outcome; `durationMs`: execute's time in whole ms, for a call that ran */
export interface FinalizedCall {
  toolCall: ToolCall;
  result: AgentToolResult;
  isError: boolean;
  durationMs?: number;
}

export const createErrorToolResult = (text: string): AgentToolResult => ({
  content: [{ type: "text", text }],
  details: {},
});

export function createToolResultMessage(
  { toolCall, result, isError, durationMs }: FinalizedCall,
  config: LoopConfig,
): ToolResultMessage {
  return {
    role: "toolResult",
    toolCallId: toolCall.id,
    toolName: toolCall.name,
    content: result.content,
    details: result.details,
    // pi 1.6.0 carries a tool's own usage on its result message (never counted as the model's).
    ...(config.structuredHooks && result.usage !== undefined ? { usage: result.usage } : {}),
    isError,
    ...durationOf(durationMs, config),
    timestamp: Date.now(),
  };
}

/**
 * The after-hook's overrides, field by field. pi 0.73.1 rebuilds the result from content, details and
 * terminate; pi 1.6.0 (`structured`) keeps the rest of the result, takes usage and structuredContent too,
 * and drops structuredContent when the content is replaced without it (it may no longer match).
 */
export function applyAfterHook(
  outcome: { result: AgentToolResult; isError: boolean },
  after: AfterToolCallResult,
  structured: boolean,
): { result: AgentToolResult; isError: boolean } {
  const { result } = outcome;
  const isError = after.isError ?? outcome.isError;
  if (!structured)
    return {
      result: {
        content: after.content ?? result.content,
        details: after.details ?? result.details,
        terminate: after.terminate ?? result.terminate,
      },
      isError,
    };
  const next: AgentToolResult = {
    ...result,
    content: after.content ?? result.content,
    details: after.details ?? result.details,
    usage: after.usage ?? result.usage,
    terminate: after.terminate ?? result.terminate,
  };
  const structuredContent = after.structuredContent ?? (after.content ? undefined : result.structuredContent);
  if (structuredContent === undefined) delete next.structuredContent;
  else next.structuredContent = structuredContent;
  return { result: next, isError };
}

const AFTER_HOOK_KEYS = ["content", "details", "isError", "terminate", "structuredContent", "usage"] as const;
type Outcome = { result: AgentToolResult; isError: boolean };

/**
 * pi's after-hook over one call's outcome, when the config has one: the outcome it leaves, which parts it
 * replaced (call_done's `overridden`) and its time. A hook that throws makes the call an error.
 */
export async function runAfterHook(
  config: LoopConfig,
  ctx: Omit<AfterToolCallContext, "result" | "isError">,
  executed: Outcome,
  signal: AbortSignal | undefined,
  clock: () => number,
): Promise<{ outcome: Outcome; overridden: string[]; afterHookMs: number | null }> {
  const overridden: string[] = [];
  if (!config.afterToolCall) return { outcome: executed, overridden, afterHookMs: null };
  let outcome = executed;
  const ta = clock();
  try {
    const after = await config.afterToolCall({ ...ctx, ...outcome }, signal);
    if (after) {
      for (const key of AFTER_HOOK_KEYS)
        if (after[key] !== undefined && after[key] !== null) overridden.push(key);
      outcome = applyAfterHook(outcome, after, config.structuredHooks === true);
    }
  } catch (error) {
    outcome = {
      result: createErrorToolResult(error instanceof Error ? error.message : String(error)),
      isError: true,
    };
    overridden.push("content", "details", "isError");
  }
  return { outcome, overridden, afterHookMs: clock() - ta };
}

/** `durationMs` where the version reports it (1.6.0) and the call ran; nothing otherwise. */
export const durationOf = (durationMs: number | undefined, config: LoopConfig) =>
  config.reportDurations && durationMs !== undefined ? { durationMs } : {};

export const truncatedCallText = (name: string) =>
  `Tool call "${name}" was not executed: the response hit the output token limit, so its arguments may be truncated. Re-issue the tool call with complete arguments.`;

/**
 * pi 1.6.0's answer to a reply cut at the output limit: none of its calls runs, since arguments cut off
 * mid-JSON may still parse and validate while missing their end. Each call gets an error result asking
 * the model to send it again whole, and the run goes on (0.73.1 runs such calls as any other).
 */
export async function refuseTruncatedCalls(
  assistantMessage: AssistantMessage,
  config: LoopConfig,
  emit: LoopEmit,
): Promise<{ messages: ToolResultMessage[]; terminate: false }> {
  const messages: ToolResultMessage[] = [];
  for (const toolCall of assistantMessage.content.filter((c): c is ToolCall => c.type === "toolCall")) {
    const ref = { toolCallId: toolCall.id, toolName: toolCall.name };
    await emit({ type: "tool_execution_start", ...ref, args: toolCall.arguments });
    const error = truncatedCallText(toolCall.name);
    await emit({ type: "call_rejected", ...ref, stage: "output_limit", error, durationMs: 0 });
    const result = createErrorToolResult(error);
    await emit({ type: "tool_execution_end", ...ref, result, isError: true });
    const message = createToolResultMessage({ toolCall, result, isError: true }, config);
    await emit({ type: "message_start", message });
    await emit({ type: "message_end", message });
    messages.push(message);
  }
  return { messages, terminate: false };
}
