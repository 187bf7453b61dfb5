/**
 * The scenario files the repository ships and publishes: each shipped scenario validates and points
 * editors at the schema, the committed schema is what the definition generates, and a bad scenario sent
 * straight to the session (as a worker would receive it) is reported, not thrown.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { SessionEvent } from "@agent/events";
import { parseScenarioText } from "@agent/scenario";
import { SCENARIO_TOOL_NAMES, scenarioJsonSchema } from "@agent/scenario-schema";
import { Playground } from "@app/worker/playground";
import { runScenarioHeadless } from "@app/worker/run-scenario";
import { allToolNames, createToolDefinition, type ToolsOptions } from "@core/tools/index";
import { validateToolArguments as piValidate } from "@mariozechner/pi-ai";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const shipped = join(root, "public/scenarios");
const files = readdirSync(shipped).filter((f) => f.endsWith(".json") && f !== "index.json");

describe("shipped scenarios", () => {
  it.each(files)("%s validates and names the schema by a path that exists", (file) => {
    const text = readFileSync(join(shipped, file), "utf8");
    expect(() => parseScenarioText(text, file)).not.toThrow();
    const { $schema } = JSON.parse(text) as { $schema?: string };
    expect($schema).toBe("../../docs/scenario.schema.json");
    expect(resolve(shipped, $schema as string)).toBe(join(root, "docs/scenario.schema.json"));
  });
});

describe("docs/scenario.schema.json", () => {
  it("is what the loader's definition generates (run `npm run schema` after changing the format)", () => {
    const committed = readFileSync(join(root, "docs/scenario.schema.json"), "utf8");
    expect(committed).toBe(scenarioJsonSchema());
  });

  it("lists exactly the playground's tools", () => {
    expect([...SCENARIO_TOOL_NAMES]).toEqual([...allToolNames]);
    const published = readFileSync(join(root, "docs/scenario.schema.json"), "utf8");
    for (const name of allToolNames) expect(published).toContain(`"${name}"`);
  });

  it("the repository has the file the shipped scenarios point at", () => {
    expect(existsSync(join(root, "docs/scenario.schema.json"))).toBe(true);
  });
});

describe("a bad scenario that reaches the session directly", () => {
  it("becomes a session_error with the one line, and the loaded scenario stays", () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init" });
    playground.handle({ type: "scenario_load", scenario: { steps: [{ user: "hi" }] } as never });
    const player = playground.scenarios.player;
    expect(player).toBeDefined();
    const bad = { steps: [{ user: "hi" }, { assistant: { content: [{ type: "toolCall", name: "read" }] } }] };
    expect(() => playground.handle({ type: "scenario_load", scenario: bad as never })).not.toThrow();
    const error = events.find((e) => e.type === "session_error");
    expect(error).toMatchObject({
      message:
        "scenario: steps[1].assistant.content[0].id: missing, expected a non-empty string (every tool call needs an id the result can answer)",
    });
    expect(playground.scenarios.player).toBe(player);
  });
});

/**
 * A scenario stands in for a model, and a model can send any JSON value as a call's arguments, or none.
 * Each loads, and the call's pipeline answers it as pi 0.73.1 does: prepareArguments (edit has one),
 * then pi-ai's own validateToolArguments, whose error text becomes the call's result. The expected text
 * is computed by pi-ai itself here, on the playground's own tool definitions, and the common cases are
 * also written out so a reader sees the answer.
 */
describe("a tool call's arguments: any JSON value, answered as pi answers it", () => {
  const kinds: [string, unknown][] = [
    ["an array", ["notes.md"]],
    ["a string", "notes.md"],
    ["a number", 5],
    ["null", null],
    ["true", true],
    ["none", undefined],
    ["an empty object", {}],
  ];
  const scenarioWith = (name: string, args: unknown) => ({
    title: "arguments",
    // The answers below are pi 0.73.1's (its TypeBox validator); the scenario plays on that version.
    pi: "0.73.1",
    workspace: { files: { "notes.md": "hello\n" } },
    steps: [
      { user: "go" },
      {
        assistant: {
          content: [{ type: "toolCall", id: "c1", name, ...(args === undefined ? {} : { arguments: args }) }],
        },
      },
      { assistant: { content: [{ type: "text", text: "done" }] } },
    ],
  });
  const piAnswer = (name: string, args: unknown): string => {
    const definition = createToolDefinition(name, "/workspace", { read: {}, edit: {} } as ToolsOptions);
    const prepared = definition.prepareArguments ? definition.prepareArguments(args) : args;
    try {
      piValidate(definition as never, { type: "toolCall", id: "c1", name, arguments: prepared as never });
      return "valid";
    } catch (error) {
      return (error as Error).message;
    }
  };
  const resultOf = async (name: string, args: unknown) => {
    const scenario = parseScenarioText(JSON.stringify(scenarioWith(name, args)), "arguments.json");
    const { events } = await runScenarioHeadless(scenario);
    const end = events.find((e) => e.type === "tool_execution_end");
    if (end?.type !== "tool_execution_end") throw new Error("the call did not end");
    const text = (end.result as { content: { type: string; text?: string }[] }).content
      .map((c) => c.text ?? "")
      .join("");
    return { isError: end.isError, text };
  };

  it.each(kinds)("%s loads, and the read call fails with pi-ai's own validation text", async (_, args) => {
    const expected = piAnswer("read", args);
    expect(expected).not.toBe("valid");
    expect(await resultOf("read", args)).toEqual({ isError: true, text: expected });
  });

  it.each(kinds)(
    "%s loads, and the edit call (which has prepareArguments) fails as pi's does",
    async (_, args) => {
      const expected = piAnswer("edit", args);
      expect(expected).not.toBe("valid");
      expect(await resultOf("edit", args)).toEqual({ isError: true, text: expected });
    },
  );

  it("the answers, written out", async () => {
    expect((await resultOf("read", ["notes.md"])).text).toBe(
      'Validation failed for tool "read":\n  - root: must be object\n\nReceived arguments:\n[\n  "notes.md"\n]',
    );
    expect((await resultOf("read", null)).text).toBe(
      'Validation failed for tool "read":\n  - root: must be object\n\nReceived arguments:\nnull',
    );
    expect((await resultOf("read", undefined)).text).toBe(
      'Validation failed for tool "read":\n  - root: must be object\n\nReceived arguments:\nundefined',
    );
    expect((await resultOf("edit", "x")).text).toBe(
      'Validation failed for tool "edit":\n  - root: must be object\n\nReceived arguments:\n"x"',
    );
    // An object with what read needs runs as usual.
    expect(await resultOf("read", { path: "notes.md" })).toEqual({ isError: false, text: "hello\n" });
  });
});
