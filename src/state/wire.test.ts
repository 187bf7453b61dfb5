import { describe, expect, it } from "vitest";
import { readLikeSchema as schema } from "./session-events.fixture";
import { wireRequest } from "./wire";

describe("wire request", () => {
  const decl = [{ name: "read", description: "Read a file", parameters: schema }];
  const entries = [
    { kind: "user" as const, key: "1", text: "hi" },
    {
      kind: "assistant" as const,
      key: "2",
      text: "",
      toolCalls: [{ id: "c1", name: "read", args: { path: "a" } }],
      stopReason: "toolUse",
      streaming: false,
    },
    {
      kind: "tool_result" as const,
      key: "3",
      toolCallId: "c1",
      toolName: "read",
      content: [{ type: "text" as const, text: "A" }],
      isError: false,
    },
  ];
  it("shapes tools and the conversation as Anthropic receives them", () => {
    const r = wireRequest("anthropic", "SYS", decl, entries) as {
      system: string;
      tools: { input_schema: unknown }[];
      messages: { role: string; content: { type: string }[] }[];
    };
    expect(r.system).toBe("SYS");
    expect(r.tools[0].input_schema).toEqual({
      type: "object",
      properties: schema.properties,
      required: ["path"],
    });
    expect(r.messages.map((m) => [m.role, m.content.map((c) => c.type)])).toEqual([
      ["user", ["text"]],
      ["assistant", ["tool_use"]],
      ["user", ["tool_result"]],
    ]);
  });
  it("and as an OpenAI-compatible chat request", () => {
    const r = wireRequest("openai", "SYS", decl, entries) as {
      messages: { role: string }[];
      tools: { type: string }[];
    };
    expect(r.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "tool"]);
    expect(r.tools[0].type).toBe("function");
  });
});
