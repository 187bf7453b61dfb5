/**
 * The long-session figure (scripts/bench-browser.ts, BENCH_ONLY=long): how the page keeps up as a session
 * grows. The product page plays scripted sessions at "no pauses" and the bench reads, from the session
 * worker's own messages, how far the scenario has got:
 *
 * a. steps per second over a whole scenario of 240, 2,400 and 24,000 steps (prompts of a small read and a
 *    short reply), and the page's longest main-thread task meanwhile;
 * b. one assistant message holding 5,000 tool calls: the time from Play until every call has ended and the
 *    transcript shows the last one, and the longest task meanwhile;
 * c. the same message with Esc pressed while its calls run: the time from the key until the page says the
 *    run has ended; and Pause clicked halfway through 2,400 steps: the time from the click until the
 *    player's "paused" reaches the page, and the steps still taken in the next second.
 *
 * `BENCH_LONG_TRACE=<file>` writes a Chromium trace (with V8's samples) of b, for bench/trace-tasks.ts.
 *
 * Runs in Node. Scenarios reach the page as one more entry of public/scenarios (network interception).
 */
import type { Browser, Page } from "playwright-core";
import { startTrace } from "./drive";

const FILE = "bench-long.json";
const TITLE = "Bench: long sessions";
/** A scenario that takes longer than this is stopped and its rate read from the steps it reached. */
const CAP_MS = 6 * 60_000;

type Step = Record<string, unknown>;

/** `prompts` prompts of three steps each: a user message, a read call, a short reply. */
export function stepsScenario(steps: number) {
  const out: Step[] = [];
  for (let p = 0; out.length < steps; p++) {
    out.push({ user: `Prompt ${p + 1}: how long is notes.txt?` });
    out.push({
      assistant: {
        content: [
          { type: "toolCall", id: `long-${p}`, name: "read", arguments: { path: "notes.txt", limit: 2 } },
        ],
        stopReason: "toolUse",
      },
    });
    out.push({
      assistant: { content: [{ type: "text", text: `It is short (${p + 1}).` }], stopReason: "stop" },
    });
  }
  return scenario(out.slice(0, steps), `${steps} steps, no pauses.`);
}

/** One prompt whose one assistant message holds `calls` reads, then a reply. */
export function wideScenario(calls: number) {
  const content = Array.from({ length: calls }, (_, i) => ({
    type: "toolCall",
    id: `wide-${i + 1}`,
    name: "read",
    arguments: { path: "notes.txt", offset: 1 + (i % 3), limit: 1 },
  }));
  return scenario(
    [
      { user: `Read notes.txt ${calls} times.` },
      { assistant: { content, stopReason: "toolUse" } },
      { assistant: { content: [{ type: "text", text: "All read." }], stopReason: "stop" } },
    ],
    `${calls} calls in one message, no pauses.`,
  );
}

function scenario(steps: Step[], description: string) {
  return {
    title: TITLE,
    description,
    tools: { active: ["read"] },
    workspace: { files: { "notes.txt": "one\ntwo\nthree\nfour\n" } },
    steps,
  };
}

/** What the page's init script keeps from the session worker's messages (see `watch`). */
interface Watched {
  next: number;
  total: number;
  done: boolean;
  ended: number;
  runEnded: number;
  abortSeen: number;
  pausedAt: number;
  clickAt: number;
  tasks: number[];
}

const watch = `
  window.__long = { next: 0, total: 0, done: false, ended: 0, runEnded: 0, abortSeen: 0, pausedAt: 0, clickAt: 0, tasks: [] };
  document.addEventListener("click", (e) => { window.__long.clickAt = e.timeStamp; }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.tasks.push(e.duration);
  }).observe({ type: "longtask", buffered: true });
  const Original = window.Worker;
  window.Worker = class extends Original { constructor(...a) { super(...a); this.addEventListener("message", (m) => {
    const d = m.data; const list = d.kind === "event" ? [d.event] : d.kind === "events" ? d.events : [];
    const w = window.__long;
    for (const e of list) {
      if (e.type === "scenario_state") {
        w.next = e.next; w.total = e.total;
        if (e.status === "done") w.done = true;
        if (e.status === "paused" && !w.pausedAt) w.pausedAt = performance.now();
      }
      else if (e.type === "tool_execution_end") w.ended++;
      else if (e.type === "agent_end") w.runEnded = performance.now();
      else if (e.type === "abort_requested") w.abortSeen = performance.now();
    }
  }); } };`;

async function open(browser: Browser, url: string, body: ReturnType<typeof scenario>) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript({ content: watch });
  await context.route("**/scenarios/index.json", async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as unknown[];
    list.push({ file: FILE, title: TITLE, description: body.description });
    await route.fulfill({ response, json: list });
  });
  await context.route(`**/scenarios/${FILE}`, (route) => route.fulfill({ json: body }));
  const page = await context.newPage();
  await page.goto(url);
  const picker = page.getByRole("combobox", { name: "Scenario" });
  await picker.locator("option", { hasText: TITLE }).waitFor({ state: "attached" });
  await picker.selectOption(FILE);
  await page.getByText(`${TITLE}:`).waitFor({ timeout: 120_000 });
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
  await page.waitForTimeout(500);
  await page.evaluate(() => {
    (window as unknown as { __long: Watched }).__long.tasks = [];
  });
  return { context, page };
}

const read = (page: Page) => page.evaluate(() => (window as unknown as { __long: Watched }).__long);

export interface RateReading {
  steps: number;
  reached: number;
  seconds: number;
  stepsPerSecond: number;
  capped: boolean;
  longestTaskMs: number;
}

/** a. Plays a scenario of `steps` steps to its end (or CAP_MS) and reads its rate. */
export async function stepRate(browser: Browser, url: string, steps: number): Promise<RateReading> {
  const { context, page } = await open(browser, url, stepsScenario(steps));
  try {
    const start = Date.now();
    await page.getByRole("button", { name: "Play" }).click();
    let state = await read(page);
    while (!state.done && Date.now() - start < CAP_MS) {
      await page.waitForTimeout(500);
      state = await read(page);
    }
    const seconds = (Date.now() - start) / 1000;
    return {
      steps,
      reached: state.next,
      seconds,
      stepsPerSecond: state.next / seconds,
      capped: !state.done,
      longestTaskMs: Math.max(0, ...state.tasks),
    };
  } finally {
    await context.close();
  }
}

export interface WideReading {
  calls: number;
  drawSeconds: number;
  longestTaskMs: number;
  tasksOver200Ms: number;
  /** Esc → the session's abort_requested reached the page */
  escMs: number | null;
  /** Esc → the run's agent_end reached the page */
  escEndedMs: number | null;
  escCallsEnded: number;
  /** Pause clicked → the player's "paused" reached the page */
  pauseMs: number | null;
  /** steps the player still took in the second after "paused" reached the page */
  stepsAfterPause: number;
}

/** b and c: 5,000 calls in one message, drawn to the end, then again with Esc pressed mid-way. */
export async function wide(browser: Browser, url: string, calls = 5000): Promise<WideReading> {
  let drawSeconds = Number.NaN;
  let tasks: number[] = [];
  {
    const { context, page } = await open(browser, url, wideScenario(calls));
    try {
      const trace = process.env.BENCH_LONG_TRACE;
      const stopTrace = trace ? await startTrace(page, true) : undefined;
      const start = Date.now();
      await page.getByRole("button", { name: "Play" }).click();
      let state = await read(page);
      while (!state.done && Date.now() - start < CAP_MS) {
        await page.waitForTimeout(250);
        state = await read(page);
      }
      // Drawn: the transcript shows the last call's result and the status line says the scenario ended.
      await page
        .locator(`.transcript .msg--result[data-call="wide-${calls}"]`)
        .waitFor({ state: "attached", timeout: 60_000 });
      await page.getByText("Finished.").waitFor({ timeout: 60_000 });
      drawSeconds = (Date.now() - start) / 1000;
      if (trace && stopTrace) await stopTrace(trace);
      tasks = (await read(page)).tasks;
    } finally {
      await context.close();
    }
  }
  const paused = await pauseDuring(browser, url);
  const { context, page } = await open(browser, url, wideScenario(calls));
  try {
    await page.getByRole("button", { name: "Play" }).click();
    await page.waitForFunction(
      (n) => (window as unknown as { __long: Watched }).__long.ended >= n,
      calls / 4,
      {
        timeout: 120_000,
        polling: 50,
      },
    );
    const pressed = await page.evaluate(() => performance.now());
    await page.keyboard.press("Escape");
    // The page's answer: the worker took the key's message and its abort_requested reached the page (the
    // transcript adds "Abort requested" with it, though a flood of results may scroll it out of view).
    await page.waitForFunction(() => (window as unknown as { __long: Watched }).__long.abortSeen > 0, null, {
      timeout: 30_000,
      polling: 10,
    });
    // The run's end: the loop has refused the calls left and said agent_end.
    await page.waitForFunction(() => (window as unknown as { __long: Watched }).__long.runEnded > 0, null, {
      timeout: 60_000,
      polling: 20,
    });
    const state = await read(page);
    return {
      calls,
      drawSeconds,
      longestTaskMs: Math.max(0, ...tasks),
      tasksOver200Ms: tasks.filter((t) => t > 200).length,
      escMs: state.abortSeen - pressed,
      escEndedMs: state.runEnded - pressed,
      escCallsEnded: state.ended,
      ...paused,
    };
  } finally {
    await context.close();
  }
}

/** c, Pause: clicked halfway through a scenario of 2,400 steps played with no pauses. */
async function pauseDuring(browser: Browser, url: string) {
  const steps = 2400;
  const { context, page } = await open(browser, url, stepsScenario(steps));
  try {
    await page.getByRole("button", { name: "Play" }).click();
    await page.waitForFunction(
      (n) => (window as unknown as { __long: Watched }).__long.next >= n,
      steps / 2,
      {
        timeout: 120_000,
        polling: 20,
      },
    );
    // Clicked from inside the page: a click from outside first waits for the button to hold still, and at
    // no pauses the player redraws it all the time.
    await page.evaluate(() => {
      const button = [...document.querySelectorAll("button")].find((b) => b.textContent === "Pause");
      if (!button) throw new Error("no Pause button while the scenario plays");
      button.click();
    });
    await page.waitForFunction(() => (window as unknown as { __long: Watched }).__long.pausedAt > 0, null, {
      timeout: 30_000,
      polling: 10,
    });
    const atPause = await read(page);
    await page.waitForTimeout(1000);
    const later = await read(page);
    return {
      pauseMs: atPause.pausedAt - atPause.clickAt,
      stepsAfterPause: later.next - atPause.next,
    };
  } finally {
    await context.close();
  }
}

/** The scenario sizes of figure 8a, smallest first: the rate at the last is compared with the first. */
export const LONG_STEPS = [240, 2400, 24_000];
