/**
 * A result edited at a breakpoint, before it goes back to the model: what a learner may change (the
 * content blocks and the error flag) and the shape it must keep, since the transcript, the event stream
 * and the next request all read it as a tool result.
 */
import type { AgentToolResult } from "@core/tools/types";

type Outcome = { result: AgentToolResult; isError: boolean };

const isBlock = (b: unknown) => {
  if (typeof b !== "object" || b === null) return false;
  const block = b as Record<string, unknown>;
  if (block.type === "text") return typeof block.text === "string";
  return block.type === "image" && typeof block.data === "string" && typeof block.mimeType === "string";
};

/** What is wrong with an edited result, or nothing when it can go back as it is. */
export function resultEditProblem(
  edit: Record<string, unknown>,
): { part: "content" | "isError"; error: string } | undefined {
  if (edit.content !== undefined && !(Array.isArray(edit.content) && edit.content.every(isBlock)))
    return {
      part: "content",
      error:
        'content must be a list of text blocks ({"type": "text", "text": "..."}) or image blocks ({"type": "image", "data": "...", "mimeType": "..."})',
    };
  if (edit.isError !== undefined && typeof edit.isError !== "boolean")
    return { part: "isError", error: "isError must be true or false" };
  return undefined;
}

/** The outcome with the edit's content and error flag; the rest of the result stays as it was. */
export function editedOutcome(outcome: Outcome, edit: Record<string, unknown>): Outcome {
  return {
    result: {
      ...outcome.result,
      ...(edit.content !== undefined ? { content: edit.content as AgentToolResult["content"] } : {}),
    },
    isError: typeof edit.isError === "boolean" ? edit.isError : outcome.isError,
  };
}
