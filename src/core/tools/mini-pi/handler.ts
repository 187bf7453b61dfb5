/**
 * mini-pi's handler shape: a function of the call's input that returns a string. It sees no toolCallId,
 * no AbortSignal, no update callback and no context, and it cannot return content blocks or details.
 * `toExecute` adapts one to the execute slot of pi's ToolDefinition, so the definition (and with it the
 * prompt) stays pi's while the table points the name at this function.
 */
import type { AnyToolDefinition } from "../types";

export type MiniPiHandler = (input: Record<string, unknown>) => Promise<string>;

export type ToolExecute = AnyToolDefinition["execute"];

export function toExecute(handler: MiniPiHandler): ToolExecute {
  // A throw passes through: the pipeline turns it into an error result, as the tutorial's loop does.
  return async (_toolCallId, params) => ({
    content: [{ type: "text", text: await handler(params as Record<string, unknown>) }],
    details: undefined,
  });
}
