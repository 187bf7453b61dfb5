import { describe, expect, it } from "vitest";
import { CUSTOM_MODEL_DEFAULTS, resolveModel } from "./model-spec";

describe("resolveModel", () => {
  it("takes a model pi-ai knows from its table, with a base URL override when given", () => {
    const model = resolveModel({
      provider: "anthropic",
      id: "claude-haiku-4-5",
      baseUrl: "http://127.0.0.1:9/a",
    });
    expect(model).toMatchObject({
      api: "anthropic-messages",
      provider: "anthropic",
      reasoning: true,
      baseUrl: "http://127.0.0.1:9/a",
    });
    expect(model.maxTokens).toBeGreaterThan(CUSTOM_MODEL_DEFAULTS.maxTokens);
  });

  it("gives an unknown model pi's defaults for a models.json entry holding only an id", () => {
    expect(
      resolveModel({
        provider: "deepseek-anthropic",
        id: "deepseek-chat",
        api: "anthropic-messages",
        baseUrl: "https://api.deepseek.com/anthropic",
      }),
    ).toEqual({
      id: "deepseek-chat",
      name: "deepseek-chat",
      api: "anthropic-messages",
      provider: "deepseek-anthropic",
      baseUrl: "https://api.deepseek.com/anthropic",
      reasoning: false,
      input: ["text"],
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
      contextWindow: 128000,
      maxTokens: 16384,
    });
  });

  it("an unknown id under a built-in provider takes that provider's dialect and base URL, as pi does", () => {
    const model = resolveModel({ provider: "anthropic", id: "claude-from-the-future" });
    expect(model).toMatchObject({
      api: "anthropic-messages",
      baseUrl: "https://api.anthropic.com",
      maxTokens: 16384,
    });
  });

  it("says what is missing for an unknown model", () => {
    expect(() => resolveModel({ provider: "mine", id: "x" })).toThrow(/choose its wire dialect/);
    expect(() => resolveModel({ provider: "mine", id: "x", api: "openai-completions" })).toThrow(
      /needs a base URL/,
    );
  });
});
