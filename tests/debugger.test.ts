/**
 * The pipeline debugger through the real session: a breakpoint pauses a call at pi's hook point, the
 * learner's decision (edited arguments validated again, skip, abort, a replaced result) is what runs,
 * a condition limits it, a paused parallel call leaves its sibling running, and each decision is the
 * playground's own event.
 */
import type { SessionEvent } from "@agent/events";
import { Playground } from "@app/worker/playground";
import { describe, expect, it } from "vitest";

type Of<T extends SessionEvent["type"]> = Extract<SessionEvent, { type: T }>;

function start() {
  const events: SessionEvent[] = [];
  const waiters: (() => void)[] = [];
  const playground = new Playground((e) => {
    events.push(e);
    for (const w of waiters.splice(0)) w();
  });
  playground.handle({ type: "init" });
  const of = <T extends SessionEvent["type"]>(type: T) => events.filter((e) => e.type === type) as Of<T>[];
  /** resolves once an event of `type` for `id` has been emitted */
  const seen = async <T extends SessionEvent["type"]>(type: T, id: string): Promise<Of<T>> => {
    for (;;) {
      const found = of(type).find((e) => (e as { toolCallId?: string }).toolCallId === id);
      if (found) return found;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const resultOf = (id: string) => {
    const end = of("tool_execution_end").find((e) => e.toolCallId === id);
    return {
      isError: end?.isError,
      text: end?.result.content.map((c) => (c.type === "text" ? c.text : "")).join(""),
    };
  };
  return { playground, events, of, seen, resultOf };
}

describe("the pipeline debugger", () => {
  it("pauses before execute; edited arguments are validated again and run", async () => {
    const s = start();
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "b1", tool: "write", stage: "before_execute" }],
    });
    const run = s.playground.hand.runToolCall("write", '{"path": "a.txt", "content": "first"}', "w1");
    const paused = await s.seen("call_paused", "w1");
    expect(paused).toMatchObject({ stage: "before_execute", breakpoint: "b1", args: { path: "a.txt" } });
    s.playground.handle({ type: "resume_call", toolCallId: "w1", action: "continue", args: { path: 5 } });
    const refused = await s.seen("call_resume_refused", "w1");
    expect(refused.error).toMatch(/Validation failed for tool "write"/);
    s.playground.handle({
      type: "resume_call",
      toolCallId: "w1",
      action: "continue",
      args: { path: "b.txt", content: "edited" },
    });
    await run;
    expect(s.resultOf("w1")).toEqual({ isError: false, text: "Successfully wrote to b.txt" });
    expect(s.of("call_resumed")).toMatchObject([{ toolCallId: "w1", action: "continue", edited: true }]);
    expect(s.playground.session.workspace.filesMap()).not.toHaveProperty("a.txt");
  });

  it("skip blocks the call with the reason as its result; a condition pauses only its matches", async () => {
    const s = start();
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "b1", tool: "*", stage: "before_execute", when: "secret" }],
    });
    await s.playground.hand.runToolCall("read", '{"path": "README.md"}', "r1");
    expect(s.of("call_paused")).toEqual([]);
    const run = s.playground.hand.runToolCall("read", '{"path": "secret.txt"}', "r2");
    await s.seen("call_paused", "r2");
    s.playground.handle({ type: "resume_call", toolCallId: "r2", action: "skip", reason: "Not that file." });
    await run;
    expect(s.resultOf("r2")).toEqual({ isError: true, text: "Not that file." });
    expect(s.of("call_blocked").at(-1)).toMatchObject({ toolCallId: "r2", reason: "Not that file." });
  });

  it("after execute, the result can be replaced before it goes back", async () => {
    const s = start();
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "b", tool: "read", stage: "after_execute" }],
    });
    const run = s.playground.hand.runToolCall("read", '{"path": "README.md"}', "l1");
    const paused = await s.seen("call_paused", "l1");
    expect(paused.result?.content[0]).toMatchObject({ type: "text" });
    s.playground.handle({
      type: "resume_call",
      toolCallId: "l1",
      action: "continue",
      result: { content: [{ type: "text", text: "nothing here" }] },
    });
    await run;
    expect(s.resultOf("l1")).toEqual({ isError: false, text: "nothing here" });
  });

  it("abort while paused ends the run; under 1.6.0 the call ends unrun", async () => {
    const s = start();
    s.playground.session.setPiVersion("1.6.0", "picked");
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "b", tool: "write", stage: "before_execute" }],
    });
    const run = s.playground.hand.runToolCall("write", '{"path": "x.txt", "content": "x"}', "w1");
    await s.seen("call_paused", "w1");
    s.playground.handle({ type: "resume_call", toolCallId: "w1", action: "abort" });
    await run;
    expect(s.resultOf("w1")).toEqual({ isError: true, text: "Operation aborted" });
    expect(s.of("abort_requested")).toHaveLength(1);
    expect(s.playground.session.workspace.filesMap()).not.toHaveProperty("x.txt");
  });

  it("abort at a breakpoint also pauses a scenario being played, which would go on to its next step", async () => {
    const s = start();
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "b", tool: "write", stage: "before_execute" }],
    });
    s.playground.scenarios.load({
      title: "two writes",
      steps: [
        { user: "one" },
        {
          assistant: {
            content: [{ type: "toolCall", id: "a", name: "write", arguments: { path: "a", content: "a" } }],
            stopReason: "toolUse",
          },
        },
        { assistant: { content: [{ type: "text", text: "ok" }], stopReason: "stop" } },
        { user: "two" },
        {
          assistant: {
            content: [{ type: "toolCall", id: "b", name: "write", arguments: { path: "b", content: "b" } }],
            stopReason: "toolUse",
          },
        },
        { assistant: { content: [{ type: "text", text: "ok" }], stopReason: "stop" } },
      ],
    });
    void s.playground.scenarios.requirePlayer().play(0);
    await s.seen("call_paused", "a");
    s.playground.handle({ type: "resume_call", toolCallId: "a", action: "abort" });
    await s.playground.idle();
    expect(s.playground.scenarios.player?.status).toBe("paused");
    expect(s.of("call_paused").map((e) => e.toolCallId)).toEqual(["a"]);
  });

  it("after execute, a paused parallel call leaves its sibling running to its end", async () => {
    const s = start();
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "b", tool: "write", stage: "after_execute" }],
    });
    s.playground.scenarios.load({
      title: "two at once",
      steps: [
        { user: "go" },
        {
          assistant: {
            content: [
              { type: "toolCall", id: "w", name: "write", arguments: { path: "n.txt", content: "n" } },
              { type: "toolCall", id: "r", name: "read", arguments: { path: "README.md" } },
            ],
            stopReason: "toolUse",
          },
        },
        { assistant: { content: [{ type: "text", text: "Done." }], stopReason: "stop" } },
      ],
    });
    void s.playground.scenarios.requirePlayer().play(0);
    await s.seen("call_paused", "w");
    // pi prepares a batch's calls one by one (its before-hook included), then runs them together: a
    // pause before execute would hold the sibling's preparation; after execute it does not.
    await s.seen("tool_execution_end", "r");
    expect(s.of("tool_execution_end").map((e) => e.toolCallId)).toEqual(["r"]);
    expect(s.playground.session.workspace.filesMap()).toHaveProperty("n.txt");
    s.playground.handle({ type: "resume_call", toolCallId: "w", action: "continue" });
    await s.playground.idle();
    expect(s.resultOf("w").isError).toBe(false);
  });

  it("after prepareArguments the edit goes to pi's validation; Step pauses at each next stage in turn", async () => {
    const s = start();
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "p", tool: "write", stage: "after_prepare" }],
    });
    const run = s.playground.hand.runToolCall("write", '{"path": "a.txt", "content": "x"}', "w1");
    await s.seen("call_paused", "w1");
    // A bad edit here is not refused by the debugger: validation is the next stage, and rejects it.
    const stages: string[] = [];
    const step = async (args?: unknown) => {
      const paused = s.of("call_paused").filter((e) => e.toolCallId === "w1");
      stages.push(paused.at(-1)?.stage ?? "");
      const count = paused.length;
      s.playground.handle({
        type: "resume_call",
        toolCallId: "w1",
        action: "step",
        ...(args ? { args } : {}),
      });
      for (;;) {
        if (s.of("call_paused").filter((e) => e.toolCallId === "w1").length > count) return;
        if (s.of("message_end").some((e) => e.message.role === "toolResult")) return;
        await new Promise<void>((r) => setTimeout(r, 5));
      }
    };
    await step({ path: "b.txt", content: "edited" });
    await step();
    await step();
    await step();
    expect(stages).toEqual(["after_prepare", "after_validate", "before_execute", "after_execute"]);
    const last = s.of("call_paused").at(-1);
    expect(last).toMatchObject({ stage: "before_result", result: { content: [{ type: "text" }] } });
    expect(last?.breakpoint).toBeUndefined();
    // Before the result goes back: the message the model gets carries the edit; pi's end event does not.
    s.playground.handle({
      type: "resume_call",
      toolCallId: "w1",
      action: "continue",
      result: { content: [{ type: "text", text: "nope" }], isError: true },
    });
    await run;
    expect(s.resultOf("w1").text).toBe("Successfully wrote to b.txt");
    const message = s.of("message_end").find((e) => e.message.role === "toolResult")?.message;
    expect(message).toMatchObject({ isError: true, content: [{ type: "text", text: "nope" }] });
    expect(s.playground.session.workspace.filesMap()).toHaveProperty("b.txt");
    expect(s.of("call_resumed").map((e) => e.action)).toEqual(["step", "step", "step", "step", "continue"]);
  });

  it("after validation an edit is validated again; Skip from there blocks at pi's before-hook", async () => {
    const s = start();
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "v", tool: "read", stage: "after_validate" }],
    });
    const run = s.playground.hand.runToolCall("read", '{"path": "README.md"}', "r1");
    const paused = await s.seen("call_paused", "r1");
    expect(paused).toMatchObject({ stage: "after_validate", breakpoint: "v", args: { path: "README.md" } });
    s.playground.handle({ type: "resume_call", toolCallId: "r1", action: "continue", args: { offset: 1 } });
    expect((await s.seen("call_resume_refused", "r1")).error).toMatch(/Validation failed for tool "read"/);
    s.playground.handle({ type: "resume_call", toolCallId: "r1", action: "skip", reason: "Not now." });
    await run;
    expect(s.resultOf("r1")).toEqual({ isError: true, text: "Not now." });
    expect(s.of("call_blocked")).toMatchObject([{ toolCallId: "r1", reason: "Not now." }]);
    expect(s.of("call_executing")).toEqual([]);
  });

  it("a result edit of the wrong shape is refused and the call stays paused", async () => {
    const s = start();
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "r", tool: "ls", stage: "before_result" }],
    });
    const run = s.playground.hand.runToolCall("ls", "{}", "l1");
    await s.seen("call_paused", "l1");
    s.playground.handle({
      type: "resume_call",
      toolCallId: "l1",
      action: "continue",
      result: { content: "x" },
    });
    expect(await s.seen("call_resume_refused", "l1")).toMatchObject({ part: "content" });
    s.playground.handle({ type: "resume_call", toolCallId: "l1", action: "continue" });
    await run;
    expect(s.of("call_resumed")).toMatchObject([{ action: "continue", edited: false }]);
  });

  it("without breakpoints the run has no hooks at all", () => {
    const s = start();
    expect(s.playground.debugger.hooks()).toEqual({});
    s.playground.handle({
      type: "set_breakpoints",
      breakpoints: [{ id: "b", tool: "ls", stage: "after_execute" }],
    });
    expect(Object.keys(s.playground.debugger.hooks()).sort()).toEqual([
      "afterToolCall",
      "beforeToolCall",
      "stops",
    ]);
    s.playground.handle({ type: "set_breakpoints", breakpoints: [] });
    expect(s.playground.debugger.hooks()).toEqual({});
    expect(s.of("breakpoints_changed").map((e) => e.breakpoints.length)).toEqual([1, 0]);
  });

  it("a worker started with breakpoints (a saved workspace, a replaced worker) has them in force", () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    void playground.init({
      type: "init",
      breakpoints: [{ id: "b1", tool: "write", stage: "before_execute", when: "src/" }],
    });
    expect(playground.debugger.list()).toEqual([
      { id: "b1", tool: "write", stage: "before_execute", when: "src/" },
    ]);
    expect(events.filter((e) => e.type === "breakpoints_changed")).toHaveLength(1);
  });
});
