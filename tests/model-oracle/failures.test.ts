/**
 * The model oracle's failure paths, against the same mock provider: an abort mid-stream, a bad key, a
 * malformed stream and a stream cut in the middle end our run as they end pi-agent-core's (same events,
 * same final message), except that our error texts have the key masked. An idle provider, which pi
 * leaves to its user, ends our request with a message that says what to check.
 */
import { idleMessage } from "@agent/drivers/model";
import { resolveModel } from "@agent/drivers/model-spec";
import { redactSecrets } from "@agent/drivers/redact";
import type { AssistantMessage } from "@agent/messages";
import type { Api, Model } from "@mariozechner/pi-ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockProvider, type MockTurn, startMockProvider } from "../mock-provider/server";
import { API_KEY } from "./conversation";
import {
  type SideOptions,
  type SideResult,
  signature,
  throughOurs,
  throughPi,
  withoutTimestamps,
} from "./sides";

let mock: MockProvider;
let refusing: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
  refusing = await startMockProvider({ badKeys: [API_KEY] });
});
afterAll(async () => {
  await mock.close();
  await refusing.close();
});

const dialects = [
  {
    api: "anthropic-messages" as const,
    model: (m: MockProvider) =>
      resolveModel({
        provider: "mock",
        id: "mock-model",
        api: "anthropic-messages",
        baseUrl: m.anthropicBaseUrl,
      }),
  },
  {
    api: "openai-completions" as const,
    model: (m: MockProvider) =>
      resolveModel({
        provider: "mock",
        id: "mock-model",
        api: "openai-completions",
        baseUrl: m.openaiBaseUrl,
      }),
  },
];

const lastAssistant = (r: SideResult) =>
  r.messages.filter((m): m is AssistantMessage => m.role === "assistant").pop() as AssistantMessage;

async function both(
  model: Model<Api>,
  server: MockProvider,
  turn: MockTurn | undefined,
  options: SideOptions = {},
) {
  if (turn) server.script(turn);
  const pi = await throughPi(model, options);
  if (turn) server.script(turn);
  const ours = await throughOurs(model, options);
  return { pi, ours };
}

const slowText: MockTurn = {
  blocks: [{ type: "text", text: "one two three four", pieces: ["one ", "two ", "three ", "four"] }],
  frameDelayMs: 60,
};
const abortAtFirstDelta: SideOptions = {
  onEvent: (event, abort) => {
    if ((event.assistantMessageEvent as { type?: string } | undefined)?.type === "text_delta") abort();
  },
};

describe.each(dialects)("$api failures, ours against pi's", ({ model }) => {
  it("an abort mid-stream ends both runs alike: same events, same aborted message", async () => {
    const { pi, ours } = await both(model(mock), mock, slowText, abortAtFirstDelta);
    expect(lastAssistant(pi).stopReason).toBe("aborted");
    expect(ours.events.map(signature)).toEqual(pi.events.map(signature));
    expect(withoutTimestamps(lastAssistant(ours))).toEqual(withoutTimestamps(lastAssistant(pi)));
  });

  it("a bad key: the same error stop, with the key masked in ours", async () => {
    const { pi, ours } = await both(model(refusing), refusing, undefined);
    const [piEnd, ourEnd] = [lastAssistant(pi), lastAssistant(ours)];
    expect(piEnd.stopReason).toBe("error");
    expect(ours.events.map(signature)).toEqual(pi.events.map(signature));
    expect(ourEnd.errorMessage).toBe(redactSecrets(piEnd.errorMessage ?? "", [API_KEY]));
    expect(JSON.stringify(ours.events)).not.toContain(API_KEY);
  });

  it.each(["malformed", "cut"] as const)(
    "a %s stream ends both runs with the same error stop",
    async (failure) => {
      const turn: MockTurn = {
        blocks: [{ type: "text", text: "abcdef", pieces: ["ab", "cd", "ef"] }],
        failure,
      };
      const { pi, ours } = await both(model(mock), mock, turn);
      expect(lastAssistant(pi).stopReason).toBe("error");
      expect(ours.events.map(signature)).toEqual(pi.events.map(signature));
      expect(withoutTimestamps(lastAssistant(ours))).toEqual(withoutTimestamps(lastAssistant(pi)));
    },
  );

  it("a provider that goes quiet mid-stream is ended after the idle limit, with what had arrived", async () => {
    mock.script({ ...slowText, frameDelayMs: 0, stallAfterFrames: 4 });
    const started = Date.now();
    const ours = await throughOurs(model(mock), { idleTimeoutMs: 300 });
    const end = lastAssistant(ours);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(end).toMatchObject({ stopReason: "error", errorMessage: idleMessage(300) });
    expect(end.content[0]).toMatchObject({ type: "text", text: expect.stringMatching(/^one /) });
    expect(ours.events.map((e) => e.type).slice(-3)).toEqual(["message_end", "turn_end", "agent_end"]);
  });
});
