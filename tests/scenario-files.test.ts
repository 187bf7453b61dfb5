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
import { allToolNames } from "@core/tools/index";
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
