import { describe, expect, it } from "vitest";
import { checkJson } from "./json-error";
import { createPrefsStore, DEFAULT_PREFS, parsePrefs } from "./prefs";
import { argsFromForm, schemaFields } from "./schema-fields";
import { wireRequest } from "./wire";

const schema = {
  type: "object",
  properties: {
    path: { type: "string", description: "file" },
    limit: { type: "number", description: "lines" },
    edits: {
      type: "array",
      items: { type: "object", properties: { oldText: { type: "string" } }, required: ["oldText"] },
    },
  },
  required: ["path"],
};

describe("checkJson", () => {
  it("marks the line and column where the text stops being JSON", () => {
    const r = checkJson('{\n  "a": 1,\n}');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.problem.line, r.problem.column, r.problem.lineText]).toEqual([3, 1, "}"]);
  });
  it("points at the end for text that stops early", () => {
    const r = checkJson('{"a": ');
    expect(!r.ok && r.problem.offset).toBe(6);
  });
});

describe("schema fields", () => {
  it("reads the top level of a schema and builds arguments from form strings", () => {
    const fields = schemaFields(schema);
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ["path", "string", true],
      ["limit", "number", false],
      ["edits", "array", false],
    ]);
    expect(fields[2].items).toBe("{ oldText: string }");
    expect(argsFromForm(fields, { path: "a", limit: "3", edits: '[{"oldText":"x"}]' })).toEqual({
      path: "a",
      limit: 3,
      edits: [{ oldText: "x" }],
    });
    // What is not a number stays as typed, so the pipeline's validation says what is wrong.
    expect(argsFromForm(fields, { path: "a", limit: "many" })).toEqual({ path: "a", limit: "many" });
  });
});

describe("prefs", () => {
  it("keeps only valid stored values and resizes columns within bounds", () => {
    expect(parsePrefs({ theme: "pink", projector: true, columns: [1, 2] })).toEqual({
      ...DEFAULT_PREFS,
      projector: true,
    });
    const prefs = createPrefsStore();
    prefs.resize(0, 0.2);
    expect(prefs.getSnapshot().columns[0]).toBeCloseTo(1.2);
    prefs.resize(0, -5);
    expect(prefs.getSnapshot().columns[0]).toBeCloseTo(1.2);
    prefs.toggleCollapsed("timeline");
    expect(prefs.getSnapshot().collapsed).toEqual({ timeline: true });
  });
});

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
