import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { Playground } from "./playground";

const types = (events: SessionEvent[]) => events.map((e) => e.type);

describe("Playground (driven without a worker)", () => {
  it("answers init with the workspace, the backend, the prompt sections and the dispatch table", () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init" });
    expect(types(events)).toEqual([
      "session_ready",
      "backend_changed",
      "prompt_sections_changed",
      "tool_set_changed",
    ]);
    const ready = events[0] as Extract<SessionEvent, { type: "session_ready" }>;
    expect(ready).toMatchObject({ backend: "memfs", cwd: "/workspace", seq: 1, piVersion: "1.6.0" });
    expect(ready.files).toContain("package.json");
    const prompt = events[2] as Extract<SessionEvent, { type: "prompt_sections_changed" }>;
    expect(prompt.sections.map((s) => s.name)).toEqual([
      "preamble",
      "tools",
      "rules",
      "docs",
      "project_context",
      "skills",
      "cwd",
    ]);
    const tools = events[3] as Extract<SessionEvent, { type: "tool_set_changed" }>;
    expect(tools.added.map((t) => t.name)).toEqual(["read", "bash", "edit", "write"]);
  });

  it("runs a manual call through the pipeline and snapshots the workspace after it", async () => {
    const events: SessionEvent[] = [];
    const snapshots: string[] = [];
    const playground = new Playground((e) => events.push(e), {
      onSnapshot: (_f, reason) => snapshots.push(reason),
    });
    playground.handle({ type: "init" });
    await playground.hand.runToolCall("write", '{"path": "notes.md", "content": "hi"}', "m1");
    expect(types(events)).toContain("call_validated");
    expect(events.find((e) => e.type === "file_changed")).toMatchObject({
      path: "notes.md",
      source: "tool",
      toolCallId: "m1",
    });
    expect(snapshots).toContain("call");
    expect(playground.session.workspace.filesMap()["notes.md"]).toBe("hi");
    // A call that changes nothing needs no new snapshot: the host's last one is still the workspace.
    const before = snapshots.length;
    await playground.hand.runToolCall("read", '{"path": "notes.md"}', "m2");
    expect(snapshots).toHaveLength(before);
    // The editor's read is answered directly, and adds nothing to the event stream.
    const count = events.length;
    expect(playground.answer({ type: "read_file", path: "notes.md" })).toEqual({ text: "hi" });
    expect(events).toHaveLength(count);
    expect(() => playground.answer({ type: "read_file", path: "gone.md" })).toThrow();
  });

  it("reports bad commands as session_error with the command id", () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "run_tool_call", toolName: "read", args: "{nope", id: "x" });
    expect(events.at(-1)).toMatchObject({ type: "session_error", commandId: "x" });
    playground.handle({ type: "run_tool_call", toolName: "read", args: "[1]", id: "y" });
    expect(events.at(-1)).toMatchObject({ commandId: "y", about: { code: "argsNotObject" } });
    playground.handle({ type: "set_tool_state", name: "nope", state: "active" });
    expect(events.at(-1)).toMatchObject({ about: { code: "unknownTool", name: "nope" } });
    playground.handle({ type: "set_tool_state", name: "grep", state: "active" });
    expect(events.at(-1)?.type).toBe("tool_set_changed");
  });

  it("runs a composed turn: user, one assistant message with its calls, the results, the closing text", async () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init" });
    const edit = (id: string, from: string, to: string) => ({
      toolName: "edit",
      toolCallId: id,
      args: JSON.stringify({ path: "src/todo.ts", edits: [{ oldText: from, newText: to }] }),
    });
    await playground.hand.runTurn({
      user: "rename the two functions in src/todo.ts",
      calls: [
        edit("t1", "export function addTodo", "export function appendTodo"),
        edit("t2", "export function toggleTodo", "export function flipTodo"),
      ],
      closingText: "Both renamed.",
    });
    // The messages in order: what the learner sees as one whole turn.
    const messages = events.flatMap((e) => {
      if (e.type !== "message_end") return [];
      const m = e.message;
      if (m.role === "assistant") return [`assistant(${m.stopReason})`];
      if (m.role === "toolResult") return [`result ${m.toolCallId}`];
      return [m.role];
    });
    // (On 1.6.0 the transcript's first system message is there before the run, as pi's Agent holds it:
    // announced by the page's own event, not as one of the run's messages.)
    expect(events.filter((e) => e.type === "system_message_seeded")).toHaveLength(1);
    expect(messages).toEqual(["user", "assistant(toolUse)", "result t1", "result t2", "assistant(stop)"]);
    const closing = events.filter((e) => e.type === "message_end").at(-1);
    expect(closing).toMatchObject({ message: { content: [{ type: "text", text: "Both renamed." }] } });
    // Both calls ran as one batch, so the second waited on the file's queue behind the first.
    expect(events.find((e) => e.type === "queue_wait")).toMatchObject({ toolCallId: "t2" });
    const errors = events.flatMap((e) => (e.type === "tool_execution_end" && e.isError ? [e] : []));
    expect(errors).toEqual([]);
    expect(playground.session.workspace.filesMap()["src/todo.ts"]).toMatch(/appendTodo[\s\S]*flipTodo/);
    expect(events.filter((e) => e.type === "driver_request")).toHaveLength(2);
    expect(events.at(-1)?.type).toBe("agent_end");
  });

  it("stops a composed turn after its calls when there is no closing text", async () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init" });
    await playground.hand.runTurn({
      calls: [{ toolName: "read", args: '{"path": "README.md"}', toolCallId: "r1" }],
    });
    const roles = events.flatMap((e) => (e.type === "message_end" ? [e.message.role] : []));
    expect(roles).toEqual(["assistant", "toolResult"]);
    expect(playground.session.transcript.map((m) => m.role)).toEqual(["system", "assistant", "toolResult"]);
    expect(events.filter((e) => e.type === "driver_request")).toHaveLength(1);
  });

  it("runs nothing of a composed turn when one call's JSON does not parse, and says which", () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init" });
    playground.handle({
      type: "run_turn",
      id: "turn",
      user: "look",
      calls: [
        { toolName: "read", args: '{"path": "README.md"}' },
        { toolName: "read", args: '{"path": ' },
      ],
    });
    const last = events.at(-1);
    expect(last).toMatchObject({ type: "session_error", commandId: "turn" });
    expect(last?.type === "session_error" ? last.message : "").toMatch(
      /^Call 2 \(read\): The arguments are not valid JSON: /,
    );
    // and for the page, what it is about: which call, then the code of what is wrong with it
    expect(last).toMatchObject({
      about: { code: "inCall", n: 2, tool: "read", about: { code: "argsNotJson" } },
    });
    expect(events.some((e) => e.type === "agent_start")).toBe(false);
    // The same words as a single call's error, without the call number.
    playground.handle({ type: "run_tool_call", toolName: "read", args: '{"path": ' });
    const single = events.at(-1);
    expect(single?.type === "session_error" ? single.message : "").toMatch(
      /^The arguments are not valid JSON: /,
    );
  });

  it("starts from a snapshot's files", () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init", files: { "a.txt": "A", d: { dir: true } } });
    expect((events[0] as Extract<SessionEvent, { type: "session_ready" }>).files).toEqual(["a.txt", "d/"]);
  });
  it("keeps bash's /tmp (its full-output logs) out of the workspace's file events", async () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init" });
    await playground.hand.runToolCall(
      "bash",
      JSON.stringify({ command: "echo hi > a.txt; seq 1 3000" }),
      "b1",
    );
    await playground.hand.runToolCall(
      "bash",
      JSON.stringify({ command: "echo x > /tmp/x.txt; mv /tmp/x.txt x.txt" }),
    );
    await playground.hand.runToolCall("bash", JSON.stringify({ command: "mv a.txt /tmp/a.txt" }));
    const changes = events.flatMap((e) => (e.type === "file_changed" ? [`${e.change} ${e.path}`] : []));
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) expect(c).toMatch(/^(create|modify|delete) (a|x)\.txt$/);
    expect(changes).toContain("create x.txt");
    expect(changes.at(-1)).toBe("delete a.txt");
  });

  it("waits for the page to catch up (pace) before every step of a scenario playing with pauses", async () => {
    const events: SessionEvent[] = [];
    const held: (() => void)[] = [];
    const playground = new Playground((e) => events.push(e), {
      pace: () => new Promise<void>((resolve) => held.push(resolve)),
    });
    playground.handle({ type: "init" });
    playground.handle({
      type: "scenario_load",
      scenario: {
        title: "two turns",
        description: "a prompt and one reply",
        steps: [
          { user: "go" },
          { assistant: { content: [{ type: "text", text: "one" }], stopReason: "stop" } },
        ],
      },
    });
    // Fast enough that its pauses (a few ms) end within the test's settle; with no pauses the player
    // would wait for the page only once per slice of work (player.test.ts).
    playground.handle({ type: "scenario_play", speed: 1000 });
    const steps = () => events.filter((e) => e.type === "scenario_step").length;
    const settle = () => new Promise((r) => setTimeout(r, 10));
    // Each step starts only once the pace before it has let it go.
    for (let step = 1; step <= 2; step++) {
      await settle();
      expect(held).toHaveLength(step);
      expect(steps()).toBe(step - 1);
      held[step - 1]();
    }
    await settle();
    expect(steps()).toBe(2);
    expect(events.at(-1)).toMatchObject({ type: "scenario_state", status: "done" });
  });
});
