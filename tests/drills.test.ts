/**
 * Each drill through the whole session, as the page drives it: set_drill rebuilds the tools over the
 * faulty disk, a call by hand meets the fault, the events say which layer answered, and afterwards the
 * workspace and its snapshot hold every file the drill was not writing, and a call works again.
 */
import type { EventOf, SessionEvent } from "@agent/events";
import { PRESETS } from "@app/common/presets/index";
import { Playground } from "@app/worker/playground";
import { DRILL_IDS, SLOW_DATA_MS } from "@backends/faulty/drills";
import { PAGE_DRILLS } from "@state/drills";
import { createSessionStores } from "@state/session-stores";
import { describe, expect, it, vi } from "vitest";

function start() {
  const events: SessionEvent[] = [];
  let snapshot: Record<string, unknown> = {};
  const playground = new Playground((e) => events.push(e), {
    onSnapshot: (files) => {
      snapshot = files;
    },
  });
  playground.handle({ type: "init" });
  for (const name of ["ls", "grep"]) playground.handle({ type: "set_tool_state", name, state: "active" });
  const ends = () =>
    events.filter((e): e is EventOf<"tool_execution_end"> => e.type === "tool_execution_end");
  return {
    playground,
    events,
    snapshot: () => snapshot,
    async call(tool: string, args: unknown, id: string) {
      await playground.hand.runToolCall(tool, JSON.stringify(args), id);
      const end = ends().find((e) => e.toolCallId === id)!;
      const text = end.result.content.map((c) => (c.type === "text" ? c.text : "")).join("");
      return { text, isError: end.isError };
    },
    /** what the page shows: a fresh set of stores fed the whole stream */
    stores() {
      const stores = createSessionStores();
      stores.replay(events);
      return stores;
    },
  };
}

const DEFAULT = PRESETS.default as Record<string, string>;

/** every preset file but `except` is as the preset has it, in the workspace and in the host's snapshot */
function intact(s: ReturnType<typeof start>, except: string[] = []) {
  const files = s.playground.session.workspace.filesMap();
  for (const [path, content] of Object.entries(DEFAULT)) {
    if (except.includes(path)) continue;
    expect(files[path], path).toEqual(content);
    if (path in s.snapshot()) expect(s.snapshot()[path], `snapshot ${path}`).toEqual(content);
  }
}

async function recovers(s: ReturnType<typeof start>) {
  s.playground.handle({ type: "set_drill", drill: "off" });
  expect(await s.call("read", { path: "src/todo.ts" }, "after")).toMatchObject({ isError: false });
  expect(s.stores().drills.getSnapshot().active).toBe("off");
}

describe("drills through the session", () => {
  it("the page offers exactly the faulty disk's presets", () => {
    expect([...PAGE_DRILLS]).toEqual([...DRILL_IDS]);
  });

  it("an unknown drill is a session_error that changes nothing", () => {
    const s = start();
    s.playground.handle({ type: "set_drill", drill: "earthquake", id: "c1" });
    expect(s.events.at(-1)).toMatchObject({ type: "session_error", commandId: "c1" });
    expect(s.events.at(-1)).toHaveProperty("message", expect.stringContaining("Unknown drill: earthquake"));
    expect(s.stores().drills.getSnapshot().active).toBe("off");
  });

  it("disk full while writing: the write fails with ENOSPC, that file is torn, the rest intact", async () => {
    const s = start();
    s.playground.handle({ type: "set_drill", drill: "disk-full" });
    expect(s.stores().drills.getSnapshot().active).toBe("disk-full");
    const out = await s.call("write", { path: "notes.md", content: "0123456789" }, "w1");
    expect(out).toEqual({ text: "ENOSPC: no space left on device, write", isError: true });
    expect(s.playground.session.workspace.filesMap()["notes.md"]).toBe("01234");
    expect(s.stores().drills.getSnapshot().calls.w1.answer).toBe("caught");
    intact(s);
    await recovers(s);
  });

  it("a drill's damage is undone: once it is off, the files from before it come back, once", async () => {
    const s = start();
    const before = s.playground.session.workspace.filesMap();
    s.playground.handle({ type: "set_drill", drill: "disk-full" });
    await s.call("write", { path: "notes.md", content: "0123456789" }, "w1");
    await s.call("write", { path: "README.md", content: "0123456789" }, "w2");
    expect(s.playground.session.workspace.filesMap()["notes.md"]).toBe("01234");
    expect(s.stores().drills.getSnapshot().undo).toBe(false);
    s.playground.handle({ type: "set_drill", drill: "off" });
    expect(s.stores().drills.getSnapshot()).toMatchObject({ active: "off", undo: true });
    s.playground.handle({ type: "undo_drill" });
    expect(s.playground.session.workspace.filesMap()).toEqual(before);
    expect(s.stores().drills.getSnapshot().undo).toBe(false);
    s.playground.handle({ type: "undo_drill", id: "again" });
    expect(s.events.at(-1)).toMatchObject({ type: "session_error", commandId: "again" });
    expect(s.events.at(-1)).toHaveProperty(
      "message",
      expect.stringContaining("no files from before a drill"),
    );
  });

  it("slow network drive: a call takes the added wait; a stalled read ends at Esc", async () => {
    const s = start();
    s.playground.handle({ type: "set_drill", drill: "slow-drive" });
    const t = performance.now();
    expect(await s.call("read", { path: "README.md" }, "r1")).toMatchObject({ isError: false });
    expect(performance.now() - t).toBeGreaterThanOrEqual(SLOW_DATA_MS - 10);
    const stuck = s.call("read", { path: "package.json" }, "r2");
    await vi.waitFor(() =>
      expect(s.events.some((e) => e.type === "fault_injected" && e.kind === "hang")).toBe(true),
    );
    s.playground.handle({ type: "abort" });
    expect(await stuck).toEqual({ text: "Operation aborted", isError: true });
    const calls = s.stores().drills.getSnapshot().calls;
    expect([calls.r1.answer, calls.r2.answer]).toEqual(["slowed", "stalled"]);
    expect(s.stores().status.getSnapshot().running).toBe(false);
    intact(s);
    await recovers(s);
  });

  it("permission denied under src/: read shows the raw text, edit its own words, the rest works", async () => {
    const s = start();
    s.playground.handle({ type: "set_drill", drill: "src-denied" });
    expect(await s.call("read", { path: "src/todo.ts" }, "r1")).toEqual({
      text: "EACCES: permission denied, access '/workspace/src/todo.ts'",
      isError: true,
    });
    expect(
      await s.call("edit", { path: "src/todo.ts", edits: [{ oldText: "Todo", newText: "Task" }] }, "e1"),
    ).toEqual({ text: "Could not edit file: src/todo.ts. Error code: EACCES.", isError: true });
    expect(await s.call("read", { path: "README.md" }, "r2")).toMatchObject({ isError: false });
    const calls = s.stores().drills.getSnapshot().calls;
    expect([calls.r1.answer, calls.e1.answer, calls.r2]).toEqual(["caught", "reworded", undefined]);
    intact(s);
    await recovers(s);
  });

  it("a file vanishes between ls and read: ENOENT after the listing, the file still there", async () => {
    const s = start();
    s.playground.handle({ type: "set_drill", drill: "vanish" });
    expect((await s.call("ls", { path: "." }, "l1")).text).toContain("README.md");
    expect(await s.call("read", { path: "README.md" }, "r1")).toEqual({
      text: "ENOENT: no such file or directory, access '/workspace/README.md'",
      isError: true,
    });
    expect(s.stores().drills.getSnapshot().calls.r1.answer).toBe("caught");
    intact(s);
    await recovers(s);
  });

  it("a drill lives on through a workspace reset, and a replaced worker starts under it", async () => {
    const s = start();
    s.playground.handle({ type: "set_drill", drill: "src-denied" });
    s.playground.handle({ type: "reset_workspace", preset: "default" });
    expect((await s.call("read", { path: "src/todo.ts" }, "r1")).isError).toBe(true);
    const events: SessionEvent[] = [];
    const next = new Playground((e) => events.push(e));
    next.handle({ type: "init", drill: "src-denied" });
    expect(events.find((e) => e.type === "drill_changed")).toMatchObject({ drill: "src-denied" });
    await next.hand.runToolCall("read", '{"path":"src/todo.ts"}', "n1");
    expect(events.find((e) => e.type === "tool_execution_end")).toMatchObject({ isError: true });
  });
});
