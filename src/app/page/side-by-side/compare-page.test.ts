import type { CompareResult, ContainerAvailability } from "@state/compare-backends";
import { describe, expect, it, vi } from "vitest";
import type { CompareWorkerIn, CompareWorkerOut } from "../../common/side-by-side/compare-messages";
import { createCompareHandle } from "./compare-page";

class FakeWorker {
  posted: { message: CompareWorkerIn; transfer?: unknown[] }[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<CompareWorkerOut>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  postMessage(message: CompareWorkerIn, transfer?: unknown[]) {
    this.posted.push({ message, transfer });
  }
  terminate() {
    this.terminated = true;
  }
  answer(message: CompareWorkerOut) {
    this.onmessage?.({ data: message } as MessageEvent<CompareWorkerOut>);
  }
}

const RESULT = { title: "t", limitMs: 1, sides: [] } as unknown as CompareResult;

function setup(availability: ContainerAvailability = { ok: true, fake: true }) {
  const worker = new FakeWorker();
  const timers: (() => void)[] = [];
  const port = { fake: "port" } as unknown as MessagePort;
  const handle = createCompareHandle({
    fetchScenario: async (file) => ({ title: file, steps: [] }),
    loadedScenario: async () => undefined,
    currentFiles: () => ({ "notes.md": "as the learner left it\n" }),
    picker: { compareContainer: () => availability, serveForCompare: () => port },
    spawn: () => worker as unknown as Worker,
    setTimeout: (run) => timers.push(run),
  });
  return { worker, timers, handle, port };
}

const BOTH = ["1.6.0", "1.6.0"] as const;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createCompareHandle", () => {
  it("a call by hand runs as a scenario over the learner's files as they are", async () => {
    const { worker, handle } = setup();
    void handle.run(
      {
        scenario: { kind: "call", tool: "read", args: { path: "notes.md" } },
        a: { kind: "memfs" },
        b: { kind: "memfs" },
        pi: ["0.73.1", "1.6.0"],
      },
      new AbortController().signal,
    );
    await flush();
    expect(worker.posted[0]?.message).toMatchObject({
      type: "run",
      scenario: {
        workspace: { files: { "notes.md": "as the learner left it\n" } },
        tools: { active: ["read"] },
        steps: [
          { user: "A call by hand." },
          { assistant: { content: [{ name: "read", arguments: { path: "notes.md" } }] } },
          { assistant: { stopReason: "stop" } },
        ],
      },
    });
  });

  it("runs in a worker of its own and ends it once it answers", async () => {
    const { worker, handle } = setup();
    const run = handle.run(
      {
        scenario: { kind: "shipped", file: "a.json" },
        a: { kind: "memfs" },
        b: { kind: "drill", drill: "vanish" },
        pi: ["0.73.1", "1.6.0"],
      },
      new AbortController().signal,
    );
    await flush();
    expect(worker.posted[0]?.message).toMatchObject({
      type: "run",
      scenario: { title: "a.json" },
      pi: ["0.73.1", "1.6.0"],
    });
    worker.answer({ type: "done", result: RESULT });
    await expect(run).resolves.toBe(RESULT);
    expect(worker.terminated).toBe(true);
  });

  it("cancel rejects at once, asks the worker to abort, and ends it after the grace", async () => {
    const { worker, timers, handle } = setup();
    const controller = new AbortController();
    const run = handle.run(
      {
        scenario: { kind: "shipped", file: "a.json" },
        a: { kind: "memfs" },
        b: { kind: "webcontainer" },
        pi: BOTH,
      },
      controller.signal,
    );
    await flush();
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(worker.posted.map((p) => p.message.type)).toEqual(["run", "cancel"]);
    expect(worker.terminated).toBe(false);
    for (const t of timers) t();
    expect(worker.terminated).toBe(true);
  });

  it("hands the worker the page's booted WebContainer through a transferred port", async () => {
    const { worker, handle, port } = setup({ ok: true, fake: false });
    void handle.run(
      {
        scenario: { kind: "shipped", file: "a.json" },
        a: { kind: "memfs" },
        b: { kind: "webcontainer" },
        pi: BOTH,
      },
      new AbortController().signal,
    );
    await flush();
    expect(worker.posted[0]?.transfer).toEqual([port]);
    expect(worker.posted[0]?.message).toMatchObject({ port });
  });

  it("says why WebContainer cannot be a side, and refuses while the learner's files live in it", () => {
    expect(setup({ ok: false, reason: "notBooted" }).handle.container("memfs")).toEqual({
      ok: false,
      reason: "notBooted",
    });
    expect(setup({ ok: true, fake: false }).handle.container("webcontainer")).toEqual({
      ok: false,
      reason: "holdsWorkspace",
    });
    // The fake is booted for the comparison alone, so the learner's being on one is no obstacle.
    expect(setup({ ok: true, fake: true }).handle.container("webcontainer")).toEqual({
      ok: true,
      fake: true,
    });
  });

  it("a run of the loaded scenario with none loaded says so", async () => {
    const { handle } = setup();
    await expect(
      handle.run(
        { scenario: { kind: "loaded" }, a: { kind: "memfs" }, b: { kind: "webcontainer" }, pi: BOTH },
        new AbortController().signal,
      ),
    ).rejects.toThrow(/No scenario is loaded/);
    expect(await handle.loadedTitle()).toBeNull();
  });

  it("a worker failure becomes the run's error", async () => {
    const { worker, handle } = setup();
    const run = handle.run(
      { scenario: { kind: "shipped", file: "a.json" }, a: { kind: "memfs" }, b: { kind: "memfs" }, pi: BOTH },
      new AbortController().signal,
    );
    await flush();
    worker.onerror?.({ message: "boom", preventDefault: vi.fn() } as unknown as ErrorEvent);
    await expect(run).rejects.toThrow("boom");
  });
});
