/**
 * The model oracle: one conversation (prompt → read → result → write → result → answer) through
 * pi-agent-core's Agent with pi-ai, and through our loop with the model driver and pi-ai, against
 * the same mock provider, for both wire dialects and both pi versions (0.73.1: @mariozechner packages;
 * 1.6.0: @earendil-works pi-agent-core and pi-ai, ours through the page's 1.6.0 module). The request bodies must be identical byte for byte
 * (both sides are given the same system prompt string, since rendering it is tested elsewhere), and so
 * must the event order, the conversation and the file the tools wrote.
 */
import { resolveModel } from "@agent/drivers/model-spec";
import type { Api, Model } from "@mariozechner/pi-ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockProvider, startMockProvider } from "../mock-provider/server";
import { turns } from "./conversation";
import { type SideResult, signature, throughOurs, throughPi, withoutTimestamps } from "./sides";
import { throughOurs160, throughPi160 } from "./sides-160";

type Side = (m: Model<Api>) => Promise<SideResult>;
const versions: { version: string; pi: Side; ours: Side }[] = [
  { version: "0.73.1", pi: throughPi, ours: throughOurs },
  { version: "1.6.0", pi: throughPi160, ours: throughOurs160 },
];

/**
 * The conversation as the wire oracle compares it. 1.6.0's transcript holds the system prompt as a
 * message, which the loop's conversation leaves out; its Agent also stamps each message with how long it
 * took (timing, like timestamps) and each assistant message with the thinking level: loop fields, not
 * wire ones, which the loop's own oracle owns. Everything else must match.
 */
const conversation = (messages: SideResult["messages"]) =>
  withoutTimestamps(
    messages
      .filter((m) => (m as { role: string }).role !== "system")
      .map((m) => {
        const { durationMs: _d, thinkingLevel: _t, ...rest } = m as unknown as Record<string, unknown>;
        return rest;
      }),
  );

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

interface Case {
  name: string;
  model: () => Model<Api>;
  idPrefix: string;
}

const cases: Case[] = [
  {
    // The mini-pi tutorial's setup: a model pi-ai does not know, on an Anthropic-compatible endpoint.
    name: "anthropic-messages, custom model (pi's models.json defaults)",
    model: () =>
      resolveModel({
        provider: "deepseek-anthropic",
        id: "deepseek-chat",
        api: "anthropic-messages",
        baseUrl: mock.anthropicBaseUrl,
      }),
    idPrefix: "toolu_mock",
  },
  {
    name: "openai-completions, custom model on a local server",
    model: () =>
      resolveModel({
        provider: "ollama",
        id: "qwen2.5-coder:7b",
        api: "openai-completions",
        baseUrl: mock.openaiBaseUrl,
      }),
    idPrefix: "call_mock",
  },
  {
    // A model pi-ai knows, with reasoning: pi's default thinking level "medium" reaches the wire.
    name: "anthropic-messages, claude-haiku-4-5 from pi-ai's table (thinking on)",
    model: () =>
      resolveModel({ provider: "anthropic", id: "claude-haiku-4-5", baseUrl: mock.anthropicBaseUrl }),
    idPrefix: "toolu_mock",
  },
];

async function run(side: Side, c: Case) {
  const before = mock.requests.length;
  mock.script(...turns(c.idPrefix));
  const result = await side(c.model());
  expect(mock.pending(), "every scripted turn was asked for").toBe(0);
  const requests = mock.requests.slice(before).filter((r) => r.method === "POST");
  return { ...result, requests };
}

describe.each(versions)(
  "model driver against pi-agent-core $version's Agent, on one mock provider",
  ({ pi: throughPiSide, ours: throughOursSide }) => {
    it.each(cases)("$name: same request bodies, event order, conversation and file", async (c) => {
      const pi = await run(throughPiSide, c);
      const ours = await run(throughOursSide, c);

      expect(pi.requests).toHaveLength(3);
      expect(ours.requests.map((r) => JSON.stringify(r.body))).toEqual(
        pi.requests.map((r) => JSON.stringify(r.body)),
      );
      expect(ours.requests.map((r) => r.path)).toEqual(pi.requests.map((r) => r.path));
      // Same client, same options: the headers match too (key included; it is the test's own fake key).
      expect(ours.requests.map((r) => r.headers)).toEqual(pi.requests.map((r) => r.headers));

      expect(ours.events.map(signature)).toEqual(pi.events.map(signature));
      expect(pi.events.filter((e) => e.type === "message_update").length).toBeGreaterThan(10);
      expect(conversation(ours.messages)).toEqual(conversation(pi.messages));

      expect(pi.file).toBe("HELLO WORLD\nsecond line\n");
      expect(ours.file).toBe(pi.file);
    });

    it("sends what pi sends for a models.json model: its defaults, no thinking, the declared tools only", async () => {
      const c = cases[0];
      const { requests } = await run(throughOursSide, c);
      const body = requests[0].body as {
        max_tokens: number;
        thinking?: unknown;
        tools: { name: string }[];
        system: unknown[];
      };
      expect(body.max_tokens).toBe(16384);
      expect(body.thinking).toBeUndefined();
      expect(body.tools.map((t) => t.name)).toEqual(["read", "bash", "edit", "write"]);
      expect(body.system).toHaveLength(1);
      const known = (await run(throughOursSide, cases[2])).requests[0].body as {
        thinking?: { type: string };
      };
      expect(known.thinking?.type).toBe("enabled");
    });
  },
);

describe("the two versions' wires, through our side", () => {
  it("1.6.0's pi-ai sends no strict: false and asks Anthropic's beta route; 0.73.1's does not", async () => {
    const openai = cases[1];
    const tools = async (side: Side) =>
      ((await run(side, openai)).requests[0].body as { tools: { function: Record<string, unknown> }[] })
        .tools;
    const old = await tools(throughOurs);
    const now = await tools(throughOurs160);
    expect(old.map((t) => t.function.strict)).toEqual([false, false, false, false]);
    expect(now.map((t) => "strict" in t.function)).toEqual([false, false, false, false]);
    expect(now.map((t) => t.function.name)).toEqual(old.map((t) => t.function.name));

    const anthropic = cases[0];
    const paths = async (side: Side) => (await run(side, anthropic)).requests.map((r) => r.path);
    expect(await paths(throughOurs)).toEqual(Array(3).fill("/anthropic/v1/messages"));
    expect(await paths(throughOurs160)).toEqual(Array(3).fill("/anthropic/v1/messages?beta=true"));
  });
});
