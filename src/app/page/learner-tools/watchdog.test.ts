import type { SessionEvent, SessionEventBody } from "@agent/events";
import type { SessionCommand } from "@agent/protocol";
import { createSessionStores } from "@state/session-stores";
import { describe, expect, it } from "vitest";
import { createLearnerToolsHandle } from "./page-tools";
import { createWatchdog, guessToolName, PING_EVERY_MS, STUCK_AFTER_MS } from "./watchdog";

/** A fake page: timers moved by hand, a host whose worker answers pings only while `free`. */
function setup() {
  let now = 0;
  const due: { at: number; run: () => void }[] = [];
  const timers = {
    setTimeout(run: () => void, ms: number) {
      due.push({ at: now + ms, run });
      return due.length;
    },
    clearTimeout() {},
  };
  const advance = async (ms: number) => {
    const end = now + ms;
    for (;;) {
      due.sort((a, b) => a.at - b.at);
      const next = due[0];
      if (!next || next.at > end) break;
      due.shift();
      now = next.at;
      next.run();
      await Promise.resolve();
    }
    now = end;
  };
  const stores = createSessionStores();
  const listeners: ((e: SessionEvent) => void)[] = [];
  let seq = 0;
  const worker = { free: true };
  const restarts: Extract<SessionCommand, { type: "init" }>[] = [];
  const sent: SessionCommand[] = [];
  const emitted: SessionEventBody[] = [];
  const notices: string[] = [];
  const host = {
    onEvent: (l: (e: SessionEvent) => void) => {
      listeners.push(l);
      return () => {};
    },
    ping: () => (worker.free ? Promise.resolve() : new Promise<void>(() => {})),
    restart: (init: Extract<SessionCommand, { type: "init" }>) => restarts.push(init),
    lastSnapshot: () => ({
      files: { "a.txt": "hi\n" },
      reason: "tools",
      learnerTools: [
        { name: "wc", source: "wc file", enabled: true },
        { name: "spin", source: "spin file", enabled: true },
      ],
    }),
    send: (c: SessionCommand) => sent.push(c),
    request: async () => [] as never,
  };
  const session = (body: SessionEventBody) => {
    const event = { ...body, seq: ++seq, ts: 0 } as SessionEvent;
    stores.ingest(event);
    for (const l of listeners) l(event);
  };
  const watchdog = createWatchdog({
    host,
    stores,
    timers,
    now: () => now,
    emit: (e) => emitted.push(e),
    notice: (t) => notices.push(t),
  });
  const row = (name: string, origin?: "learner") => ({
    name,
    label: name,
    description: "",
    parameters: {},
    hasPrepareArguments: false,
    state: "active" as const,
    backend: "memfs",
    ...(origin ? { origin } : {}),
  });
  session({
    type: "tool_set_changed",
    tools: [row("read"), row("wc", "learner"), row("spin", "learner")],
    added: [],
    removed: [],
  });
  return { advance, session, watchdog, worker, restarts, emitted, notices, host, sent };
}

const start = (toolName: string, toolCallId: string) =>
  ({ type: "tool_execution_start", toolCallId, toolName, args: {} }) as SessionEventBody;
const executing = (toolName: string, toolCallId: string) =>
  ({ type: "call_executing", toolCallId, toolName }) as unknown as SessionEventBody;

describe("the watchdog over learner code", () => {
  it("replaces a worker that a learner call holds, restoring its tools with the culprit switched off", async () => {
    const t = setup();
    t.session(start("spin", "c1"));
    t.session(executing("spin", "c1"));
    t.worker.free = false;
    await t.advance(STUCK_AFTER_MS - PING_EVERY_MS);
    expect(t.restarts).toEqual([]);
    await t.advance(2 * PING_EVERY_MS);
    expect(t.restarts).toHaveLength(1);
    expect(t.restarts[0]).toMatchObject({
      files: { "a.txt": "hi\n" },
      seqFrom: 3,
      learnerTools: [
        { name: "wc", enabled: true },
        { name: "spin", enabled: false, disabledReason: "blocked" },
      ],
    });
    expect(t.emitted).toEqual([expect.objectContaining({ type: "worker_replaced", toolCallIds: ["c1"] })]);
    expect(t.notices[0]).toMatch(/Your tool spin ran for 3 s without giving the session a turn/);
  });

  it("leaves a busy but answering worker alone, and ignores pi's own tools", async () => {
    const t = setup();
    t.session(start("wc", "c1"));
    t.session(executing("wc", "c1"));
    await t.advance(STUCK_AFTER_MS * 3);
    t.session(start("read", "c2"));
    t.session(executing("read", "c2"));
    t.worker.free = false;
    t.session({
      type: "tool_execution_end",
      toolCallId: "c1",
      toolName: "wc",
      result: {},
      isError: false,
    } as SessionEventBody);
    await t.advance(STUCK_AFTER_MS * 3);
    expect(t.restarts).toEqual([]);
  });

  it("watches a registration: a file whose top level never returns is kept, switched off", async () => {
    const t = setup();
    const handle = createLearnerToolsHandle({ host: t.host, watchdog: t.watchdog });
    t.worker.free = false;
    handle.register('pi.registerTool({ name: "loop", label: "L" }); while (true) {}');
    expect(t.sent).toEqual([expect.objectContaining({ type: "register_tool" })]);
    await t.advance(STUCK_AFTER_MS + PING_EVERY_MS);
    expect(t.restarts[0].learnerTools?.at(-1)).toMatchObject({
      name: "loop",
      enabled: false,
      disabledReason: "blocked",
    });
  });

  it("reads the tool name a file registers from its text", () => {
    expect(guessToolName('pi.registerTool({\n  name: "todo_list",')).toBe("todo_list");
    expect(guessToolName("export default 1")).toBe("unnamed");
  });
});

describe("tool files from someone else's link", () => {
  it("are shown, and register only when the learner accepts one", () => {
    const t = setup();
    const handle = createLearnerToolsHandle({ host: t.host, watchdog: t.watchdog });
    handle.offer([
      { name: "wc", source: "wc file", enabled: true },
      { name: "mine", source: "read file", enabled: true, replaces: "read" },
    ]);
    expect(t.sent).toEqual([]);
    expect(handle.offers.getSnapshot().map((o) => o.name)).toEqual(["wc", "mine"]);
    handle.dismiss("wc");
    handle.accept("mine");
    expect(t.sent).toEqual([{ type: "register_tool", source: "read file", replace: true }]);
    expect(handle.offers.getSnapshot()).toEqual([]);
  });
});
