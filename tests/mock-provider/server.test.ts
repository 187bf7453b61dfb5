/** The mock provider itself: routes, CORS, 401, recording, and that pi-ai reads both of its dialects. */
import { type Api, type Model, streamSimple } from "@mariozechner/pi-ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockProvider, startMockProvider } from "./server";

let mock: MockProvider;
let blocked: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider({ badKeys: ["sk-wrong-key-000000"] });
  blocked = await startMockProvider({ blockCors: true });
});
afterAll(async () => {
  await mock.close();
  await blocked.close();
});

const model = (api: Api, baseUrl: string): Model<Api> => ({
  id: "mock-model",
  name: "mock-model",
  api,
  provider: "mock",
  baseUrl,
  reasoning: false,
  input: ["text"],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 128000,
  maxTokens: 16384,
});

const ask = (api: Api, baseUrl: string, apiKey = "test-key") =>
  streamSimple(
    model(api, baseUrl),
    { messages: [{ role: "user", content: "hi", timestamp: 0 }] },
    { apiKey, maxRetries: 0 },
  );

describe("mock provider", () => {
  it("streams a tool call in pieces that pi-ai reads, in both dialects, and records the bodies", async () => {
    for (const [api, base] of [
      ["anthropic-messages", mock.anthropicBaseUrl],
      ["openai-completions", mock.openaiBaseUrl],
    ] as const) {
      mock.script({
        blocks: [
          { type: "text", text: "Let me look.", pieces: ["Let me ", "look."] },
          { type: "toolCall", id: "call_1", name: "ls", pieces: ['{"pa', 'th":', ' "."}'] },
        ],
      });
      const stream = ask(api, base);
      const deltas: Record<string, string[]> = {};
      for await (const e of stream) if ("delta" in e) deltas[e.type] = [...(deltas[e.type] ?? []), e.delta];
      const message = await stream.result();
      expect(message.stopReason).toBe("toolUse");
      expect(message.content).toEqual([
        { type: "text", text: "Let me look." },
        { type: "toolCall", id: "call_1", name: "ls", arguments: { path: "." } },
      ]);
      // OpenAI's opening tool-call chunk carries "" arguments, which pi-ai passes on as an empty delta.
      expect(deltas.toolcall_delta.filter((d) => d !== "")).toEqual(['{"pa', 'th":', ' "."}']);
      expect(deltas.text_delta).toEqual(["Let me ", "look."]);
      const last = mock.requests[mock.requests.length - 1];
      expect(last.method).toBe("POST");
      expect(last.body).toMatchObject({ model: "mock-model", stream: true });
    }
    expect(mock.requests.slice(0, 2).map((r) => r.path)).toEqual([
      "/anthropic/v1/messages",
      "/openai/v1/chat/completions",
    ]);
  });

  it("streams thinking before the answer, in both dialects", async () => {
    for (const [api, base] of [
      ["anthropic-messages", mock.anthropicBaseUrl],
      ["openai-completions", mock.openaiBaseUrl],
    ] as const) {
      mock.script({
        blocks: [
          { type: "thinking", thinking: "Let me think.", pieces: ["Let me ", "think."] },
          { type: "text", text: "Ok." },
        ],
      });
      const message = await ask(api, base).result();
      expect(message.stopReason, api).toBe("stop");
      expect(message.content.map((c) => c.type)).toEqual(["thinking", "text"]);
      expect(message.content[0]).toMatchObject({ type: "thinking", thinking: "Let me think." });
    }
  });

  it("answers a preflight with CORS headers echoing the asked-for headers; blockCors refuses", async () => {
    const preflight = (url: string) =>
      fetch(url, {
        method: "OPTIONS",
        headers: {
          origin: "http://127.0.0.1:5173",
          "access-control-request-method": "POST",
          "access-control-request-headers": "x-api-key,anthropic-version",
        },
      });
    const ok = await preflight(`${mock.anthropicBaseUrl}/v1/messages`);
    expect(ok.status).toBe(204);
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:5173");
    expect(ok.headers.get("access-control-allow-headers")).toBe("x-api-key,anthropic-version");
    const refused = await preflight(`${blocked.anthropicBaseUrl}/v1/messages`);
    expect(refused.status).toBe(403);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses a bad key with the dialect's 401 (OpenAI's echoes the key) without using up a turn", async () => {
    mock.script({ blocks: [{ type: "text", text: "unused" }] });
    const anthropic = await ask("anthropic-messages", mock.anthropicBaseUrl, "sk-wrong-key-000000").result();
    expect(anthropic.stopReason).toBe("error");
    expect(anthropic.errorMessage).toMatch(/^401 .*authentication_error/);
    const openai = await ask("openai-completions", mock.openaiBaseUrl, "sk-wrong-key-000000").result();
    expect(openai.errorMessage).toContain("Incorrect API key provided: sk-wrong-key-000000");
    expect(mock.pending()).toBe(1);
    await ask("openai-completions", mock.openaiBaseUrl).result();
    expect(mock.pending()).toBe(0);
  });

  it("a malformed stream and a stream cut in the middle end as pi-ai errors", async () => {
    for (const failure of ["malformed", "cut"] as const) {
      for (const [api, base] of [
        ["anthropic-messages", mock.anthropicBaseUrl],
        ["openai-completions", mock.openaiBaseUrl],
      ] as const) {
        mock.script({ blocks: [{ type: "text", text: "abcdef", pieces: ["ab", "cd", "ef"] }], failure });
        const message = await ask(api, base).result();
        expect(message.stopReason, `${failure} ${api}`).toBe("error");
        expect(message.errorMessage, `${failure} ${api}`).toBeTruthy();
      }
    }
  });

  it("with no turn scripted, says so in a 500", async () => {
    const message = await ask("openai-completions", mock.openaiBaseUrl).result();
    expect(message.errorMessage).toMatch(/no scripted turn left/);
  });

  it("streams at a given rate: 300 deltas at 1,000 a second take about 0.3 s, in order", async () => {
    const pieces = Array.from({ length: 300 }, (_, i) => `${i} `);
    mock.script({ blocks: [{ type: "text", text: pieces.join(""), pieces }], framesPerSecond: 1000 });
    const began = performance.now();
    let deltas = 0;
    const stream = ask("openai-completions", mock.openaiBaseUrl);
    for await (const e of stream) if (e.type === "text_delta") deltas++;
    const took = performance.now() - began;
    expect(deltas).toBe(300);
    expect((await stream.result()).content).toEqual([{ type: "text", text: pieces.join("") }]);
    expect(took).toBeGreaterThan(280);
    expect(took).toBeLessThan(3000);
  });
});
