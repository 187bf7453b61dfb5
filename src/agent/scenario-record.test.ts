import { describe, expect, it } from "vitest";
import type { AgentMessage, AssistantMessage } from "./messages";
import { parseScenario } from "./scenario";
import { HAND_CALL_PROMPT, scenarioFileName, scenarioFromRecording } from "./scenario-record";

const user = (text: string): AgentMessage => ({
  role: "user",
  content: [{ type: "text", text }],
  timestamp: 1,
});
const reply = (
  content: AssistantMessage["content"],
  extra: Partial<AssistantMessage> = {},
): AgentMessage => ({
  role: "assistant",
  content,
  api: "anthropic-messages",
  provider: "anthropic",
  model: "claude",
  usage: { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 3, cost: {} } as never,
  stopReason: content.some((c) => c.type === "toolCall") ? "toolUse" : "stop",
  timestamp: 2,
  ...extra,
});
const result = (id: string): AgentMessage =>
  ({
    role: "toolResult",
    toolCallId: id,
    toolName: "read",
    content: [{ type: "text", text: "hello" }],
    isError: false,
    timestamp: 3,
  }) as AgentMessage;
const call = (id: string, name = "read", args: Record<string, unknown> = { path: "notes.md" }) =>
  ({ type: "toolCall", id, name, arguments: args }) as const;
const tools = { active: ["read", "bash", "edit", "write"] };

describe("save as scenario", () => {
  it("keeps the user's prompts and the replies, not the tool results, and loads as a scenario", () => {
    const transcript = [
      { role: "system", content: "prompt", timestamp: 0 } as unknown as AgentMessage,
      user("what is in notes.md?"),
      reply([
        { type: "thinking", thinking: "read it", thinkingSignature: "sig" } as never,
        { ...call("c1"), thoughtSignature: "t" } as never,
      ]),
      result("c1"),
      reply([{ type: "text", text: "It says hello.", textSignature: "x" } as never]),
    ];
    const file = scenarioFromRecording({
      title: "Read notes",
      files: { "notes.md": "hello\n" },
      tools,
      transcript,
      runs: [{ at: 0, tools }],
    });
    expect(file).toEqual({
      $schema: "../../docs/scenario.schema.json",
      title: "Read notes",
      workspace: { files: { "notes.md": "hello\n" } },
      tools,
      steps: [
        { user: "what is in notes.md?" },
        {
          assistant: {
            content: [
              { type: "thinking", thinking: "read it" },
              { type: "toolCall", id: "c1", name: "read", arguments: { path: "notes.md" } },
            ],
            stopReason: "toolUse",
          },
        },
        { assistant: { content: [{ type: "text", text: "It says hello." }], stopReason: "stop" } },
      ],
    });
    expect(parseScenario(JSON.parse(JSON.stringify(file))).steps).toHaveLength(3);
  });

  it("gives a hand call a user step to start its run and an empty reply where it stopped", () => {
    const transcript = [reply([call("manual-1")]), result("manual-1")];
    const file = scenarioFromRecording({
      title: "t",
      files: {},
      tools,
      transcript,
      runs: [{ at: 0, tools }],
    });
    expect(file.steps).toEqual([
      { user: HAND_CALL_PROMPT },
      { assistant: { content: [call("manual-1")], stopReason: "toolUse" } },
      { assistant: { content: [], stopReason: "stop" } },
    ]);
    expect(() => parseScenario(file)).not.toThrow();
  });

  it("writes a tools step where the tool set changed between runs, and keeps a provider's error", () => {
    const fewer = { active: ["read"], hidden: ["grep"] };
    const transcript = [
      user("one"),
      reply([{ type: "text", text: "ok" }]),
      user("two"),
      reply([], { stopReason: "error", errorMessage: "401 invalid key" }),
    ];
    const file = scenarioFromRecording({
      title: "t",
      files: {},
      tools,
      transcript,
      runs: [
        { at: 0, tools },
        { at: 2, tools: fewer },
      ],
    });
    expect(file.steps.map((s) => Object.keys(s)[0])).toEqual([
      "user",
      "assistant",
      "tools",
      "user",
      "assistant",
    ]);
    expect(file.steps[2]).toEqual({ tools: fewer });
    expect(file.steps[4]).toEqual({
      assistant: { content: [], stopReason: "error", errorMessage: "401 invalid key" },
    });
    expect(() => parseScenario(file)).not.toThrow();
  });

  it("with no conversation is a workspace and a tool set with no steps, which is a valid scenario", () => {
    const file = scenarioFromRecording({
      title: "t",
      files: { "a.md": "a" },
      tools,
      transcript: [],
      runs: [],
    });
    expect(file.steps).toEqual([]);
    expect(parseScenario(file).workspace).toEqual({ files: { "a.md": "a" } });
  });

  it("names the download after the title", () => {
    expect(scenarioFileName("Read notes.md, then answer!")).toBe("read-notes-md-then-answer.scenario.json");
    expect(scenarioFileName("…")).toBe("conversation.scenario.json");
  });
});
