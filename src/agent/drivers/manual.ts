/**
 * The manual driver: a call typed by hand becomes an assistant message holding that one tool call, run
 * through the same loop and pipeline; the run stops after that turn (pi's `shouldStopAfterTurn`), so no
 * model is asked about the result.
 */
import type { Emit } from "../events";
import type { ToolCall } from "../messages";
import type { Driver } from "../types";
import { assistantMessage, streamMessage } from "./stream";

/** Parses the raw JSON a person typed; a parse failure is an Error saying where. */
export function parseManualArguments(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed === "") return {};
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    throw new Error(
      `The arguments are not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error('The arguments must be a JSON object, like {"path": "README.md"}');
  return value as Record<string, unknown>;
}

export function createManualDriver(call: ToolCall, emit?: Emit): Driver {
  let used = false;
  return async (request, signal) => {
    const stopReason = signal?.aborted ? "aborted" : "toolUse";
    emit?.({
      type: "driver_request",
      driver: "manual",
      step: null,
      messages: request.messages.length,
      tools: request.tools.map((t) => t.name),
      stopReason,
    });
    if (used || signal?.aborted) return streamMessage(assistantMessage([], "aborted", "manual"));
    used = true;
    return streamMessage(assistantMessage([structuredClone(call)], "toolUse", "manual"));
  };
}
