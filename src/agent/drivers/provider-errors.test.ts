import { describe, expect, it } from "vitest";
import { isInsecureBaseUrl } from "./model-presets";
import { classifyProviderFailure, type FailureFacts, failureInEnglish, statusOf } from "./provider-errors";

/** The sentence an assistant message carries for these facts. */
const explainProviderFailure = (facts: FailureFacts) => failureInEnglish(classifyProviderFailure(facts));

const base = { baseUrl: "http://localhost:11434/v1", provider: "ollama", modelId: "qwen" };

describe("explainProviderFailure", () => {
  it("tells a closed port from a CORS block by the probe, and names the fix for that provider", () => {
    const down = explainProviderFailure({ ...base, text: "Connection error.", reachable: false });
    expect(down).toMatch(/^Nothing answered at http:\/\/localhost:11434\/v1: the server is not running/);
    const cors = explainProviderFailure({ ...base, text: "Connection error.", reachable: true });
    expect(cors).toMatch(/blocked the answer .* \(CORS\)/);
    expect(cors).toContain("OLLAMA_ORIGINS");
    const lm = explainProviderFailure({
      ...base,
      provider: "lmstudio",
      text: "Failed to fetch",
      reachable: true,
    });
    expect(lm).toContain('"Enable CORS"');
    expect(explainProviderFailure({ ...base, text: "Connection error.", online: false })).toMatch(/offline/);
  });

  it("names a refused key, an unknown model and a rate limit, and keeps what the provider said", () => {
    const bad = explainProviderFailure({ ...base, text: "401 Incorrect API key provided: sk-••••" });
    expect(bad).toMatch(/^The provider refused the API key \(401\)/);
    expect(bad).toContain("(The provider said: 401 Incorrect API key provided: sk-••••)");
    expect(explainProviderFailure({ ...base, text: "403 forbidden" })).toMatch(/refused the API key \(403\)/);
    expect(explainProviderFailure({ ...base, text: "404 model not found" })).toMatch(
      /does not know the model "qwen"/,
    );
    expect(explainProviderFailure({ ...base, text: "429 Please try again in 20s" })).toMatch(
      /rate limiting you \(429\)\. The provider asks you to wait 20 s/,
    );
    expect(explainProviderFailure({ ...base, text: "Anthropic stream ended before message_stop" })).toBe(
      "The request failed: Anthropic stream ended before message_stop.",
    );
  });

  it("hands the page a code and its values, with the provider's text whole", () => {
    expect(classifyProviderFailure({ ...base, text: "Connection error.", reachable: true })).toEqual({
      code: "cors",
      baseUrl: base.baseUrl,
      provider: "ollama",
      said: "Connection error.",
    });
    expect(classifyProviderFailure({ ...base, text: "429 Please retry in 1.5 minutes" })).toEqual({
      code: "rateLimited",
      status: 429,
      wait: { amount: "1.5", unit: "min" },
      said: "429 Please retry in 1.5 minutes",
    });
    expect(classifyProviderFailure({ ...base, text: "  " })).toEqual({ code: "failed", said: "" });
  });

  it("reads the status where the SDKs put it", () => {
    expect(statusOf('401 {"type":"error"}')).toBe(401);
    expect(statusOf("Request failed with status code 429")).toBe(429);
    expect(statusOf("Connection error.")).toBeUndefined();
  });
});

describe("isInsecureBaseUrl", () => {
  it("warns for plain http to another machine only", () => {
    expect(isInsecureBaseUrl("http://192.168.1.20:11434/v1")).toBe(true);
    expect(isInsecureBaseUrl("http://models.example/v1")).toBe(true);
    expect(isInsecureBaseUrl("http://localhost:11434/v1")).toBe(false);
    expect(isInsecureBaseUrl("http://127.0.0.1:8080/v1")).toBe(false);
    expect(isInsecureBaseUrl("http://[::1]:8080/v1")).toBe(false);
    expect(isInsecureBaseUrl("https://api.groq.com/openai/v1")).toBe(false);
  });
});
