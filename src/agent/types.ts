/**
 * The loop's configuration and hooks, shaped as pi-agent-core 0.73.1's (`dist/types.d.ts`
 * AgentLoopConfig, BeforeToolCallContext, AfterToolCallContext). Only the parts a tool call needs.
 */
import type { AgentToolResult, AnyAgentTool, ImageContent, TextContent } from "@core/tools/types";
import type { ArgumentValidator } from "@core/validation";
import type { SessionEventBody } from "./events";
import type { AgentMessage, AssistantMessage, AssistantMessageEvent, ToolCall } from "./messages";

export interface AgentContext {
  systemPrompt: string;
  messages: AgentMessage[];
  /** the executable tools (declared and hidden) */
  tools: AnyAgentTool[];
}

export interface BeforeToolCallResult {
  block?: boolean;
  reason?: string;
  /** pi 1.6.0: a blocked call's result asks the batch to end the run (with `structuredHooks`) */
  terminate?: boolean;
}

export interface AfterToolCallResult {
  content?: (TextContent | ImageContent)[];
  details?: unknown;
  isError?: boolean;
  terminate?: boolean;
  /** pi 1.6.0 (with `structuredHooks`): replaces the result's structuredContent */
  structuredContent?: unknown;
  /** pi 1.6.0 (with `structuredHooks`): replaces the result's usage */
  usage?: unknown;
}

export interface BeforeToolCallContext {
  assistantMessage: AssistantMessage;
  /** the raw call, as the model sent it */
  toolCall: ToolCall;
  /** the validated arguments: mutating them changes what executes, as in pi */
  args: unknown;
  context: AgentContext;
}

export interface AfterToolCallContext extends BeforeToolCallContext {
  result: AgentToolResult;
  isError: boolean;
}

/** A call at one of the playground's own pause points: the tool it runs, and its arguments there. */
export interface StopContext {
  toolCall: ToolCall;
  tool: AnyAgentTool;
  args: unknown;
}

/**
 * The pipeline debugger's pause points between pi's stages. They are the playground's, not pi's hooks
 * (pi has none there), and the loop passes through them only when the config has them: each answers
 * what the call goes on with.
 */
export interface PipelineStops {
  /** after prepareArguments: the arguments validation will get */
  afterPrepare(ctx: StopContext, signal?: AbortSignal): Promise<unknown>;
  /** after validation: the arguments the before-hook and execute will get */
  afterValidate(ctx: StopContext, signal?: AbortSignal): Promise<unknown>;
  /** before a call's toolResult message is made: the result and error flag that go back to the model */
  beforeResult(
    ctx: Omit<StopContext, "tool"> & { result: AgentToolResult; isError: boolean },
    signal?: AbortSignal,
  ): Promise<{ result: AgentToolResult; isError: boolean }>;
}

/** Events are awaited one by one, as pi awaits its listeners. */
export type LoopEmit = (event: SessionEventBody) => void | Promise<void>;

/** Turns a conversation into the next assistant message, streamed as pi-ai's events. */
export type Driver = (
  request: { systemPrompt: string; messages: AgentMessage[]; tools: AnyAgentTool[] },
  signal: AbortSignal | undefined,
) => AsyncIterable<AssistantMessageEvent> | Promise<AsyncIterable<AssistantMessageEvent>>;

export interface LoopConfig {
  /** "parallel" unless set, as in pi */
  toolExecution?: "parallel" | "sequential";
  beforeToolCall?: (
    ctx: BeforeToolCallContext,
    signal?: AbortSignal,
  ) => Promise<BeforeToolCallResult | undefined>;
  afterToolCall?: (
    ctx: AfterToolCallContext,
    signal?: AbortSignal,
  ) => Promise<AfterToolCallResult | undefined>;
  /** the pipeline debugger's own pause points; absent (no breakpoint set), the loop never looks for one */
  stops?: PipelineStops;
  /** pi's low-level stop check after each turn (the manual driver stops after one) */
  shouldStopAfterTurn?: (turn: { message: AssistantMessage; toolResults: unknown[] }) => boolean;
  getSteeringMessages?: () => Promise<AgentMessage[]>;
  getFollowUpMessages?: () => Promise<AgentMessage[]>;
  /** a monotonic clock in ms for the stage durations (performance.now by default) */
  clock?: () => number;
  /** which pi's argument validation runs (`VALIDATOR_0_73_1` unless set) */
  validator?: ArgumentValidator;
  /**
   * A tool result returned with `isError: true`: an error for pi 1.6.0's loop ("honour"), a success for
   * 0.73.1's ("ignore", the default), whose tools fail only by throwing.
   */
  returnedErrors?: "honour" | "ignore";
  /**
   * The tool calls of a reply cut at the output limit (`stopReason: "length"`): "run" as 0.73.1 does (the
   * default), or "refuse" each unrun with pi 1.6.0's error result (their arguments may be cut off).
   */
  truncatedCalls?: "run" | "refuse";
  /** tool_execution_end and the toolResult carry `durationMs`, execute's time in whole ms (pi 1.6.0) */
  reportDurations?: boolean;
  /**
   * pi 1.6.0: once the run is aborted, a call not yet executing ends with "Operation aborted" (checked
   * before preparing it, after the before-hook, and before executing it in a parallel batch); 0.73.1's
   * pipeline never looks and leaves the abort to each tool.
   */
  abortChecks?: boolean;
  /** pi 1.6.0: a running tool's context has `executeTool` and `tools` (nested-calls.ts) */
  nestedCalls?: boolean;
  /** pi 1.6.0's hook results: see LoopProfile.structuredHooks */
  structuredHooks?: boolean;
  /** pi 1.6.0: see LoopProfile.stampReplies */
  stampReplies?: boolean;
  /** the thinking level the model requests ask for (pi's `reasoning`; none means "off") */
  reasoning?: string;
}
