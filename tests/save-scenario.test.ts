/**
 * Record online, replay offline: a model-mode conversation against the mock provider (plus a turn
 * composed by hand), saved as a scenario, then replayed headless with no model. The replay must make the
 * same tool calls and get the same results, end on the same files, and the file must hold no key.
 */
import type { EventOf, SessionEvent } from "@agent/events";
import { parseScenario } from "@agent/scenario";
import { streamSimple } from "@mariozechner/pi-ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Playground } from "../src/app/worker/playground";
import { runScenarioHeadless } from "../src/app/worker/run-scenario";
import { type MockProvider, startMockProvider } from "./mock-provider/server";
import { turns } from "./model-oracle/conversation";

const KEY = "sk-test-save-scenario-0123456789abcdef";
let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

/** Each call's id, tool, arguments, result and error flag, in the order they ended. */
const calls = (events: SessionEvent[]) =>
  events
    .filter((e): e is EventOf<"tool_execution_end"> => e.type === "tool_execution_end")
    .map((e) => ({ id: e.toolCallId, name: e.toolName, result: e.result, isError: e.isError }));

describe("save as scenario", () => {
  it("replays a model-mode conversation and a hand-composed turn with the same calls and results", async () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e), {
      complete: (model, context, options) => streamSimple(model, context, { ...options, apiKey: KEY }),
    });
    playground.handle({ type: "init" });
    // Typed in the editor before the conversation: part of the workspace it starts from.
    playground.handle({ type: "write_file", path: "notes.md", content: "hello world\nsecond line\n" });
    const start = playground.session.workspace.filesMap();

    mock.script(...turns("toolu_mock"));
    await playground.model.prompt("Read notes.md, upper-case its first line and write it back.", {
      provider: "deepseek-anthropic",
      api: "anthropic-messages",
      baseUrl: mock.anthropicBaseUrl,
      modelId: "deepseek-chat",
    });
    playground.session.tools.setToolStates({
      read: "active",
      bash: "active",
      edit: "active",
      write: "active",
      ls: "hidden",
    });
    await playground.hand.runTurn({ calls: [{ toolName: "ls", args: '{"path": "."}' }] });
    await playground.hand.runTurn({
      user: "show me notes.md",
      calls: [{ toolName: "read", args: '{"path": "notes.md"}' }],
      closingText: "There it is.",
    });
    const after = playground.session.workspace.filesMap();
    // Typed after the conversation: not in the saved file, which starts where the conversation started.
    playground.handle({ type: "write_file", path: "later.md", content: "later\n" });

    const text = JSON.stringify(await playground.answer({ type: "save_scenario" }));
    expect(text).not.toContain(KEY);
    const saved = JSON.parse(text);
    expect(saved.$schema).toBe("../../docs/scenario.schema.json");
    expect(saved.title).toBe("Read notes.md, upper-case its first line and write it back.");
    expect(saved.workspace.files).toEqual(start);
    expect(saved.steps.map((s: object) => Object.keys(s)[0])).toEqual([
      ...["user", "assistant", "assistant", "assistant"],
      ...["tools", "user", "assistant", "assistant"],
      ...["user", "assistant", "assistant"],
    ]);
    expect(() => parseScenario(saved)).not.toThrow();

    const original = calls(events);
    expect(original.map((c) => c.name)).toEqual(["read", "write", "ls", "read"]);
    expect(original.every((c) => !c.isError)).toBe(true);
    const replay = await runScenarioHeadless(saved);
    expect(calls(replay.events)).toEqual(original);
    expect(replay.playground.session.workspace.filesMap()).toEqual(after);
    expect(replay.events.some((e) => e.type === "session_error")).toBe(false);
  });

  it("with no conversation yet, saves the current workspace and tool set and no steps", async () => {
    const playground = new Playground(() => {});
    playground.handle({ type: "init" });
    playground.handle({ type: "set_tool_state", name: "grep", state: "active" });
    const saved = await playground.answer({ type: "save_scenario", title: "Exercise 1" });
    expect(saved).toMatchObject({
      title: "Exercise 1",
      steps: [],
      workspace: { files: playground.session.workspace.filesMap() },
    });
    expect(saved.tools?.active).toContain("grep");
    expect(() => parseScenario(saved)).not.toThrow();
  });
});
