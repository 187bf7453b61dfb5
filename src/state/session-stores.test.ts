import type { SessionEvent, SessionEventBody } from "@agent/events";
import { describe, expect, it } from "vitest";
import { createSessionStores } from "./session-stores";

let seq = 0;
const ev = (body: SessionEventBody, ts = 1000 + seq): SessionEvent =>
  ({ ...body, seq: ++seq, ts }) as SessionEvent;

const row = (name: string, state: "active" | "hidden" | "off") => ({
  name,
  label: name,
  description: `${name} does things`,
  parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
  hasPrepareArguments: name === "edit",
  state,
  backend: "memfs",
});

/** A small run: one read that succeeds, one edit that waits on the file queue, one rejected call. */
function run(): SessionEvent[] {
  seq = 0;
  return [
    ev({ type: "session_ready", backend: "memfs", cwd: "/workspace", files: ["a.txt", "src/", "src/b.ts"] }),
    ev({
      type: "tool_set_changed",
      tools: [row("read", "active"), row("edit", "active"), row("grep", "off")],
      added: [],
      removed: [],
    }),
    ev({ type: "batch_start", toolCallIds: ["c1", "c2", "c3"], mode: "parallel", reason: "default" }),
    ev({ type: "tool_execution_start", toolCallId: "c1", toolName: "read", args: { path: "a.txt" } }, 1000),
    ev(
      { type: "call_validated", toolCallId: "c1", toolName: "read", args: {}, coerced: false, durationMs: 1 },
      1001,
    ),
    ev({ type: "tool_execution_start", toolCallId: "c2", toolName: "edit", args: {} }, 1001),
    ev({ type: "tool_execution_start", toolCallId: "c3", toolName: "nope", args: {} }, 1001),
    ev(
      {
        type: "call_rejected",
        toolCallId: "c3",
        toolName: "nope",
        stage: "lookup",
        error: "Tool nope not found",
        durationMs: 0,
      },
      1001,
    ),
    ev(
      {
        type: "tool_execution_end",
        toolCallId: "c3",
        toolName: "nope",
        result: { content: [], details: {} },
        isError: true,
      },
      1001,
    ),
    ev(
      {
        type: "call_executing",
        toolCallId: "c1",
        toolName: "read",
        args: {},
        mode: "parallel",
        beforeHookMs: null,
        waitedMs: 0,
      },
      1002,
    ),
    ev(
      {
        type: "call_executing",
        toolCallId: "c2",
        toolName: "edit",
        args: {},
        mode: "parallel",
        beforeHookMs: null,
        waitedMs: 0,
      },
      1002,
    ),
    ev({ type: "queue_wait", path: "/workspace/a.txt", toolCallId: "c2", ahead: 1 }, 1002),
    ev(
      {
        type: "call_done",
        toolCallId: "c1",
        toolName: "read",
        isError: false,
        threw: false,
        terminate: false,
        overridden: [],
        executeMs: 3,
        afterHookMs: null,
        totalMs: 5,
      },
      1005,
    ),
    ev(
      {
        type: "tool_execution_end",
        toolCallId: "c1",
        toolName: "read",
        result: { content: [], details: {} },
        isError: false,
      },
      1005,
    ),
    ev({ type: "queue_acquire", path: "/workspace/a.txt", toolCallId: "c2", waitedMs: 4 }, 1006),
    ev(
      { type: "file_changed", change: "create", path: "src/new/c.ts", source: "tool", toolCallId: "c2" },
      1007,
    ),
    ev(
      {
        type: "call_done",
        toolCallId: "c2",
        toolName: "edit",
        isError: false,
        threw: false,
        terminate: false,
        overridden: [],
        executeMs: 6,
        afterHookMs: null,
        totalMs: 8,
      },
      1008,
    ),
    ev(
      {
        type: "tool_execution_end",
        toolCallId: "c2",
        toolName: "edit",
        result: { content: [], details: {} },
        isError: false,
      },
      1008,
    ),
  ];
}

describe("session stores", () => {
  it("fold a run into the dispatch table, timeline lanes, files and status", () => {
    const stores = createSessionStores();
    stores.replay(run());
    const { stats, tools } = stores.dispatch.getSnapshot();
    expect(tools.map((t) => t.name)).toEqual(["read", "edit", "grep"]);
    expect(stats.read).toEqual({ calls: 1, errors: 0, lastMs: 5, running: 0 });
    expect(stats.nope).toEqual({ calls: 1, errors: 1, lastMs: 0, running: 0 });
    const { lanes } = stores.timeline.getSnapshot();
    expect(lanes.map((l) => [l.toolCallId, l.status, l.batch])).toEqual([
      ["c1", "done", 1],
      ["c2", "done", 1],
      ["c3", "error", 1],
    ]);
    const queue = lanes[1].bars.find((b) => b.stage === "queue");
    expect(queue).toMatchObject({ start: 1002, end: 1006 });
    expect(lanes[2].bars.map((b) => b.stage)).toEqual(["rejected"]);
    expect(stores.files.getSnapshot().paths).toEqual([
      "a.txt",
      "src/",
      "src/b.ts",
      "src/new/",
      "src/new/c.ts",
    ]);
    expect(stores.files.getSnapshot().changed["src/new/c.ts"].source).toBe("tool");
    expect(stores.status.getSnapshot().runningCalls).toEqual([]);
  });

  it("replaying the exported events into fresh stores shows the same picture", () => {
    const live = createSessionStores();
    for (const e of run()) live.ingest(e);
    const exported = live.events
      .getSnapshot()
      .events.map((e) => JSON.stringify(e))
      .join("\n");
    const replayed = createSessionStores();
    replayed.replay(exported.split("\n").map((l) => JSON.parse(l) as SessionEvent));
    for (const key of ["transcript", "dispatch", "timeline", "prompt", "files", "status"] as const)
      expect(replayed[key].getSnapshot()).toEqual(live[key].getSnapshot());
  });

  it("closes calls a replaced worker left running, from the page's events alone", () => {
    const stores = createSessionStores();
    stores.replay(run().slice(0, 6));
    expect(stores.status.getSnapshot().runningCalls).toEqual(["c1", "c2"]);
    stores.ingest(ev({ type: "worker_replaced", reason: "stuck", toolCallIds: ["c1", "c2"] }, 2000));
    expect(stores.timeline.getSnapshot().lanes.every((l) => l.status === "error" && l.end === 2000)).toBe(
      true,
    );
    expect(stores.status.getSnapshot()).toMatchObject({ running: false, runningCalls: [] });
    expect(stores.dispatch.getSnapshot().stats.read).toMatchObject({ running: 0, errors: 1 });
    expect(Object.values(stores.transcript.getSnapshot().calls)).not.toContain("running");
    stores.ingest(ev({ type: "notice", id: 1, text: "restarted" }));
    expect(stores.transcript.getSnapshot().entries.at(-1)).toMatchObject({
      kind: "notice",
      key: "page1",
      text: "restarted",
    });
    expect(stores.status.getSnapshot().notices).toEqual([{ id: 1, text: "restarted" }]);
  });

  it("keeps the event log bounded and counts what it dropped", () => {
    const stores = createSessionStores({ capacity: 100 });
    for (let i = 0; i < 10_000; i++) stores.ingest(ev({ type: "turn_start" }));
    const { events, dropped, total } = stores.events.getSnapshot();
    expect(events).toHaveLength(100);
    expect(dropped).toBe(9_900);
    expect(total).toBe(10_000);
    expect(events[99].seq - events[0].seq).toBe(99);
  });
});
