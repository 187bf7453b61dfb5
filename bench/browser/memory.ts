/**
 * The memory figure (scripts/bench-browser.ts, BENCH_ONLY=memory): the product page plays two long
 * scripted sessions with no pauses, and the page's and the session worker's JS heaps are read from
 * Chromium itself (CDP: HeapProfiler.collectGarbage, then Runtime.getHeapUsage, on the page and on the
 * worker target), not estimated.
 *
 * 1. ~100,000 events: prompt after prompt of turns of parallel small reads; heaps at 10k, 50k and 100k
 *    events received by the page (read while the session plays on).
 * 2. 2,000 calls that each return 50 KB (a read of a 50 KB file), in prompts of 16 calls; heaps at the end.
 *
 * Runs in Node. Scenarios reach the page as one more entry of public/scenarios (network interception).
 */
import type { Browser, CDPSession, Page } from "playwright-core";

const FILE = "bench-memory.json";
const TITLE = "Bench: a long session";

/** Prompts of `turns` turns of `perTurn` parallel reads (`limit` lines each), ending with a short reply. */
function longScenario(options: {
  prompts: number;
  turns: number;
  perTurn: number;
  files: Record<string, string>;
  /** the read call's arguments, by call number (1, 2, …) */
  args: (call: number) => Record<string, unknown>;
}) {
  const steps: unknown[] = [];
  let id = 0;
  for (let p = 0; p < options.prompts; p++) {
    steps.push({ user: `Prompt ${p + 1}: read it again.` });
    for (let t = 0; t < options.turns; t++) {
      const content = [];
      for (let c = 0; c < options.perTurn; c++) {
        id++;
        content.push({ type: "toolCall", id: `mem-${id}`, name: "read", arguments: options.args(id) });
      }
      steps.push({ assistant: { content, stopReason: "toolUse" } });
    }
    steps.push({ assistant: { content: [{ type: "text", text: "Done." }], stopReason: "stop" } });
  }
  return {
    title: TITLE,
    description: `${id} read calls in ${options.prompts} prompts, no pauses.`,
    tools: { active: ["read"] },
    workspace: { files: options.files },
    steps,
  };
}

/** A text file of about `bytes` bytes: numbered lines, so no two reads share a string by accident. */
function textOf(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 1; size < bytes; i++) {
    const line = `line ${i}: ${"the quick brown fox jumps over the lazy dog ".repeat(2)}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join("\n")}\n`;
}

/** Heap readings of the page and of every worker it started, over one CDP session on the page. */
async function heapMeter(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const workers: string[] = [];
  const waiting = new Map<number, (result: HeapUsage) => void>();
  let next = 0;
  cdp.on("Target.attachedToTarget", (e) => {
    if (e.targetInfo.type === "worker") workers.push(e.sessionId);
  });
  cdp.on("Target.receivedMessageFromTarget", (e) => {
    const m = JSON.parse(e.message) as { id?: number; result?: HeapUsage };
    if (m.id !== undefined && m.result) waiting.get(m.id)?.(m.result);
    if (m.id !== undefined) waiting.delete(m.id);
  });
  // Not flattened: the messages to a worker then go through this session, beside Playwright's own.
  await cdp.send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
  const inWorker = (sessionId: string, method: string) =>
    new Promise<HeapUsage>((done) => {
      const id = ++next;
      waiting.set(id, done);
      void cdp.send("Target.sendMessageToTarget", { sessionId, message: JSON.stringify({ id, method }) });
    });
  return {
    /**
     * MB live after a full GC, for the page and the session worker (the first one started; the spare
     * comes a second later): the JS heap, plus what lives beside it (strings the browser made outside
     * the heap, array buffers), which Runtime.getHeapUsage reports separately.
     */
    async read() {
      await cdp.send("HeapProfiler.collectGarbage");
      const page = (await cdp.send("Runtime.getHeapUsage")) as HeapUsage;
      if (workers.length === 0)
        throw new Error("no worker target attached: the session worker was not found");
      const outside = (h: HeapUsage) => ((h.embedderHeapUsedSize ?? 0) + (h.backingStorageSize ?? 0)) / 1e6;
      const total = (h: HeapUsage) => h.usedSize / 1e6 + outside(h);
      // The session's worker and its idle spare look alike from here: the larger one is the session's.
      const each: HeapUsage[] = [];
      for (const session of workers) {
        await inWorker(session, "HeapProfiler.collectGarbage");
        each.push(await inWorker(session, "Runtime.getHeapUsage"));
      }
      const worker = each.reduce((a, b) => (total(b) > total(a) ? b : a));
      return {
        page: total(page),
        worker: total(worker),
        pageOutside: outside(page),
        workerOutside: outside(worker),
        workers: each.map((h) => Number(total(h).toFixed(1))),
      };
    },
    close: () => cdp.detach(),
  };
}

interface HeapUsage {
  usedSize: number;
  embedderHeapUsedSize?: number;
  backingStorageSize?: number;
}

export interface HeapReading {
  label: string;
  events: number;
  /** MB in all (JS heap and beside it) */
  page: number;
  worker: number;
  /** of which outside the JS heap */
  pageOutside: number;
  workerOutside: number;
  /** MB of each worker attached so far (the session's and its spare) */
  workers: number[];
}

async function playAndMeasure(
  browser: Browser,
  url: string,
  scenario: ReturnType<typeof longScenario>,
  marks: number[],
  label: (events: number) => string,
): Promise<{ readings: HeapReading[]; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const errors: string[] = [];
  context.on("weberror", (e) => errors.push(e.error().message));
  await context.addInitScript({
    content: `window.__memCount = 0; window.__memDone = false;
      const Original = window.Worker;
      window.Worker = class extends Original { constructor(...a) { super(...a); this.addEventListener("message", (m) => {
        const d = m.data; const list = d.kind === "event" ? [d.event] : d.kind === "events" ? d.events : [];
        window.__memCount += list.length;
        for (const e of list) if (e.type === "scenario_state" && e.status === "done") window.__memDone = true;
      }); } };`,
  });
  await context.route("**/scenarios/index.json", async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as unknown[];
    list.push({ file: FILE, title: TITLE, description: scenario.description });
    await route.fulfill({ response, json: list });
  });
  await context.route(`**/scenarios/${FILE}`, (route) => route.fulfill({ json: scenario }));
  const page = await context.newPage();
  const meter = await heapMeter(page);
  await page.goto(url);
  const picker = page.getByRole("combobox", { name: "Scenario" });
  await picker.locator("option", { hasText: TITLE }).waitFor({ state: "attached" });
  await picker.selectOption(FILE);
  await page.getByText(`${TITLE}:`).waitFor();
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
  await page.waitForTimeout(1000);
  const readings: HeapReading[] = [];
  const at = async (events: number) => {
    const heap = await meter.read();
    readings.push({ label: label(events), events, ...heap });
  };
  await at(await page.evaluate(() => (window as unknown as { __memCount: number }).__memCount));
  await page.getByRole("button", { name: "Play" }).click();
  for (const mark of marks) {
    await page.waitForFunction(
      (n) => {
        const w = window as unknown as { __memCount: number; __memDone: boolean };
        return w.__memCount >= n || w.__memDone;
      },
      mark,
      { timeout: 15 * 60_000, polling: 250 },
    );
    await at(await page.evaluate(() => (window as unknown as { __memCount: number }).__memCount));
  }
  await page.waitForFunction(() => (window as unknown as { __memDone: boolean }).__memDone, null, {
    timeout: 15 * 60_000,
    polling: 250,
  });
  await page.waitForTimeout(500);
  await at(await page.evaluate(() => (window as unknown as { __memCount: number }).__memCount));
  await meter.close();
  await context.close();
  return { readings, errors };
}

/** The two sessions of the memory figure; each in a context of its own. */
export async function memory(browser: Browser, url: string) {
  const small = textOf(400);
  // About twelve events a call: 8,800 calls give a little over 100,000 events.
  const long = longScenario({
    prompts: 110,
    turns: 10,
    perTurn: 8,
    files: { "notes.txt": small },
    args: () => ({ path: "notes.txt", limit: 3 }),
  });
  const first = await playAndMeasure(browser, url, long, [10_000, 50_000, 100_000], (n) =>
    n === 0 ? "before playing" : `${n} events`,
  );
  // read returns at most 50 KB (pi's limit): 500 lines of ~100 bytes, from a different line each time, so
  // no two results are the same text (the browser shares equal strings it decoded, which would hide them).
  const big = longScenario({
    prompts: 125,
    turns: 2,
    perTurn: 8,
    files: { "big.txt": textOf(260_000) },
    args: (call) => ({ path: "big.txt", offset: call, limit: 500 }),
  });
  const second = await playAndMeasure(browser, url, big, [], (n) =>
    n === 0 ? "before playing" : `${n} events`,
  );
  return { long: first, big: second };
}
