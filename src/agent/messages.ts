/**
 * The conversation's messages, shaped as pi-ai 0.73.1's (`dist/types.d.ts`) so that a scenario file can
 * be fed to pi-agent-core too. Declared here rather than imported: only the model driver, loaded lazily,
 * depends on pi-ai (docs/model-mode.md); everything else stays free of it.
 *
 * Deviation: the transcript may also hold the playground's SystemMessage (docs/pi-contract.md §7.3), which 0.73.1 lacks.
 */
import type { SystemMessage } from "@core/system-prompt/types";
import type { ImageContent, TextContent } from "@core/tools/types";

export type { ImageContent, TextContent };

export interface ThinkingContent {
  type: "thinking";
  thinking: string;
  thinkingSignature?: string;
  redacted?: boolean;
}

export interface ToolCall {
  type: "toolCall";
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** the arguments text did not parse (then `arguments` is `{}`): reported by 1.6.0's validator */
  argumentsError?: string;
}

export interface Usage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number; total: number };
}

export type StopReason = "stop" | "length" | "toolUse" | "error" | "aborted";

export interface UserMessage {
  role: "user";
  content: string | (TextContent | ImageContent)[];
  timestamp: number;
}

export interface AssistantMessage {
  role: "assistant";
  content: (TextContent | ThinkingContent | ToolCall)[];
  api: string;
  provider: string;
  model: string;
  usage: Usage;
  stopReason: StopReason;
  errorMessage?: string;
  timestamp: number;
  /** pi 1.6.0: how long the response took, from the request to its end, in whole ms (pi-ai's stream) */
  durationMs?: number;
  /** pi 1.6.0: the thinking level the request asked for ("off" when none), recorded by the loop */
  thinkingLevel?: string;
}

export interface ToolResultMessage<TDetails = unknown> {
  role: "toolResult";
  toolCallId: string;
  toolName: string;
  content: (TextContent | ImageContent)[];
  details?: TDetails;
  isError: boolean;
  /** pi 1.6.0: how long execute took, in whole ms; absent when the tool did not run */
  durationMs?: number;
  timestamp: number;
}

export type Message = UserMessage | AssistantMessage | ToolResultMessage;
export type AgentMessage = Message | SystemMessage;

/** pi-ai's streaming protocol for one assistant message. */
export type AssistantMessageEvent =
  | { type: "start"; partial: AssistantMessage }
  | { type: "text_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "text_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "text_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "thinking_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "thinking_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "thinking_end"; contentIndex: number; content: string; partial: AssistantMessage }
  | { type: "toolcall_start"; contentIndex: number; partial: AssistantMessage }
  | { type: "toolcall_delta"; contentIndex: number; delta: string; partial: AssistantMessage }
  | { type: "toolcall_end"; contentIndex: number; toolCall: ToolCall; partial: AssistantMessage }
  | { type: "done"; reason: "stop" | "length" | "toolUse"; message: AssistantMessage }
  | { type: "error"; reason: "aborted" | "error"; error: AssistantMessage };

export const EMPTY_USAGE: Usage = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
