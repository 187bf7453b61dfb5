/**
 * The learner's tools leaving one session and arriving in another, through the real layers: the saved
 * record (encode in one session, decode, init a new session from it), a share link (encode, decode,
 * load_shared, then the page's accept step), and the learner's own handler in a row's picker.
 */
import type { SessionEvent } from "@agent/events";
import { savedLearner } from "@app/common/learner-tools/saved";
import { memoryStore } from "@app/common/persist/storage.test-support";
import { PRESETS } from "@app/common/presets/index";
import { createLearnerToolsHandle } from "@app/page/learner-tools/page-tools";
import { TOOL_TEMPLATES } from "@app/page/learner-tools/templates";
import { decodeLink, encodeLink } from "@app/page/share/link-codec";
import { readRecord } from "@app/worker/persist/record-store";
import { writeFullRecord } from "@app/worker/persist/record-writer";
import { Playground } from "@app/worker/playground";
import { describe, expect, it } from "vitest";

type Of<T extends SessionEvent["type"]> = Extract<SessionEvent, { type: T }>;

function start() {
  const events: SessionEvent[] = [];
  const playground = new Playground((e) => events.push(e));
  const last = <T extends SessionEvent["type"]>(type: T) =>
    events.filter((e) => e.type === type).at(-1) as Of<T> | undefined;
  /** the table's row as the page folds it: the last row list, then the handler swaps after it */
  const row = (name: string) => {
    const at = events.findLastIndex((e) => e.type === "tool_set_changed");
    const rows = (events[at] as Of<"tool_set_changed"> | undefined)?.tools;
    const found = rows?.find((t) => t.name === name);
    if (!found) return undefined;
    const swap = events
      .slice(at + 1)
      .filter((e): e is Of<"tool_handler_changed"> => e.type === "tool_handler_changed" && e.name === name)
      .at(-1);
    return swap ? { ...found, handler: swap.handler } : found;
  };
  return { playground, events, last, row };
}

const wc = TOOL_TEMPLATES.find((t) => t.id === "wc")!.source;
const myRead = `export default function (pi: any) {
  pi.registerTool({
    name: "read", label: "My read", description: "Mine.",
    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    async execute(id: string, params: any) {
      return { content: [{ type: "text", text: "mine: " + params.path }], details: {} };
    },
  });
}`;

async function call(s: ReturnType<typeof start>, tool: string, args: string) {
  await s.playground.hand.runToolCall(tool, args, `c-${s.events.length}`);
  const end = s.last("tool_execution_end")!;
  const text = (end.result as { content?: { text?: string }[] }).content?.map((c) => c.text).join("") ?? "";
  return { isError: end.isError, text };
}

/** What the worker saves (worker.ts's `current`), as one record, read back as a reload would. */
async function saveAndRestore(from: Playground) {
  const state = {
    tools: from.session.tools.toolStates(),
    learner: savedLearner(from.learner.list(), from.session.tools.handlers.choices()),
  };
  const store = memoryStore();
  await writeFullRecord(store, "record:w", from.session.workspace.volume, state, 1);
  const read = await readRecord(store, "record:w");
  if (read.kind !== "ok") throw new Error(`not read: ${JSON.stringify(read)}`);
  return { record: read.head, workspace: read.workspace };
}

describe("the learner's tools in a saved workspace", () => {
  it("come back registered, in their states and on their handlers, and are called after a reload", async () => {
    const a = start();
    a.playground.handle({ type: "init" });
    expect(await a.playground.learner.register(wc)).toBe(true);
    expect(await a.playground.learner.register(myRead, true)).toBe(true);
    a.playground.session.tools.setToolHandler("bash", "mini-pi");
    a.playground.session.tools.setToolState("wc", "hidden");

    const { record, workspace } = await saveAndRestore(a.playground);
    const b = start();
    await b.playground.init(
      {
        type: "init",
        tools: record.tools,
        learnerTools: record.learner?.tools,
        handlers: record.learner?.handlers,
      },
      workspace,
    );
    expect(b.row("wc")).toMatchObject({ origin: "learner", state: "hidden" });
    expect(b.row("read")).toMatchObject({ handler: "learner", handlers: ["pi", "mini-pi", "learner"] });
    expect(b.row("bash")).toMatchObject({ handler: "mini-pi" });
    expect(await call(b, "wc", '{"path": "package.json"}')).toMatchObject({ isError: false });
    expect((await call(b, "wc", '{"path": "package.json"}')).text).toMatch(/\d+ lines?/);
    expect((await call(b, "read", '{"path": "package.json"}')).text).toBe("mine: package.json");
  });

  it("keep a row the learner moved back to pi's handler on pi's after the reload", async () => {
    const a = start();
    a.playground.handle({ type: "init" });
    await a.playground.learner.register(myRead, true);
    a.playground.session.tools.setToolHandler("read", "pi");
    const { record, workspace } = await saveAndRestore(a.playground);
    const b = start();
    await b.playground.init(
      { type: "init", learnerTools: record.learner?.tools, handlers: record.learner?.handlers },
      workspace,
    );
    expect(b.row("read")).toMatchObject({ handler: "pi", handlers: ["pi", "mini-pi", "learner"] });
    expect((await call(b, "read", '{"path": "package.json"}')).text).toContain('"name"');
  });
});

describe("the learner's own handler in a row's picker", () => {
  it("runs the learner's execute behind pi's definition; swapping changes the table and not the prompt", async () => {
    const s = start();
    s.playground.handle({ type: "init" });
    const piRead = s.row("read")!;
    await s.playground.learner.register(myRead, true);
    expect(s.row("read")).toMatchObject({ origin: "learner", replaces: "read", handler: "learner" });
    // The definition is pi's: the model is told about pi's read, whatever runs behind it.
    expect(s.row("read")?.description).toBe(piRead.description);
    expect((await call(s, "read", '{"path": "package.json"}')).text).toBe("mine: package.json");

    const prompts = s.events.filter((e) => e.type === "prompt_sections_changed").length;
    s.playground.session.tools.setToolHandler("read", "mini-pi");
    expect(s.last("tool_handler_changed")).toMatchObject({
      name: "read",
      handler: "mini-pi",
      previous: "learner",
    });
    expect(s.row("read")?.origin).toBeUndefined();
    s.playground.session.tools.setToolHandler("read", "learner");
    expect((await call(s, "read", '{"path": "x.txt"}')).text).toBe("mine: x.txt");
    expect(s.events.filter((e) => e.type === "prompt_sections_changed").length).toBe(prompts);

    s.playground.learner.remove("read");
    expect(s.row("read")).toMatchObject({ handler: "pi", handlers: ["pi", "mini-pi"] });
    expect((await call(s, "read", '{"path": "package.json"}')).text).toContain('"name"');
  });
});

describe("the learner's tools in a share link", () => {
  it("arrive as offers, register only when accepted, and are callable then", async () => {
    const a = start();
    a.playground.handle({ type: "init" });
    await a.playground.learner.register(wc);
    a.playground.session.tools.setToolHandler("edit", "mini-pi");
    const decoded = decodeLink(encodeLink(a.playground.share.state(), PRESETS.default), PRESETS.default);
    if (!decoded?.ok) throw new Error("the link did not decode");

    const b = start();
    b.playground.handle({ type: "init" });
    b.playground.share.open(decoded.shared);
    expect(b.playground.learner.list()).toEqual([]);
    expect(b.row("wc")).toBeUndefined();
    expect(b.row("edit")).toMatchObject({ handler: "mini-pi" });
    expect((await call(b, "wc", '{"path": "package.json"}')).isError).toBe(true);

    // The page's accept step, wired to the session as the worker would be.
    const handle = createLearnerToolsHandle({
      host: { send: (c) => b.playground.handle(c), request: (async () => []) as never },
      watchdog: { registering: () => {} },
    });
    handle.offer(decoded.shared.learner?.tools ?? []);
    expect(b.playground.learner.list()).toEqual([]);
    handle.accept("wc");
    // Registration is asynchronous (the transpiler loads on first use): wait for its event.
    for (let i = 0; i < 200 && !b.last("learner_tool_registered"); i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(b.row("wc")).toMatchObject({ origin: "learner", state: "active" });
    expect((await call(b, "wc", '{"path": "package.json"}')).isError).toBe(false);
  });
});
