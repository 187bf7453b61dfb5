import type { SessionEvent } from "@agent/events";
import { type DispatchTableSnapshot, EMPTY_DISPATCH, reduceDispatch } from "@state/dispatch-table";
import { describe, expect, it } from "vitest";
import { Playground } from "./playground";
import { HandlerChoice } from "./session-handlers";

function started() {
  const events: SessionEvent[] = [];
  const playground = new Playground((e) => events.push(e));
  playground.handle({ type: "init" });
  return { playground, events };
}

const resultOf = (events: SessionEvent[], id: string) =>
  events.find(
    (e): e is Extract<SessionEvent, { type: "tool_execution_end" }> =>
      e.type === "tool_execution_end" && e.toolCallId === id,
  );

describe("the handler column of the dispatch table", () => {
  it("offers pi's and mini-pi's handler for read, bash, edit and write, and pi's only for the rest", () => {
    const { events } = started();
    const set = events.find((e) => e.type === "tool_set_changed") as Extract<
      SessionEvent,
      { type: "tool_set_changed" }
    >;
    const byName = Object.fromEntries(set.tools.map((t) => [t.name, t]));
    expect(byName.read).toMatchObject({ handler: "pi", handlers: ["pi", "mini-pi"] });
    expect(byName.write?.handlers).toEqual(["pi", "mini-pi"]);
    expect(byName.grep).toMatchObject({ handler: "pi", handlers: ["pi"] });
  });

  it("a swap changes the table and nothing else: one event, no prompt change, and the next call runs mini-pi's", async () => {
    const { playground, events } = started();
    events.length = 0;
    playground.handle({ type: "set_tool_handler", name: "read", handler: "mini-pi" });
    expect(events.map((e) => e.type)).toEqual(["tool_handler_changed"]);
    expect(events[0]).toMatchObject({ name: "read", handler: "mini-pi", previous: "pi" });
    await playground.hand.runToolCall("read", '{"path": "/etc/passwd"}', "r1");
    expect(resultOf(events, "r1")).toMatchObject({ isError: true });
    expect(JSON.stringify(resultOf(events, "r1")?.result)).toContain("path outside cwd: /etc/passwd");
    playground.handle({ type: "set_tool_handler", name: "read", handler: "pi" });
    await playground.hand.runToolCall("read", '{"path": "/etc/passwd"}', "r2");
    expect(resultOf(events, "r2")).toMatchObject({ isError: false });
  });

  it("keeps the choice across a workspace reset, over the new volume", async () => {
    const { playground, events } = started();
    playground.handle({ type: "set_tool_handler", name: "write", handler: "mini-pi" });
    playground.handle({ type: "reset_workspace", preset: "empty" });
    await playground.hand.runToolCall("write", '{"path": "a.txt", "content": "hi"}', "w1");
    expect(JSON.stringify(resultOf(events, "w1")?.result)).toContain("Wrote 2 characters to a.txt");
    expect(playground.session.workspace.filesMap()["a.txt"]).toBe("hi");
  });

  it("refuses a handler the tool does not offer, saying which it offers", () => {
    const { playground, events } = started();
    playground.handle({ type: "set_tool_handler", name: "grep", handler: "mini-pi", id: "c1" });
    expect(events.at(-1)).toMatchObject({
      type: "session_error",
      commandId: "c1",
      message: 'The grep tool has no "mini-pi" handler. It offers: pi.',
    });
  });

  it("a replacement worker gets the choice back through init", async () => {
    const events: SessionEvent[] = [];
    const playground = new Playground((e) => events.push(e));
    playground.handle({ type: "init", handlers: { bash: "mini-pi", grep: "nope" } });
    const set = events.find((e) => e.type === "tool_set_changed") as Extract<
      SessionEvent,
      { type: "tool_set_changed" }
    >;
    expect(set.tools.find((t) => t.name === "bash")?.handler).toBe("mini-pi");
    expect(set.tools.find((t) => t.name === "grep")?.handler).toBe("pi");
    await playground.hand.runToolCall("bash", '{"command": "sudo ls"}', "b1");
    expect(JSON.stringify(resultOf(events, "b1")?.result)).toContain("Dangerous command blocked");
  });

  it("a third source plugs in beside pi and mini-pi, and its removal falls back to pi's handler", async () => {
    const { playground, events } = started();
    playground.session.tools.setHandlerSource("learner", {
      read: async () => ({ content: [{ type: "text", text: "from the learner" }], details: undefined }),
    });
    const rows = events.filter((e) => e.type === "tool_set_changed").at(-1) as Extract<
      SessionEvent,
      { type: "tool_set_changed" }
    >;
    expect(rows.tools.find((t) => t.name === "read")?.handlers).toEqual(["pi", "mini-pi", "learner"]);
    playground.handle({ type: "set_tool_handler", name: "read", handler: "learner" });
    await playground.hand.runToolCall("read", '{"path": "package.json"}', "l1");
    expect(JSON.stringify(resultOf(events, "l1")?.result)).toContain("from the learner");
    playground.session.tools.setHandlerSource("learner", undefined);
    await playground.hand.runToolCall("read", '{"path": "package.json"}', "l2");
    expect(JSON.stringify(resultOf(events, "l2")?.result)).toContain("tiny-todo");
  });

  it("the table's fold takes the new handler into its row", () => {
    const { events } = started();
    let table: DispatchTableSnapshot = EMPTY_DISPATCH;
    for (const e of events) table = reduceDispatch(table, e);
    table = reduceDispatch(table, {
      type: "tool_handler_changed",
      name: "edit",
      handler: "mini-pi",
      previous: "pi",
      seq: 99,
      ts: 0,
    });
    expect(table.tools.find((t) => t.name === "edit")?.handler).toBe("mini-pi");
  });
});

describe("the system outside /workspace", () => {
  it("has /etc/passwd, /etc/hosts and a home folder, which the workspace tree does not list", async () => {
    const { playground, events } = started();
    await playground.hand.runToolCall(
      "bash",
      '{"command": "ls /etc /home/user && head -1 /etc/passwd"}',
      "b1",
    );
    const text = JSON.stringify(resultOf(events, "b1")?.result);
    for (const name of ["passwd", "hosts", "notes", "root:x:0:0"]) expect(text).toContain(name);
    expect(playground.session.workspace.listFiles().some((f) => f.includes("passwd"))).toBe(false);
  });
});

describe("a source that stops offering a name", () => {
  it("puts only that name back on pi's handler; the choices kept are the ones off pi's", () => {
    const choice = new HandlerChoice();
    const execute = (async () => ({ content: [], details: {} })) as never;
    choice.setSource("learner", { read: execute, write: execute });
    choice.set("read", "learner");
    choice.set("write", "learner");
    choice.setSource("learner", { write: execute });
    expect(choice.choices()).toEqual({ write: "learner" });
    expect(choice.row("read")).toEqual({ handler: "pi", handlers: ["pi"] });
    choice.setSource("learner", {});
    expect(choice.choices()).toEqual({});
  });
});
