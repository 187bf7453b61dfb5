import type { AgentMessage } from "@agent/messages";
import { describe, expect, it } from "vitest";
import { entryOf } from "./context-window";
import { checkContextAnswer, crossingMessage } from "./lesson-context";

const user = (chars: number): AgentMessage => ({
  role: "user",
  content: [{ type: "text", text: "u".repeat(chars) }],
  timestamp: 0,
});
const result = (tool: string, chars: number): AgentMessage => ({
  role: "toolResult",
  toolCallId: `c${chars}`,
  toolName: tool,
  content: [{ type: "text", text: "r".repeat(chars) }],
  details: {},
  isError: false,
  timestamp: 0,
});
const entries = (messages: AgentMessage[]) => messages.map(entryOf);

// 400 prompt chars = 100 tokens; the 8,192-token window's line is at 6,144.
const conversation = entries([user(400), result("read", 8_000), result("read", 12_000), result("ls", 4_400)]);

describe("the context lesson's check", () => {
  it("finds the message that takes the total past the line, counting the system prompt", () => {
    // 100 + 100 + 2,000 + 3,000 = 5,200, then + 1,100 = 6,300 > 6,144
    expect(crossingMessage(conversation, 100)).toBe(4);
    // a prompt 1,000 tokens larger makes the third message cross
    expect(crossingMessage(conversation, 1_100)).toBe(3);
    expect(crossingMessage(conversation.slice(0, 3), 100)).toBeNull();
  });

  it("passes only with both the crossing message and the costliest tool result", () => {
    expect(checkContextAnswer(conversation, 400, { crossing: 4, costliest: 3 })).toEqual({
      passed: true,
      reason: "found",
      crossing: 4,
      costliest: 3,
      tool: "read",
      tokens: 3_000,
    });
    expect(checkContextAnswer(conversation, 400, { crossing: 3, costliest: 3 }).reason).toBe("wrongCrossing");
    expect(checkContextAnswer(conversation, 400, { crossing: 4, costliest: 4 }).reason).toBe(
      "wrongCostliest",
    );
    expect(checkContextAnswer(conversation.slice(0, 3), 400, { crossing: 3, costliest: 3 }).reason).toBe(
      "notOver",
    );
  });
});
