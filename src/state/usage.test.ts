import type { SessionEvent } from "@agent/events";
import type { AgentMessage } from "@agent/messages";
import { describe, expect, it } from "vitest";
import { EMPTY_USAGE, formatCost, reduceUsage, usageOf } from "./usage";

function assistant(input: number, output: number, cacheRead = 0, total = 0): AgentMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text: "ok" }],
    api: "openai-completions",
    provider: "ollama",
    model: "m",
    usage: {
      input,
      output,
      cacheRead,
      cacheWrite: 0,
      totalTokens: input + output + cacheRead,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total },
    },
    stopReason: "stop",
    timestamp: 0,
  } as AgentMessage;
}

const end = (message: AgentMessage, seq: number) =>
  ({ type: "message_end", message, seq, ts: 0 }) as SessionEvent;

describe("usage", () => {
  it("adds every model response to the session's totals", () => {
    let state = EMPTY_USAGE;
    state = reduceUsage(state, end(assistant(1200, 34, 0, 0.001), 1));
    state = reduceUsage(state, end(assistant(1300, 22, 1000, 0.0005), 2));
    expect(state.turns).toBe(2);
    expect(state.session).toEqual({ input: 2500, output: 56, cacheRead: 1000, cacheWrite: 0, cost: 0.0015 });
  });

  it("leaves out turns no model answered (zero usage) and other messages", () => {
    let state = reduceUsage(EMPTY_USAGE, end(assistant(0, 0), 1));
    state = reduceUsage(state, end({ role: "user", content: "hi", timestamp: 0 } as AgentMessage, 2));
    expect(state).toBe(EMPTY_USAGE);
    expect(usageOf(assistant(0, 0))).toBeNull();
  });

  it("starts over when the page starts clean", () => {
    const state = reduceUsage(EMPTY_USAGE, end(assistant(10, 2), 1));
    const cleared = reduceUsage(state, {
      type: "session_cleared",
      reason: "x",
      seq: 2,
      ts: 0,
    } as SessionEvent);
    expect(cleared).toEqual(EMPTY_USAGE);
  });

  it("writes the cost in dollars, short", () => {
    expect(formatCost(0)).toBe("$0");
    expect(formatCost(0.00001)).toBe("<$0.0001");
    expect(formatCost(2.5)).toBe("$2.50");
    expect(formatCost(0.01234)).toBe("$0.012");
  });
});
