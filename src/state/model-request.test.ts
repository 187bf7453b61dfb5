import type { SessionEvent } from "@agent/events";
import type { AgentMessage } from "@agent/messages";
import { describe, expect, it } from "vitest";
import { EMPTY_MODEL_REQUEST, reduceModelRequest } from "./model-request";

const stamp = { seq: 1, ts: 0 };
const sent = (model: string) =>
  ({
    type: "model_request_sent",
    model,
    body: { model, messages: [] },
    headers: [["authorization", "Bearer ••••abcd"]],
    ...stamp,
  }) as SessionEvent;
const ended = (input: number, stopReason = "stop") =>
  ({
    type: "message_end",
    message: {
      role: "assistant",
      content: [],
      usage: {
        input,
        output: 5,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: input + 5,
        cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.002 },
      },
      stopReason,
    } as unknown as AgentMessage,
    ...stamp,
  }) as SessionEvent;

describe("the last model request", () => {
  it("holds the body that went out, then the usage of the response to it", () => {
    let state = reduceModelRequest(EMPTY_MODEL_REQUEST, ended(7));
    expect(state).toBe(EMPTY_MODEL_REQUEST);
    state = reduceModelRequest(state, sent("m1"));
    expect(state.sent?.body).toEqual({ model: "m1", messages: [] });
    expect(state.usage).toBeNull();
    state = reduceModelRequest(state, ended(100, "toolUse"));
    expect(state.usage).toEqual({ input: 100, output: 5, cacheRead: 0, cacheWrite: 0, cost: 0.002 });
    expect(state.stopReason).toBe("toolUse");
    // a later message (a scripted one, say) does not overwrite the response's usage
    expect(reduceModelRequest(state, ended(1))).toBe(state);
    // the next request replaces it
    state = reduceModelRequest(state, sent("m2"));
    expect(state).toMatchObject({ sent: { model: "m2" }, usage: null, stopReason: null });
  });

  it("starts over when the page starts clean", () => {
    const state = reduceModelRequest(EMPTY_MODEL_REQUEST, sent("m1"));
    expect(
      reduceModelRequest(state, { type: "session_cleared", reason: "r", ...stamp } as SessionEvent),
    ).toEqual(EMPTY_MODEL_REQUEST);
  });
});
