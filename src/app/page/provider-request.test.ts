import type { Api, Model } from "@mariozechner/pi-ai";
import { describe, expect, it } from "vitest";
import { maskedBody, requestHeaders, wireView } from "./provider-request";

const KEY = "sk-request-headers-0123456789wxyz";
const model = (api: Api, headers?: Record<string, string>) => ({ api, headers }) as unknown as Model<Api>;

describe("what the Request tab lists", () => {
  it("names the auth header each dialect sends, the key masked", () => {
    expect(requestHeaders(model("anthropic-messages"), KEY)).toEqual([["x-api-key", "••••wxyz"]]);
    expect(requestHeaders(model("openai-completions"), KEY)).toEqual([["authorization", "Bearer ••••wxyz"]]);
    expect(requestHeaders(model("openai-responses"), "")).toEqual([["authorization", "Bearer (none)"]]);
  });

  it("adds the model's own headers, masking the key should one carry it", () => {
    const headers = requestHeaders(model("openai-completions", { "x-title": "pi", "x-auth": KEY }), KEY);
    expect(headers).toEqual([
      ["authorization", "Bearer ••••wxyz"],
      ["x-title", "pi"],
      ["x-auth", "••••wxyz"],
    ]);
    expect(JSON.stringify(headers)).not.toContain(KEY);
  });

  it("masks the key and key-shaped text in a body, leaving the rest as it was", () => {
    const body = { model: "m", messages: [{ role: "user", content: `my key is ${KEY}` }], max_tokens: 10 };
    const masked = maskedBody(body, KEY) as typeof body;
    expect(JSON.stringify(masked)).not.toContain(KEY);
    expect(masked.model).toBe("m");
    expect(masked.max_tokens).toBe(10);
    expect(maskedBody({ a: [1, "two"] }, "")).toEqual({ a: [1, "two"] });
  });

  it("shows pi-ai 1.6.0's Anthropic beta list as the header the SDK sends, not in the body", () => {
    const view = wireView(model("anthropic-messages"), { model: "m", betas: ["a-1", "b-2"] }, KEY);
    expect(view.body).toEqual({ model: "m" });
    expect(view.headers).toEqual([
      ["x-api-key", "••••wxyz"],
      ["anthropic-beta", "a-1,b-2"],
    ]);
    expect(wireView(model("openai-completions"), { model: "m" }, KEY).body).toEqual({ model: "m" });
  });
});
