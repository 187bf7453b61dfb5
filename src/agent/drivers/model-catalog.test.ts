import { getModel } from "@mariozechner/pi-ai";
import { describe, expect, it } from "vitest";
import { knownModels, UNKNOWN_MODEL_DEFAULTS } from "./model-catalog";
import { resolveModel } from "./model-spec";

describe("the models pi-ai knows, for the Model field", () => {
  it("lists a provider's models with pi-ai's own context window and prices", () => {
    const list = knownModels("anthropic", "anthropic-messages");
    expect(list.length).toBeGreaterThan(5);
    const haiku = list.find((m) => m.id === "claude-haiku-4-5");
    const table = getModel("anthropic", "claude-haiku-4-5");
    expect(haiku).toEqual({
      id: table.id,
      name: table.name,
      contextWindow: table.contextWindow,
      maxTokens: table.maxTokens,
      reasoning: table.reasoning,
      cost: table.cost,
    });
    // each offered model resolves to the table's entry, as the run would use it
    for (const m of list.slice(0, 5))
      expect(resolveModel({ provider: "anthropic", id: m.id }).contextWindow).toBe(m.contextWindow);
  });

  it("offers only models of the preset's dialect", () => {
    for (const m of knownModels("openai", "openai-responses"))
      expect(getModel("openai", m.id as never).api).toBe("openai-responses");
    expect(knownModels("anthropic", "openai-completions")).toEqual([]);
  });

  it("has none for a provider name pi-ai does not know; such a model gets pi's id-only defaults", () => {
    expect(knownModels("ollama", "openai-completions")).toEqual([]);
    const model = resolveModel({
      provider: "ollama",
      id: "qwen2.5-coder:7b",
      api: "openai-completions",
      baseUrl: "http://localhost:11434/v1",
    });
    expect(model).toMatchObject(UNKNOWN_MODEL_DEFAULTS);
  });
});
