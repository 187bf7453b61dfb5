/**
 * The tools and system prompt as a provider receives them (docs/pi-contract.md §7.4), for display. Anthropic Messages: `input_schema` keeps only type, properties and
 * required unless strict sampling is on; the last tool carries `cache_control` when caching.
 * OpenAI-compatible chat: one `function` tool per declaration and the prompt as the first message.
 */
import type { ToolDeclaration } from "./types";

interface SchemaLike {
  properties?: unknown;
  required?: string[];
}

export function anthropicRequest(
  systemPrompt: string,
  tools: ToolDeclaration[],
  options: { strict?: boolean; cache?: boolean; model?: string } = {},
) {
  return {
    model: options.model ?? "claude-sonnet-4-5",
    system: systemPrompt,
    tools: tools.map((tool, index) => {
      const schema = (tool.parameters ?? {}) as SchemaLike;
      const legacy = {
        type: "object" as const,
        properties: schema.properties ?? {},
        required: schema.required ?? [],
      };
      const input_schema = options.strict ? { ...(tool.parameters as object), ...legacy } : legacy;
      return {
        name: tool.name,
        description: tool.description,
        ...(options.strict ? { strict: true } : {}),
        input_schema,
        ...(options.cache && index === tools.length - 1
          ? { cache_control: { type: "ephemeral" as const } }
          : {}),
      };
    }),
    messages: [] as unknown[],
  };
}

export function openAiChatRequest(
  systemPrompt: string,
  tools: ToolDeclaration[],
  options: { model?: string } = {},
) {
  return {
    model: options.model ?? "gpt-4.1",
    messages: [{ role: "system" as const, content: systemPrompt }],
    tools: tools.map((tool) => ({
      type: "function" as const,
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    })),
  };
}
