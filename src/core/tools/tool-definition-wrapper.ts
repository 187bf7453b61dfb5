/**
 * Between the two layers of a tool, as pi 0.73.1 has them (`dist/core/tools/tool-definition-wrapper.js`):
 * `wrapToolDefinition` makes the AgentTool the loop runs (snippet and guidelines stay behind, `ctx`
 * comes from the factory when one is given), `createToolDefinitionFromAgentTool` goes the other way
 * (with no snippet or guidelines, so such a tool is missing from the prompt's tool list).
 *
 * Deviation: the context is the playground's ToolContext, not pi's ExtensionContext.
 */

import type { TSchema } from "typebox";
import type { AgentTool, AnyAgentTool, AnyToolDefinition, ToolContext, ToolDefinition } from "./types";

/** Builds the context a tool call sees; pi's AgentSession passes `() => runner.createContext()`. */
export type ToolContextFactory = (
  toolCallId: string,
  signal: AbortSignal | undefined,
) => ToolContext | undefined;

export function wrapToolDefinition<TParams extends TSchema, TDetails>(
  definition: ToolDefinition<TParams, TDetails>,
  ctxFactory?: ToolContextFactory,
): AgentTool<TParams, TDetails> {
  const tool: AgentTool<TParams, TDetails> = {
    name: definition.name,
    label: definition.label,
    description: definition.description,
    parameters: definition.parameters,
    execute: (toolCallId, params, signal, onUpdate, extra) => {
      const ctx = ctxFactory?.(toolCallId, signal);
      return definition.execute(toolCallId, params, signal, onUpdate, extra ? { ...ctx, ...extra } : ctx);
    },
  };
  if (definition.prepareArguments) tool.prepareArguments = definition.prepareArguments;
  if (definition.executionMode) tool.executionMode = definition.executionMode;
  if (definition.constrainedSampling !== undefined) tool.constrainedSampling = definition.constrainedSampling;
  return tool;
}

export function wrapToolDefinitions(
  definitions: readonly AnyToolDefinition[],
  ctxFactory?: ToolContextFactory,
): AnyAgentTool[] {
  return definitions.map((definition) => wrapToolDefinition(definition, ctxFactory));
}

export function createToolDefinitionFromAgentTool(tool: AnyAgentTool): AnyToolDefinition {
  const definition: AnyToolDefinition = {
    name: tool.name,
    label: tool.label,
    description: tool.description,
    parameters: tool.parameters,
    execute: (toolCallId, params, signal, onUpdate) => tool.execute(toolCallId, params, signal, onUpdate),
  };
  if (tool.prepareArguments) definition.prepareArguments = tool.prepareArguments;
  if (tool.executionMode) definition.executionMode = tool.executionMode;
  return definition;
}
