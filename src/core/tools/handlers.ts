/**
 * The dispatch table's handler column: a tool's definition (name, schema, description, prompt snippet,
 * guidelines) is what the model sees; its handler is the execute function the table points the name at.
 * Swapping the handler keeps the definition, so the prompt and the declarations do not change.
 *
 * A handler source is a named set of execute functions by tool name. "pi" is the definitions' own;
 * mini-pi offers read, bash, edit and write; any other source (a learner's tool registered as a
 * replacement, say) is one more entry in the same record.
 */
import type { ToolExecute } from "./mini-pi/handler";
import type { AnyToolDefinition } from "./types";

export type { ToolExecute } from "./mini-pi/handler";

export const PI_HANDLER = "pi";

export type HandlerSet = Readonly<Partial<Record<string, ToolExecute>>>;

/** Source id → its handlers; "pi" need not be listed (it is every definition's own execute). */
export type HandlerSources = Readonly<Record<string, HandlerSet>>;

/** The handlers offered for a tool: pi's first, then every source that has one for this name. */
export function handlersFor(sources: HandlerSources, toolName: string): string[] {
  const others = Object.keys(sources).filter((id) => id !== PI_HANDLER && sources[id]?.[toolName]);
  return [PI_HANDLER, ...others];
}

/** The definitions with each chosen handler in the execute slot (unknown choices fall back to pi's). */
export function applyHandlers(
  definitions: readonly AnyToolDefinition[],
  sources: HandlerSources,
  choice: Readonly<Record<string, string>>,
): AnyToolDefinition[] {
  return definitions.map((d) => {
    const id = choice[d.name] ?? PI_HANDLER;
    const execute = id === PI_HANDLER ? undefined : sources[id]?.[d.name];
    return execute ? { ...d, execute } : d;
  });
}
