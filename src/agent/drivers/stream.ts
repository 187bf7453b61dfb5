/**
 * Replays a finished assistant message as pi-ai's streaming events (start, a start / delta / end triple
 * per content block, then done or error), so a scripted or manual reply looks to the loop and the UI
 * exactly like a streamed one. Each event's `partial` is the message so far, as a provider's stream has
 * it: a block opens empty (no text yet, a tool call with no arguments), its delta fills it, its end
 * closes it. So the page can rebuild the message from the deltas alone (agent/message-delta.ts), as it
 * does a model's.
 */
import type { AssistantMessage, AssistantMessageEvent } from "../messages";
import { EMPTY_USAGE } from "../messages";

export function assistantMessage(
  content: AssistantMessage["content"],
  stopReason: AssistantMessage["stopReason"],
  provider: string,
  errorMessage?: string,
): AssistantMessage {
  const message: AssistantMessage = {
    role: "assistant",
    content,
    api: "playground",
    provider,
    model: provider,
    usage: EMPTY_USAGE,
    stopReason,
    timestamp: Date.now(),
  };
  if (errorMessage !== undefined) message.errorMessage = errorMessage;
  return message;
}

export async function* streamMessage(final: AssistantMessage): AsyncGenerator<AssistantMessageEvent> {
  const partial = (n: number): AssistantMessage => ({ ...final, content: final.content.slice(0, n) });
  const opening = (i: number): AssistantMessage => {
    const block = final.content[i];
    const empty =
      block.type === "text"
        ? { ...block, text: "" }
        : block.type === "thinking"
          ? { ...block, thinking: "" }
          : block.type === "toolCall"
            ? { ...block, arguments: {} }
            : block;
    return { ...final, content: [...final.content.slice(0, i), empty] };
  };
  yield { type: "start", partial: partial(0) };
  for (let i = 0; i < final.content.length; i++) {
    const block = final.content[i];
    const p = partial(i + 1);
    const start = opening(i);
    if (block.type === "text") {
      yield { type: "text_start", contentIndex: i, partial: start };
      yield { type: "text_delta", contentIndex: i, delta: block.text, partial: p };
      yield { type: "text_end", contentIndex: i, content: block.text, partial: p };
    } else if (block.type === "thinking") {
      yield { type: "thinking_start", contentIndex: i, partial: start };
      yield { type: "thinking_delta", contentIndex: i, delta: block.thinking, partial: p };
      yield { type: "thinking_end", contentIndex: i, content: block.thinking, partial: p };
    } else {
      yield { type: "toolcall_start", contentIndex: i, partial: start };
      yield {
        type: "toolcall_delta",
        contentIndex: i,
        delta: JSON.stringify(block.arguments) ?? "",
        partial: p,
      };
      yield { type: "toolcall_end", contentIndex: i, toolCall: block, partial: p };
    }
  }
  if (final.stopReason === "error" || final.stopReason === "aborted")
    yield { type: "error", reason: final.stopReason, error: final };
  else yield { type: "done", reason: final.stopReason, message: final };
}
