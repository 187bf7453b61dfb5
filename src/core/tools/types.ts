/**
 * The two layers of a pi tool (pi-coding-agent 0.73.1 `core/extensions/types.d.ts`, pi-agent-core `types.d.ts`):
 * a ToolDefinition is what the model is told (schema, description, prompt snippet, guidelines); an AgentTool
 * is what the runtime executes. `wrapToolDefinition` turns one into the other.
 *
 * Deviations from pi: no TUI renderers (renderCall / renderResult / renderShell), and `ctx` is an opaque
 * playground context instead of pi's ExtensionContext.
 */
import type { Static, TSchema } from "typebox";

export interface TextContent {
  type: "text";
  text: string;
}

export interface ImageContent {
  type: "image";
  /** base64 of the image bytes */
  data: string;
  mimeType: string;
}

export type ToolResultContent = TextContent | ImageContent;

export interface AgentToolResult<TDetails = unknown> {
  content: ToolResultContent[];
  details: TDetails;
  /** Ask the loop not to go back to the model after this batch (only when every result in it asks). */
  terminate?: boolean;
  /**
   * A failure reported by returning instead of throwing (pi 1.6.0's bash on a non-zero exit). pi 1.6.0's
   * loop marks such a result as an error; 0.73.1's ignores the flag.
   */
  isError?: boolean;
  /** Machine-readable result for programmatic callers (pi 1.6.0's read and bash); never sent to the model. */
  structuredContent?: unknown;
  /** pi 1.6.0: the tool's own usage (a tool that asks a model, say); never counted as the agent's */
  usage?: unknown;
}

export type AgentToolUpdateCallback<TDetails = unknown> = (partialResult: AgentToolResult<TDetails>) => void;

/** The end of a tool call run through the pipeline for another tool (pi 1.6.0's `ctx.executeTool`). */
export interface ToolCallOutcome {
  toolCall: { type: "toolCall"; id: string; name: string; arguments: Record<string, unknown> };
  result: AgentToolResult;
  isError: boolean;
  /** whole ms execute took; absent when the tool did not run */
  durationMs?: number;
}

export interface NestedCallOptions {
  signal?: AbortSignal;
  onUpdate?: AgentToolUpdateCallback;
}

/** What a tool may learn about the session calling it; pi passes its ExtensionContext here. */
export interface ToolContext {
  /** The model in use, when one is: read uses `input` to say that images will be dropped. */
  model?: { id: string; input: ReadonlyArray<"text" | "image"> };
  /** The call's working directory: tools of a profile with `perCallCwd` resolve paths against it. */
  cwd?: string;
  /** pi 1.6.0: the names of the tools `executeTool` can run (pi hands over the tools themselves) */
  tools?: readonly string[];
  /**
   * pi 1.6.0: runs another tool through the whole pipeline on behalf of this call. The nested call
   * gets the id `<this call's id>/<n>`, its own events with `parentToolCallId`, and never throws for
   * a tool's failure: that comes back as `isError`.
   */
  executeTool?: (name: string, args: unknown, options?: NestedCallOptions) => Promise<ToolCallOutcome>;
}

export type ExecutionMode = "sequential" | "parallel";

/**
 * pi 1.6.0: whether a provider may hold the model's arguments to the schema. `json_schema` with
 * "prefer" sends a strict schema where the model's compatibility allows one and falls back otherwise;
 * `false` never does. pi-ai reads it when it writes the request (0.73.1's ignores it).
 */
export type ConstrainedSampling = false | { type: "json_schema"; strict: "prefer" | "require" };

export interface ToolDefinition<TParams extends TSchema = TSchema, TDetails = unknown> {
  name: string;
  label: string;
  description: string;
  promptSnippet?: string;
  promptGuidelines?: string[];
  parameters: TParams;
  /** A compatibility shim run on the raw arguments before validation. */
  prepareArguments?: (args: unknown) => Static<TParams>;
  executionMode?: ExecutionMode;
  constrainedSampling?: ConstrainedSampling;
  execute(
    toolCallId: string,
    params: Static<TParams>,
    signal: AbortSignal | undefined,
    onUpdate: AgentToolUpdateCallback<TDetails> | undefined,
    ctx: ToolContext | undefined,
  ): Promise<AgentToolResult<TDetails>>;
}

export interface AgentTool<TParams extends TSchema = TSchema, TDetails = unknown> {
  name: string;
  label: string;
  description: string;
  parameters: TParams;
  prepareArguments?: (args: unknown) => Static<TParams>;
  executionMode?: ExecutionMode;
  constrainedSampling?: ConstrainedSampling;
  execute(
    toolCallId: string,
    params: Static<TParams>,
    signal?: AbortSignal,
    onUpdate?: AgentToolUpdateCallback<TDetails>,
    /**
     * Deviation: what the loop adds to the call's context (pi 1.6.0's `executeTool`). pi's AgentTool
     * takes four arguments and its session builds that context; here the pipeline owns nested calls.
     */
    extra?: ToolContext,
  ): Promise<AgentToolResult<TDetails>>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds tools of every parameter type, as pi's does.
export type AnyToolDefinition = ToolDefinition<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: a registry holds tools of every parameter type, as pi's does.
export type AnyAgentTool = AgentTool<any, any>;
