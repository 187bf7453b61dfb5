/**
 * Figure 6 of the browser figures (scripts/bench-browser.ts): model mode on the product page against the
 * mock provider (tests/mock-provider) on 127.0.0.1. Runs in Node; the page side is page-probe.js.
 *
 * a. The pipeline's own time around a tool call: TOOL_TURNS turns that each call read, timed from the
 *    page handing the worker the stream's last event (`done`) to the worker's tool_execution_start, and
 *    from its tool_execution_end to the next model request reaching the page. Each gap includes one hop
 *    between page and worker, and is read on the millisecond clock both share (Date.now).
 * b. Long tasks on the page while the mock streams STREAM_RATE text tokens a second for STREAM_SECONDS.
 */
import type { Browser, Page } from "playwright-core";
import type { MockTurn } from "../../tests/mock-provider/server.ts";
import { startMockProvider } from "../../tests/mock-provider/server.ts";
import { median } from "../run-workload.ts";
import { newContext, type Probe, startTrace, watchErrors } from "./drive.ts";

export const TOOL_TURNS = 20;
export const STREAM_RATE = 2000;
export const STREAM_SECONDS = 30;

const readTurn = (i: number): MockTurn => ({
  blocks: [
    { type: "toolCall", id: `call_${i}`, name: "read", pieces: ['{"path": "package.json", "limit": 5}'] },
  ],
});

async function openModelTab(browser: Browser, url: string, baseUrl: string, errors: string[]) {
  const context = await newContext(browser, false);
  watchErrors(context, errors);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole("list", { name: "Session events" }).getByText("session_ready").waitFor();
  await page.getByRole("tab", { name: "Model prompt" }).click();
  const form = page.getByRole("form", { name: "Model prompt" });
  await form.getByRole("combobox", { name: "Provider" }).selectOption({ label: "Ollama" });
  await form.getByRole("textbox", { name: "Base URL" }).fill(baseUrl);
  await form.getByLabel("Model", { exact: true }).fill("mock-model");
  await form.getByRole("textbox", { name: "Message" }).fill("Go.");
  // Found before the run: a role query scans the page, a task of the harness's own.
  const send = await form.getByRole("button", { name: "Send" }).elementHandle();
  if (!send) throw new Error("the Model prompt tab has no Send button");
  return { page, send };
}

/** A page too busy to answer, or crashed, gives null instead of holding the bench up. */
const within = <T>(work: Promise<T>, ms: number) =>
  Promise.race([work.catch(() => null), new Promise<null>((done) => setTimeout(() => done(null), ms))]);

/**
 * Sends the message and reads the probe once a second until the run's agent_end, or gives up: a page
 * that crashes or stops answering still leaves what was read last.
 */
async function run(page: Page, send: { click(): Promise<void> }, timeoutMs: number) {
  const at = await page.evaluate(() => performance.now());
  await send.click();
  let probe: Probe | null = null;
  let answered = true;
  /** the slowest answer of the page to a script of ours, once a second: how long input would wait */
  let slowestAnswerMs = 0;
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    await new Promise((done) => setTimeout(done, 1000));
    const asked = Date.now();
    const read = await within(
      page.evaluate(() => window.__benchProbe),
      10_000,
    );
    slowestAnswerMs = Math.max(slowestAnswerMs, Date.now() - asked);
    answered = read !== null;
    if (!read) break;
    probe = read;
    if (probe.model.agentEnd > 0) break;
  }
  return { at, probe, ended: (probe?.model.agentEnd ?? 0) > 0, answered, slowestAnswerMs };
}

const spread = (values: number[]) =>
  values.length ? { median: median(values), max: Math.max(...values), n: values.length } : null;

/** a. TOOL_TURNS turns that each call read, then a closing text. */
export async function toolTurns(browser: Browser, url: string) {
  const mock = await startMockProvider();
  const errors: string[] = [];
  try {
    mock.script(...Array.from({ length: TOOL_TURNS }, (_, i) => readTurn(i + 1)), {
      blocks: [{ type: "text", text: "Done." }],
    });
    const a = await openModelTab(browser, url, mock.openaiBaseUrl, errors);
    const { probe, ended } = await run(a.page, a.send, 120_000);
    await a.page.context().close();
    const m = probe?.model ?? { done: [], request: [], toolStart: [], toolEnd: [], agentEnd: 0 };
    const toTool = m.toolStart.slice(0, TOOL_TURNS).map((t, i) => t - m.done[i]);
    const toRequest = m.toolEnd.slice(0, TOOL_TURNS).map((t, i) => m.request[i + 1] - t);
    return {
      turns: m.toolStart.length,
      ended,
      toTool: spread(toTool.filter(Number.isFinite)),
      toRequest: spread(toRequest.filter(Number.isFinite)),
      errors,
    };
  } finally {
    await mock.close();
  }
}

/** The page's live JS heap after a full GC, in MB (CDP, as the memory figure reads it). */
async function pageHeapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("HeapProfiler.collectGarbage");
  const heap = await cdp.send("Runtime.getHeapUsage");
  return heap.usedSize / 1e6;
}

/** b. STREAM_RATE tokens of text a second for STREAM_SECONDS, in one turn. */
export async function fastStream(browser: Browser, url: string) {
  const mock = await startMockProvider();
  const errors: string[] = [];
  try {
    const pieces = Array.from({ length: STREAM_RATE * STREAM_SECONDS - 1 }, (_, i) => `w${i % 10} `);
    pieces.push("(end of the stream)");
    mock.script({
      blocks: [{ type: "text", text: pieces.join(""), pieces }],
      framesPerSecond: STREAM_RATE,
    });
    const b = await openModelTab(browser, url, mock.openaiBaseUrl, errors);
    await b.page.waitForTimeout(1000); // let loading settle, so only the stream is measured
    // BENCH_STREAM_TRACE=<file>: a Chromium trace of the stream with V8's CPU samples, which
    // bench/trace-tasks.ts reads as the main thread's tasks and what ran in each.
    const traceFile = process.env.BENCH_STREAM_TRACE;
    const trace = traceFile ? await startTrace(b.page, true) : undefined;
    const { at, probe, ended, answered, slowestAnswerMs } = await run(
      b.page,
      b.send,
      (STREAM_SECONDS + 60) * 1000,
    );
    if (trace && traceFile) await trace(traceFile);
    // how far the stream had got on the page: its text's length in the transcript
    const text =
      (await within(
        b.page.evaluate(
          () => document.querySelector(".transcript .msg--assistant:last-of-type")?.textContent ?? "",
        ),
        10_000,
      )) ?? "";
    const heapMB = await within(pageHeapMB(b.page), 20_000);
    await within(b.page.context().close(), 10_000);
    return {
      slowestAnswerMs,
      /** the page's JS heap after a full GC once the stream has ended (MB), or null when unread */
      heapMB,
      tokens: pieces.length,
      /** false when the page stopped answering (crashed, or too busy) */
      answered,
      /** from Send to the last event on the page */
      spanMs: (probe?.lastEventAt ?? at) - at,
      ended,
      complete: text.includes(pieces.slice(-2).join("")),
      /** characters of the stream's text shown, of all */
      shown: [text.length, pieces.join("").length],
      events: probe?.eventsReceived ?? 0,
      tasks: (probe?.longTasks ?? []).filter((t) => t.start >= at),
      /** when Send was clicked (performance.now(), the clock of the tasks' start) */
      sentAt: at,
      errors,
    };
  } finally {
    await mock.close();
  }
}
