import type { AnyAgentTool } from "@core/tools/types";
import type { Context, AssistantMessageEvent as PiEvent, SimpleStreamOptions } from "@mariozechner/pi-ai";
import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import type { AgentMessage, AssistantMessage, AssistantMessageEvent } from "../messages";
import { EMPTY_USAGE } from "../messages";
import {
  ABORT_GRACE_MS,
  buildModelRequest,
  type CompletionFunction,
  createModelDriver,
  idleMessage,
} from "./model";
import { resolveModel } from "./model-spec";
import { assistantMessage, streamMessage } from "./stream";

const custom = resolveModel({
  provider: "ollama",
  id: "m",
  api: "openai-completions",
  baseUrl: "http://x/v1",
});
const haiku = resolveModel({ provider: "anthropic", id: "claude-haiku-4-5" });

const tool = (name: string): AnyAgentTool => ({
  name,
  label: name,
  description: `${name} things`,
  parameters: Type.Object({ path: Type.String() }),
  execute: async () => ({ content: [], details: {} }),
});

const transcript: AgentMessage[] = [
  { role: "user", content: [{ type: "text", text: "hi" }], timestamp: 1 },
  { role: "system", kind: "note", text: "a playground-only entry", timestamp: 2 } as unknown as AgentMessage,
  assistantMessage([{ type: "text", text: "hello" }], "stop", "x"),
];
const request = { systemPrompt: "SYSTEM", messages: transcript, tools: [tool("read"), tool("ls")] };

async function collect(stream: AsyncIterable<AssistantMessageEvent>) {
  const events: AssistantMessageEvent[] = [];
  for await (const e of stream) events.push(e);
  return events;
}

const final = (events: AssistantMessageEvent[]): AssistantMessage => {
  const last = events[events.length - 1];
  if (last.type === "done") return last.message;
  if (last.type === "error") return last.error;
  throw new Error(`the stream ended with ${last.type}`);
};

describe("buildModelRequest", () => {
  it("gives pi-ai what pi's loop gives it: converted messages, declared tools, pi's options, no key", () => {
    const built = buildModelRequest(request, {
      model: custom,
      sessionId: "s1",
      isDeclared: (n) => n === "read",
    });
    expect(built.context.systemPrompt).toBe("SYSTEM");
    expect(built.context.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(built.context.tools).toEqual([
      { name: "read", description: "read things", parameters: request.tools[0].parameters },
    ]);
    // A model without reasoning clamps pi's default "medium" to off: no reasoning option at all.
    expect(built.options).toEqual({
      reasoning: undefined,
      sessionId: "s1",
      transport: "auto",
      maxRetryDelayMs: 60_000,
    });
    expect("apiKey" in built.options).toBe(false);
  });

  it("keeps pi's default thinking level for a reasoning model, and clamps what it cannot do", () => {
    expect(buildModelRequest(request, { model: haiku }).options.reasoning).toBe("medium");
    expect(
      buildModelRequest(request, { model: haiku, thinkingLevel: "off" }).options.reasoning,
    ).toBeUndefined();
    expect(buildModelRequest(request, { model: haiku, thinkingLevel: "xhigh" }).options.reasoning).toBe(
      "high",
    );
  });
});

describe("createModelDriver", () => {
  it("calls the completion function with the built request and passes its events on untouched", async () => {
    const seen: { context: Context; options: SimpleStreamOptions }[] = [];
    const reply = assistantMessage([{ type: "text", text: "ok" }], "stop", "fake");
    const complete: CompletionFunction = (_m, context, options) => {
      seen.push({ context, options });
      return streamMessage(reply) as AsyncIterable<PiEvent>;
    };
    const events = await collect(await createModelDriver({ model: custom, complete })(request, undefined));
    expect(events.map((e) => e.type)).toEqual(["start", "text_start", "text_delta", "text_end", "done"]);
    expect(final(events)).toBe(reply);
    expect(seen[0].context.messages).toHaveLength(2);
    expect(seen[0].options.signal).toBeInstanceOf(AbortSignal);
  });

  it("forwards the loop's abort to the provider and relays the provider's own aborted ending", async () => {
    const complete: CompletionFunction = async function* (_m, _c, options) {
      const partial = assistantMessage([{ type: "text", text: "so far" }], "stop", "fake");
      yield { type: "start", partial } as PiEvent;
      await new Promise((resolve) => options.signal?.addEventListener("abort", resolve));
      const error = { ...partial, stopReason: "aborted" as const, errorMessage: "Request was aborted" };
      yield { type: "error", reason: "aborted", error } as PiEvent;
    };
    const controller = new AbortController();
    const stream = await createModelDriver({ model: custom, complete })(request, controller.signal);
    setTimeout(() => controller.abort(), 5);
    const message = final(await collect(stream));
    expect(message).toMatchObject({ stopReason: "aborted", content: [{ type: "text", text: "so far" }] });
  });

  it("masks the key and key-shaped text in a provider's error before it becomes an event", async () => {
    const key = "local-secret-token-42";
    const failed: AssistantMessage = {
      ...assistantMessage([], "error", "fake"),
      errorMessage: `401 Incorrect API key provided: ${key}. Also sk-ant-api03-0123456789abcdef.`,
    };
    const complete: CompletionFunction = () => streamMessage(failed) as AsyncIterable<PiEvent>;
    const driver = createModelDriver({ model: custom, complete, secrets: () => [key] });
    const message = final(await collect(await driver(request, undefined)));
    expect(message.stopReason).toBe("error");
    expect(message.errorMessage).toBe("401 Incorrect API key provided: ••••n-42. Also sk-ant-••••.");
  });

  it("turns a completion function that throws into pi-ai's error-stop message for this model", async () => {
    const complete: CompletionFunction = async () => {
      throw new Error("provider context gone (key sk-0123456789abcdefgh)");
    };
    const events = await collect(await createModelDriver({ model: custom, complete })(request, undefined));
    expect(events).toHaveLength(1);
    expect(final(events)).toMatchObject({
      role: "assistant",
      content: [],
      api: "openai-completions",
      provider: "ollama",
      model: "m",
      usage: EMPTY_USAGE,
      stopReason: "error",
      errorMessage: "provider context gone (key sk-••••)",
    });
  });

  it("ends a request whose provider goes quiet, keeping what had arrived, and aborts the request", async () => {
    let signal: AbortSignal | undefined;
    const partial = assistantMessage([{ type: "text", text: "par" }], "stop", "fake");
    const complete: CompletionFunction = async function* (_m, _c, options) {
      signal = options.signal;
      yield { type: "start", partial } as PiEvent;
      await new Promise(() => {}); // never sends again
    };
    const driver = createModelDriver({ model: custom, complete, idleTimeoutMs: 40 });
    const events = await collect(await driver(request, undefined));
    expect(events.map((e) => e.type)).toEqual(["start", "error"]);
    expect(final(events)).toMatchObject({
      stopReason: "error",
      errorMessage: idleMessage(40),
      content: [{ type: "text", text: "par" }],
    });
    expect(signal?.aborted).toBe(true);
    expect(idleMessage(60_000)).toMatch(/^The provider sent nothing for 60 s/);
  });

  it("an event resets the quiet period: a slow but steady stream is not cut", async () => {
    const reply = assistantMessage([{ type: "text", text: "slow" }], "stop", "fake");
    const complete: CompletionFunction = async function* () {
      for await (const e of streamMessage(reply)) {
        await new Promise((r) => setTimeout(r, 25));
        yield e as PiEvent;
      }
    };
    const driver = createModelDriver({ model: custom, complete, idleTimeoutMs: 60 });
    expect(final(await collect(await driver(request, undefined))).stopReason).toBe("stop");
  });

  it(
    "after an abort, a provider that does not end its stream is ended as aborted",
    async () => {
      const complete: CompletionFunction = async function* () {
        yield { type: "start", partial: assistantMessage([], "stop", "fake") } as PiEvent;
        await new Promise(() => {}); // ignores the signal
      };
      const controller = new AbortController();
      const stream = await createModelDriver({ model: custom, complete })(request, controller.signal);
      setTimeout(() => controller.abort(), 10);
      const started = Date.now();
      const message = final(await collect(stream));
      expect(message).toMatchObject({ stopReason: "aborted", errorMessage: "Request was aborted" });
      expect(Date.now() - started).toBeGreaterThanOrEqual(ABORT_GRACE_MS);
    },
    ABORT_GRACE_MS + 5_000,
  );
});
