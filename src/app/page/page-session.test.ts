import type { SessionEventBody } from "@agent/events";
import { parseEventLog } from "@agent/events.test-support";
import type { Scenario } from "@agent/scenario";
import { createPrefsStore, parsePrefs } from "@state/prefs";
import { createSessionStores } from "@state/session-stores";
import { describe, expect, it } from "vitest";
import { ABORT_DEADLINE_MS, ABORT_GRACE_MS } from "./page-session";
import { fakeTimers, pageSessionFixture } from "./page-session.fixture";
import { PREFS_KEY, PREFS_WRITE_DELAY_MS, persistPrefs, readStoredPrefs } from "./prefs-storage";

function setup(options: { fetchScenario?: (file: string) => Promise<Scenario> } = {}) {
  return pageSessionFixture(options.fetchScenario ? { fetchScenario: options.fetchScenario } : {});
}

const tool = (name: string) => ({
  name,
  label: name,
  description: name,
  parameters: {},
  hasPrepareArguments: false,
  state: "active" as const,
  backend: "memfs",
});

/** A session whose bash call is running. */
function running(worker: (body: SessionEventBody) => void) {
  worker({ type: "session_ready", backend: "memfs", cwd: "/w", files: ["a.txt"] });
  worker({ type: "tool_set_changed", tools: [tool("bash"), tool("read")], added: [], removed: [] });
  worker({ type: "agent_start" });
  worker({ type: "tool_execution_start", toolCallId: "b1", toolName: "bash", args: {} });
  worker({ type: "call_executing", toolCallId: "b1", toolName: "bash" } as SessionEventBody);
}

describe("the page session", () => {
  it("replaces a worker whose call ignores abort, and the exported log replays to the same picture", () => {
    const { page, stores, timers, sent, restarts, downloads, worker } = setup();
    running(worker);
    page.abort();
    expect(sent).toEqual([{ type: "abort" }]);
    timers.advance(ABORT_GRACE_MS - 1);
    expect(restarts).toEqual([]);
    timers.advance(1);
    expect(restarts).toEqual([
      {
        type: "init",
        files: { "a.txt": "hi\n" },
        tools: { bash: "active", read: "active" },
        handlers: { bash: "pi", read: "pi" },
        seqFrom: 5,
      },
    ]);
    expect(stores.status.getSnapshot().runningCalls).toEqual([]);
    expect(stores.timeline.getSnapshot().lanes[0].status).toBe("error");
    expect(stores.status.getSnapshot().notices[0].text).toMatch(/b1.*did not stop within 150 ms/);
    // The new worker numbers on from seqFrom (the fake worker's count just goes on).
    worker({ type: "session_ready", backend: "memfs", cwd: "/w", files: ["a.txt"] });

    page.exportEvents();
    expect(downloads).toHaveLength(1);
    expect(downloads[0].name).toMatch(/^pi-playground-events-.*\.jsonl$/);
    const replayed = createSessionStores();
    replayed.replay(parseEventLog(downloads[0].text));
    for (const key of ["transcript", "dispatch", "timeline", "prompt", "files", "status"] as const)
      expect(replayed[key].getSnapshot()).toEqual(stores[key].getSnapshot());
    expect(parseEventLog(downloads[0].text).map((e) => e.type)).toContain("worker_replaced");
  });

  it("says a learner's tool did not end, not the bash engine's reason, when its call ignores abort", () => {
    const { page, stores, timers, restarts, worker } = setup();
    worker({ type: "session_ready", backend: "memfs", cwd: "/w", files: ["a.txt"] });
    const hang = { ...tool("hang"), origin: "learner" as const };
    worker({ type: "tool_set_changed", tools: [tool("bash"), hang], added: [], removed: [] });
    worker({ type: "agent_start" });
    worker({ type: "tool_execution_start", toolCallId: "h1", toolName: "hang", args: {} });
    page.abort();
    timers.advance(ABORT_GRACE_MS);
    expect(restarts).toHaveLength(1);
    const notice = stores.status.getSnapshot().notices[0];
    expect(notice.text).toMatch(/h1.*the code of your tool hang did not end when the abort came/);
    expect(notice.text).not.toMatch(/bash/);
    expect(notice.about).toMatchObject({ code: "workerReplaced", cause: "learner", tools: "hang" });
  });

  it("leaves the worker alone when the call ends within the grace, or nothing was running", () => {
    const { page, timers, restarts, worker } = setup();
    page.abort();
    timers.advance(ABORT_GRACE_MS);
    running(worker);
    page.abort();
    worker({
      type: "tool_execution_end",
      toolCallId: "b1",
      toolName: "bash",
      result: { content: [], details: {} },
      isError: true,
    });
    timers.advance(ABORT_GRACE_MS);
    expect(restarts).toEqual([]);
  });

  it("gives a call on a free worker until the deadline: slow to end is not stuck", async () => {
    const { page, stores, timers, restarts, worker } = pageSessionFixture({
      host: { ping: async () => {} },
    });
    running(worker);
    page.abort();
    await Promise.resolve();
    timers.advance(ABORT_GRACE_MS);
    timers.advance(ABORT_DEADLINE_MS - ABORT_GRACE_MS - 1);
    expect(restarts).toEqual([]);
    timers.advance(1);
    expect(restarts).toHaveLength(1);
    expect(stores.status.getSnapshot().notices[0].text).toMatch(/b1.*did not stop within 2000 ms/);
  });

  it("keeps a free worker whose call ends late after the abort", async () => {
    const { page, timers, restarts, worker } = pageSessionFixture({ host: { ping: async () => {} } });
    running(worker);
    page.abort();
    await Promise.resolve();
    timers.advance(ABORT_GRACE_MS);
    timers.advance(ABORT_GRACE_MS * 3);
    worker({
      type: "tool_execution_end",
      toolCallId: "b1",
      toolName: "bash",
      result: { content: [], details: {} },
      isError: true,
    });
    timers.advance(ABORT_DEADLINE_MS);
    expect(restarts).toEqual([]);
  });

  it("loads the scenario picked last, whichever fetch finishes first", async () => {
    const answers = new Map<string, (s: Scenario) => void>();
    const { page, sent, stores } = setup({
      fetchScenario: (file) => new Promise((done) => answers.set(file, done)),
    });
    const first = page.loadScenario("first.json");
    const second = page.loadScenario("second.json");
    expect(page.scenarioLoading.getSnapshot()).toBe("second.json");
    answers.get("second.json")?.({ title: "second" } as Scenario);
    await second;
    answers.get("first.json")?.({ title: "first" } as Scenario);
    await first;
    expect(sent).toEqual([{ type: "scenario_load", scenario: { title: "second" }, keepHistory: false }]);
    expect(page.scenarioLoading.getSnapshot()).toBeNull();
    expect(stores.status.getSnapshot().notices).toEqual([]);
  });

  it("tells the learner when a scenario cannot be fetched, as an event in the log", async () => {
    const { page, stores } = setup({ fetchScenario: async () => Promise.reject(new Error("404")) });
    await page.loadScenario("gone.json");
    expect(stores.events.latest().events.at(-1)).toMatchObject({ type: "notice", id: 1 });
    expect(stores.transcript.getSnapshot().entries.at(-1)).toMatchObject({ kind: "notice" });
  });
});

describe("preferences", () => {
  it("keep projector mode's panels and normal mode's apart through storage", () => {
    const timers = fakeTimers();
    let stored: string | null = null;
    const prefs = createPrefsStore();
    const flush = persistPrefs(prefs, { setItem: (_k, v) => (stored = v) }, timers);
    prefs.togglePanel("workspace");
    prefs.patch({ projector: true });
    prefs.togglePanel("timeline");
    flush();
    const back = createPrefsStore(parsePrefs(readStoredPrefs({ getItem: () => stored })));
    expect(back.getSnapshot()).toMatchObject({
      projector: true,
      collapsed: { workspace: true },
      projectorPanels: ["dispatch", "conversation", "system-prompt"],
    });
  });

  it("are written once a drag pauses, not on every move, and flushed on demand", () => {
    const timers = fakeTimers();
    const writes: string[] = [];
    const prefs = createPrefsStore();
    const flush = persistPrefs(prefs, { setItem: (_k, v) => writes.push(v) }, timers);
    for (let i = 0; i < 50; i++) {
      prefs.resize(0, 0.001);
      timers.advance(16);
    }
    expect(writes).toEqual([]);
    timers.advance(PREFS_WRITE_DELAY_MS);
    expect(writes).toHaveLength(1);
    expect(JSON.parse(writes[0]).columns[0]).toBeCloseTo(1.05);
    prefs.patch({ theme: "dark" });
    flush();
    expect(JSON.parse(writes[1]).theme).toBe("dark");
    timers.advance(PREFS_WRITE_DELAY_MS);
    expect(writes).toHaveLength(2);
  });

  it("read back whatever storage holds, or nothing when it is broken", () => {
    expect(readStoredPrefs({ getItem: (k) => (k === PREFS_KEY ? '{"theme":"dark"}' : null) })).toEqual({
      theme: "dark",
    });
    expect(readStoredPrefs({ getItem: () => "{" })).toBeNull();
    expect(readStoredPrefs(null)).toBeNull();
  });
});

describe("starting over", () => {
  const scenario = { title: "queue" } as Scenario;

  it("a pick loads clean, or keeps the history when asked", async () => {
    const { page, sent } = setup({ fetchScenario: async () => scenario });
    expect(await page.loadScenario("q.json")).toBe(true);
    expect(await page.loadScenario("q.json", { keepHistory: true })).toBe(true);
    expect(sent).toEqual([
      { type: "scenario_load", scenario, keepHistory: false },
      { type: "scenario_load", scenario, keepHistory: true },
    ]);
  });

  it("asks before unsaved edits are lost, and does nothing when the learner keeps editing", async () => {
    const { page, sent, confirmations, unsaved } = setup({ fetchScenario: async () => scenario });
    unsaved.mark("src/app.ts", true);

    const restart = page.loadScenario("q.json", { restart: true });
    expect(confirmations.getSnapshot()).toEqual({
      about: { kind: "unsaved", action: "restart", paths: ["src/app.ts"] },
    });
    confirmations.answer(false);
    expect(await restart).toBe(false);

    const reset = page.resetFiles();
    expect(confirmations.getSnapshot()).toMatchObject({ about: { action: "reset" } });
    confirmations.answer(false);
    expect(await reset).toBe(false);
    expect(sent).toEqual([]);

    const again = page.loadScenario("q.json", { restart: true });
    confirmations.answer(true);
    expect(await again).toBe(true);
    const resetAgain = page.resetFiles();
    confirmations.answer(true);
    expect(await resetAgain).toBe(true);
    expect(sent.map((c) => c.type)).toEqual(["scenario_load", "reset_workspace"]);
  });

  it("asks nothing when there are no unsaved edits", async () => {
    const { page, sent, confirmations } = setup();
    expect(await page.resetFiles()).toBe(true);
    expect(confirmations.getSnapshot()).toBeNull();
    expect(sent).toEqual([{ type: "reset_workspace", preset: "default" }]);
  });

  it("aborts a running run before a clean start, and loads once it has ended", async () => {
    const { page, sent, worker } = setup({ fetchScenario: async () => scenario });
    running(worker);
    const restart = page.loadScenario("q.json", { restart: true });
    await Promise.resolve();
    await Promise.resolve();
    expect(sent).toEqual([{ type: "abort" }]);
    worker({ type: "agent_end", messages: [] });
    await restart;
    expect(sent.map((c) => c.type)).toEqual(["abort", "scenario_load"]);
  });
});
