import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { PlaygroundSession } from "./session";

const types = (events: SessionEvent[]) => events.map((e) => e.type);

describe("PlaygroundSession (driven without a worker)", () => {
  it("answers init with the workspace, the backend, the prompt sections and the dispatch table", () => {
    const events: SessionEvent[] = [];
    const session = new PlaygroundSession((e) => events.push(e));
    session.handle({ type: "init" });
    expect(types(events)).toEqual([
      "session_ready",
      "backend_changed",
      "prompt_sections_changed",
      "tool_set_changed",
    ]);
    const ready = events[0] as Extract<SessionEvent, { type: "session_ready" }>;
    expect(ready).toMatchObject({ backend: "memfs", cwd: "/workspace", seq: 1 });
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
    const session = new PlaygroundSession((e) => events.push(e), {
      onSnapshot: (_f, reason) => snapshots.push(reason),
    });
    session.handle({ type: "init" });
    await session.runToolCall("write", '{"path": "notes.md", "content": "hi"}', "m1");
    expect(types(events)).toContain("call_validated");
    expect(events.find((e) => e.type === "file_changed")).toMatchObject({
      path: "notes.md",
      source: "tool",
      toolCallId: "m1",
    });
    expect(snapshots).toContain("call");
    expect(session.filesMap()["notes.md"]).toBe("hi");
    // A call that changes nothing needs no new snapshot: the host's last one is still the workspace.
    const before = snapshots.length;
    await session.runToolCall("read", '{"path": "notes.md"}', "m2");
    expect(snapshots).toHaveLength(before);
    // The editor's read is answered directly, and adds nothing to the event stream.
    const count = events.length;
    expect(session.answer({ type: "read_file", path: "notes.md" })).toEqual({ text: "hi" });
    expect(events).toHaveLength(count);
    expect(() => session.answer({ type: "read_file", path: "gone.md" })).toThrow();
  });

  it("reports bad commands as session_error with the command id", () => {
    const events: SessionEvent[] = [];
    const session = new PlaygroundSession((e) => events.push(e));
    session.handle({ type: "run_tool_call", toolName: "read", args: "{nope", id: "x" });
    expect(events.at(-1)).toMatchObject({ type: "session_error", commandId: "x" });
    session.handle({ type: "set_tool_state", name: "grep", state: "active" });
    expect(events.at(-1)?.type).toBe("tool_set_changed");
  });

  it("starts from a snapshot's files", () => {
    const events: SessionEvent[] = [];
    const session = new PlaygroundSession((e) => events.push(e));
    session.handle({ type: "init", files: { "a.txt": "A", d: { dir: true } } });
    expect((events[0] as Extract<SessionEvent, { type: "session_ready" }>).files).toEqual(["a.txt", "d/"]);
  });
  it("keeps bash's /tmp (its full-output logs) out of the workspace's file events", async () => {
    const events: SessionEvent[] = [];
    const session = new PlaygroundSession((e) => events.push(e));
    session.handle({ type: "init" });
    await session.runToolCall("bash", JSON.stringify({ command: "echo hi > a.txt; seq 1 3000" }), "b1");
    await session.runToolCall(
      "bash",
      JSON.stringify({ command: "echo x > /tmp/x.txt; mv /tmp/x.txt x.txt" }),
    );
    await session.runToolCall("bash", JSON.stringify({ command: "mv a.txt /tmp/a.txt" }));
    const changes = events.flatMap((e) => (e.type === "file_changed" ? [`${e.change} ${e.path}`] : []));
    expect(changes.length).toBeGreaterThan(0);
    for (const c of changes) expect(c).toMatch(/^(create|modify|delete) (a|x)\.txt$/);
    expect(changes).toContain("create x.txt");
    expect(changes.at(-1)).toBe("delete a.txt");
  });

  it("waits for the page to catch up (pace) before every step of a playing scenario", async () => {
    const events: SessionEvent[] = [];
    const held: (() => void)[] = [];
    const session = new PlaygroundSession((e) => events.push(e), {
      pace: () => new Promise<void>((resolve) => held.push(resolve)),
    });
    session.handle({ type: "init" });
    session.handle({
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
    session.handle({ type: "scenario_play", speed: 0 });
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
