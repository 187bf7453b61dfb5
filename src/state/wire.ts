import type { ToolDeclaration } from "@core/system-prompt/types";
import { anthropicRequest, openAiChatRequest } from "@core/system-prompt/wire";
import type { TranscriptEntry } from "./transcript";

export type WireProvider = "anthropic" | "openai";

/**
 * The next request as a provider would receive it (docs/pi-contract.md §7.4): the rendered system prompt,
 * the declared tools in the provider's shape, and the conversation so far. The playground sends
 * nothing anywhere.
 */
export function wireRequest(
  provider: WireProvider,
  system: string,
  tools: readonly ToolDeclaration[],
  entries: readonly TranscriptEntry[],
): unknown {
  return provider === "anthropic" ? anthropic(system, tools, entries) : openai(system, tools, entries);
}

function anthropic(system: string, tools: readonly ToolDeclaration[], entries: readonly TranscriptEntry[]) {
  const messages: { role: "user" | "assistant"; content: unknown[] }[] = [];
  const push = (role: "user" | "assistant", block: unknown) => {
    const last = messages[messages.length - 1];
    if (last?.role === role) last.content.push(block);
    else messages.push({ role, content: [block] });
  };
  for (const e of entries) {
    if (e.kind === "user") push("user", { type: "text", text: e.text });
    else if (e.kind === "assistant") {
      if (e.text) push("assistant", { type: "text", text: e.text });
      for (const c of e.toolCalls)
        push("assistant", { type: "tool_use", id: c.id, name: c.name, input: c.args });
    } else if (e.kind === "tool_result") {
      push("user", {
        type: "tool_result",
        tool_use_id: e.toolCallId,
        content: e.content.map((c) =>
          c.type === "text"
            ? { type: "text", text: c.text }
            : {
                type: "image",
                source: { type: "base64", media_type: c.mimeType, data: `<${c.data.length} base64 chars>` },
              },
        ),
        is_error: e.isError,
      });
    }
  }
  // core builds the prompt and tool shapes; the conversation is added from the transcript.
  return { ...anthropicRequest(system, [...tools]), max_tokens: 4096, messages };
}

function openai(system: string, tools: readonly ToolDeclaration[], entries: readonly TranscriptEntry[]) {
  const messages: unknown[] = [];
  for (const e of entries) {
    if (e.kind === "user") messages.push({ role: "user", content: e.text });
    else if (e.kind === "assistant") {
      messages.push({
        role: "assistant",
        content: e.text || null,
        ...(e.toolCalls.length > 0
          ? {
              tool_calls: e.toolCalls.map((c) => ({
                id: c.id,
                type: "function",
                function: { name: c.name, arguments: JSON.stringify(c.args) },
              })),
            }
          : {}),
      });
    } else if (e.kind === "tool_result") {
      messages.push({
        role: "tool",
        tool_call_id: e.toolCallId,
        content: e.content.map((c) => (c.type === "text" ? c.text : `(image ${c.mimeType})`)).join("\n"),
      });
    }
  }
  const base = openAiChatRequest(system, [...tools]);
  return { ...base, messages: [...base.messages, ...messages] };
}
