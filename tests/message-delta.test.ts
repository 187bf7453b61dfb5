/**
 * The acceptance test of the stream's one form (src/agent/message-delta.ts): pi-ai 0.73.1 itself streams
 * recorded turns from the mock provider in both wire dialects (text, thinking with its signature, tool
 * calls whose JSON arrives in many pieces, usage), each event crosses as its delta (structuredClone is the
 * channel), and the message rebuilt from the deltas alone is pi-ai's, byte for byte, key order included:
 * after every event its content as pi-ai had it when it emitted that event, its other fields as pi-ai's
 * reader saw them (pi-ai parses ahead of its reader: Anthropic's closing usage and stop reason can already
 * be in the message beside the last block's end), and at the end pi-ai's final message.
 */
import { resolveModel } from "@agent/drivers/model-spec";
import {
  applyDelta,
  createDeltaEncoder,
  type StreamDelta,
  setStreamingJsonParser,
} from "@agent/message-delta";
import type { AssistantMessage, AssistantMessageEvent } from "@agent/messages";
import { createAssistantMessageEventStream, parseStreamingJson, streamSimple } from "@mariozechner/pi-ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockProvider, type MockTurn, startMockProvider } from "./mock-provider/server";

setStreamingJsonParser(parseStreamingJson);

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

const words = (n: number, w: string) => Array.from({ length: n }, (_, i) => `${w}${i} `);
const pieces = (text: string, size: number) => text.match(new RegExp(`[^]{1,${size}}`, "g")) ?? [];

const content = words(200, "line").join("\\n");
const TURNS: Record<string, MockTurn> = {
  "text, thinking, two tool calls in many pieces": {
    framesPerSecond: 50_000,
    blocks: [
      { type: "thinking", thinking: words(150, "t").join(""), pieces: words(150, "t") },
      { type: "text", text: words(300, "w").join(""), pieces: words(300, "w") },
      {
        type: "toolCall",
        id: "call_1",
        name: "read",
        pieces: ['{"pa', 'th": "no', 'tes.md", "li', 'mit": 3}'],
      },
      {
        type: "toolCall",
        id: "call_2",
        name: "write",
        pieces: pieces(`{"path": "a.md", "content": "${content}"}`, 7),
      },
    ],
  },
  "text alone, slow": {
    frameDelayMs: 2,
    blocks: [
      {
        type: "text",
        text: "Done: the first line is upper-case now.",
        pieces: ["Done: the first", " line is", " upper-case now."],
      },
    ],
  },
};

const DIALECTS = {
  "openai-completions": () =>
    resolveModel({
      provider: "ollama",
      id: "qwen2.5-coder:7b",
      api: "openai-completions",
      baseUrl: mock.openaiBaseUrl,
    }),
  "anthropic-messages": () =>
    resolveModel({ provider: "anthropic", id: "claude-haiku-4-5", baseUrl: mock.anthropicBaseUrl }),
};

/** pi-ai's stream, and each event as pi-ai had it when it pushed it (its reader may see it later, changed). */
async function record(dialect: keyof typeof DIALECTS, turn: MockTurn) {
  mock.script(turn);
  const atPush = new Map<object, string>();
  // pi-ai's stream class, whose push every provider calls (the stream that reaches us forwards them)
  const streams = Object.getPrototypeOf(createAssistantMessageEventStream());
  const push = streams.push; // inherited from its base class
  streams.push = function (this: unknown, event: object) {
    if (!atPush.has(event)) atPush.set(event, JSON.stringify(event));
    push.call(this, event);
  };
  const events: { event: AssistantMessageEvent; pushed: string; read: string }[] = [];
  const wire: StreamDelta[] = [];
  const encode = createDeltaEncoder();
  try {
    const stream = streamSimple(
      DIALECTS[dialect](),
      { systemPrompt: "", messages: [{ role: "user", content: "go", timestamp: 1 }] },
      { apiKey: "k", reasoning: "medium" },
    );
    for await (const event of stream) {
      const e = event as AssistantMessageEvent;
      events.push({ event: e, pushed: atPush.get(event) as string, read: JSON.stringify(e) });
      wire.push(structuredClone(encode(e))); // encoded as the page reads it; the channel copies it
    }
  } finally {
    delete streams.push;
  }
  return { events, wire };
}

const messageOf = (json: string): AssistantMessage => {
  const e = JSON.parse(json);
  return e.partial ?? e.message ?? e.error;
};

describe.each(Object.keys(DIALECTS) as (keyof typeof DIALECTS)[])("%s", (dialect) => {
  it.each(Object.keys(TURNS))("rebuilds pi-ai's message from the deltas: %s", async (name) => {
    const { events, wire } = await record(dialect, TURNS[name]);
    const final = events[events.length - 1].event;
    expect(final.type).toBe("done");
    const done = (final as Extract<AssistantMessageEvent, { type: "done" }>).message;
    expect(done.usage.output).toBeGreaterThan(0);
    if (name.startsWith("text, thinking")) {
      expect(done.content.map((b) => b.type)).toEqual(["thinking", "text", "toolCall", "toolCall"]);
      expect(JSON.stringify(done.content[3])).toContain("line199");
      expect(wire.filter((d) => d.type === "toolcall_delta").length).toBeGreaterThan(100);
    }

    let message: AssistantMessage | undefined;
    let beforeDone: AssistantMessage | undefined;
    wire.forEach((delta, i) => {
      expect(delta).not.toHaveProperty(delta.type === "start" ? "message" : "partial");
      if (delta.type === "done") beforeDone = message;
      message = applyDelta(message, delta);
      // after every event: its content as pi-ai had it when it emitted that event, the rest as read
      const pushed = messageOf(events[i].pushed);
      const read = messageOf(events[i].read);
      expect(JSON.stringify(message), `${delta.type} #${i}`).toBe(
        JSON.stringify({ ...read, content: pushed.content }),
      );
    });
    // the final message, byte for byte; and the deltas before `done` had already built all of its content
    expect(JSON.stringify(message)).toBe(JSON.stringify(done));
    expect(JSON.stringify(beforeDone?.content)).toBe(JSON.stringify(done.content));
  });

  it("sends each delta without the text so far, and the same again from the rebuilt message", async () => {
    const { wire } = await record(dialect, TURNS["text, thinking, two tool calls in many pieces"]);
    const size = (d: StreamDelta) => JSON.stringify(d).length;
    for (const d of wire) if (d.type.endsWith("_delta")) expect(size(d), d.type).toBeLessThan(200);
    // The worker encodes the loop's events again for the page, from the message it rebuilt: the same deltas.
    const again = createDeltaEncoder();
    let message: AssistantMessage | undefined;
    for (const d of wire) {
      message = applyDelta(message, d);
      const event = (
        d.type === "done" || d.type === "error" ? d : { ...stripped(d), partial: message }
      ) as AssistantMessageEvent;
      expect(JSON.stringify(again(event))).toBe(JSON.stringify(d));
    }
  });
});

function stripped(d: StreamDelta) {
  const { partial: _p, block: _b, fields: _f, ...rest } = d as StreamDelta & { partial?: unknown };
  return rest;
}
