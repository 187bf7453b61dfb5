/**
 * pi 1.6.0's nested tool calls: a running tool's context has `executeTool(name, args)`, which runs
 * another tool through the same pipeline (prepare, validate, hooks, execute) on the caller's behalf. The
 * nested call gets the id `<caller's id>/<n>` and its own tool_execution_* events carrying
 * `parentToolCallId`; it makes no toolResult message (its outcome goes back to the calling tool), and a
 * tool's failure comes back as `isError`, never as a throw. Nested calls may nest in turn.
 *
 * Deviation: pi also queues a nested call to a sequential tool behind the others; here it runs when asked.
 */
import type {
  AgentToolUpdateCallback,
  AnyAgentTool,
  NestedCallOptions,
  ToolCallOutcome,
  ToolContext,
} from "@core/tools/types";
import type { ToolCall } from "./messages";

/** Whose call a nested one is, and where its updates go besides the event stream. */
export interface NestedScope {
  parent: string;
  onUpdate?: AgentToolUpdateCallback | undefined;
}

export type RunNested = (
  toolCall: ToolCall,
  scope: NestedScope,
  signal: AbortSignal | undefined,
) => Promise<ToolCallOutcome>;

/**
 * The context part a call with id `parent` gets. `counts` numbers each caller's nested calls and is
 * shared by the whole batch, so a call's ids stay unique however deep its calls nest.
 */
export function nestedContext(
  parent: string,
  tools: readonly AnyAgentTool[],
  counts: Map<string, number>,
  run: RunNested,
): ToolContext {
  return {
    tools: tools.map((t) => t.name),
    executeTool: (name: string, args: unknown, options: NestedCallOptions = {}) => {
      const n = (counts.get(parent) ?? 0) + 1;
      counts.set(parent, n);
      const toolCall: ToolCall = {
        type: "toolCall",
        id: `${parent}/${n}`,
        name,
        arguments: (args ?? {}) as Record<string, unknown>,
      };
      return run(toolCall, { parent, onUpdate: options.onUpdate }, options.signal);
    },
  };
}
