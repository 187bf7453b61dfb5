/**
 * The Playwright side of the browser figures (scripts/bench-browser.ts): opens the product page and the
 * workload page in headless Chromium and reads what bench/browser/page-probe.js and bench/browser/main.ts
 * recorded. Runs in Node.
 */
import { readFileSync, writeFileSync } from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import type { WorkloadResult } from "../run-workload.ts";
import { median } from "../run-workload.ts";
import { BURST_FILE, BURST_TITLE, burstScenario, CALLS_PER_TURN } from "./burst.ts";

const probeSource = readFileSync(new URL("./page-probe.js", import.meta.url), "utf8");

/** What bench/browser/page-probe.js keeps on window.__benchProbe. */
export interface Probe {
  sessionFirstEventAt: number | null;
  sessionFirstEventType: string | null;
  eventsReceived: number;
  lastEventAt: number | null;
  playEnabledAt: number | null;
  playClickedAt: number | null;
  runFirstEventAt: number | null;
  runFirstEventType: string | null;
  runFirstShownAt: number | null;
  scenarioDoneAt: number | null;
  longTasks: { start: number; duration: number }[];
  slowMessages: { at: number; ms: number; events: number; last?: string }[];
  scenarioStates: string[];
  tail: string[];
  model: { done: number[]; request: number[]; toolStart: number[]; toolEnd: number[]; agentEnd: number };
  longFrames: {
    start: number;
    duration: number;
    blocking: number | null;
    render?: number;
    styleAndLayout?: number;
    scripts?: { invoker: string; fn: string; duration: number; forcedLayout: number }[];
  }[];
}
declare global {
  interface Window {
    __benchProbe: Probe;
    benchState?: {
      rows: number;
      done?: { result: WorkloadResult; userAgent: string; crossOriginIsolated: boolean };
      error?: string;
    };
  }
}

export async function newContext(browser: Browser, autoPlay: boolean) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({
    content: `window.__benchProbeOptions = ${JSON.stringify({ autoPlay })};\n${probeSource}`,
  });
  return context;
}

export function watchErrors(context: BrowserContext, errors: string[]) {
  context.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  context.on("weberror", (e) => errors.push(e.error().message));
}

// ---- 2. navigation → first event ----

export async function firstEvent(browser: Browser, url: string, pageLoads: number) {
  const loads: Probe[] = [];
  const errors: string[] = [];
  const problems: string[] = [];
  for (let i = 0; i < pageLoads; i++) {
    const context = await newContext(browser, true);
    watchErrors(context, errors);
    const page = await context.newPage();
    await page.goto(url);
    try {
      await page.waitForFunction(() => window.__benchProbe?.runFirstShownAt != null, null, {
        timeout: 60_000,
      });
    } catch {
      const p = await page.evaluate(() => window.__benchProbe);
      problems.push(
        `page load ${i + 1}: the first scenario's first event never showed up (${JSON.stringify(p)})`,
      );
    }
    loads.push(await page.evaluate(() => window.__benchProbe));
    await context.close();
  }
  const of = (pick: (p: Probe) => number | null) => {
    const values = loads.map(pick).filter((v): v is number => v !== null);
    return values.length
      ? { median: median(values), min: Math.min(...values), max: Math.max(...values) }
      : null;
  };
  return {
    loads,
    errors,
    problems,
    sessionFirst: of((p) => p.sessionFirstEventAt),
    playEnabled: of((p) => p.playEnabledAt),
    runArrived: of((p) => p.runFirstEventAt),
    runShown: of((p) => p.runFirstShownAt),
  };
}

// ---- 3. the workload in a worker ----

export interface WorkloadRunOptions {
  /** operation names to run (all when empty) */
  ops?: string[];
  /**
   * Write a CPU profile (.cpuprofile) of the run to this file. The workload then runs on the page
   * instead of in the worker (same code and V8, but a page is what a CDP session reaches here).
   */
  profile?: string;
}

export async function workloadInWorker(browser: Browser, url: string, options: WorkloadRunOptions = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on("console", (m) => {
    if (m.type() === "log") process.stderr.write(`  ${m.text()}\n`);
  });
  page.on("pageerror", (e) => process.stderr.write(`  page error: ${e.message}\n`));
  const query = new URLSearchParams();
  if (options.ops?.length) query.set("ops", options.ops.join(","));
  if (options.profile) query.set("inpage", "1");
  await page.goto(query.size ? `${url}?${query}` : url);
  const cdp = options.profile ? await context.newCDPSession(page) : null;
  if (cdp) {
    await page.waitForFunction(() => "startBench" in window);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
    await page.evaluate(() => {
      void (window as unknown as { startBench: () => Promise<void> }).startBench();
    });
  }
  await page.waitForFunction(() => window.benchState?.done || window.benchState?.error, null, {
    timeout: 20 * 60_000,
    polling: 250,
  });
  if (cdp && options.profile) {
    const { profile } = await cdp.send("Profiler.stop");
    writeFileSync(options.profile, JSON.stringify(profile));
    process.stderr.write(`  CPU profile written to ${options.profile}\n`);
  }
  const state = await page.evaluate(() => window.benchState);
  await context.close();
  return state;
}

// ---- 4. long tasks during a burst ----

export async function burst(browser: Browser, url: string) {
  const context = await newContext(browser, false);
  const errors: string[] = [];
  watchErrors(context, errors);
  const scenario = burstScenario();
  await context.route("**/scenarios/index.json", async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as unknown[];
    list.push({ file: BURST_FILE, title: BURST_TITLE, description: scenario.description });
    await route.fulfill({ response, json: list });
  });
  await context.route(`**/scenarios/${BURST_FILE}`, (route) => route.fulfill({ json: scenario }));
  const page = await context.newPage();
  await page.goto(url);
  // BENCH_HIDE=<selectors>: hide parts of the page during the burst, to see what each costs to draw.
  if (process.env.BENCH_HIDE)
    await page.addStyleTag({ content: `${process.env.BENCH_HIDE} { display: none !important; }` });
  const picker = page.getByRole("combobox", { name: "Scenario" });
  await picker.locator("option", { hasText: BURST_TITLE }).waitFor({ state: "attached" });
  await picker.selectOption(BURST_FILE);
  await page.getByText(`${BURST_TITLE}:`).waitFor();
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
  // Found before the mark: Playwright's role query computes the accessible name of every button on the
  // page, a 50 ms task of its own that is the harness's, not the page's.
  const play = await page.getByRole("button", { name: "Play" }).elementHandle();
  await page.waitForTimeout(1000); // let loading settle, so only the burst is measured
  // BENCH_DETAIL: count the DOM nodes each part of the page adds, removes or retexts during the burst.
  if (process.env.BENCH_DETAIL)
    await page.evaluate(`(() => {
      const parts = [".transcript", ".timeline", ".event-list", ".events__filters", ".player", ".dispatch", ".workspace", ".topbar", ".narrator"];
      const counts = (window.__domChurn = {});
      const where = (node) => {
        const el = node.nodeType === 1 ? node : node.parentElement;
        for (const p of parts) if (el && el.closest(p)) return p;
        return el ? "other:" + (el.className || el.tagName) : "other";
      };
      const size = (n) => 1 + [...n.childNodes].reduce((k, c) => k + size(c), 0);
      new MutationObserver((list) => {
        for (const m of list) {
          const k = where(m.target);
          let n = 0;
          if (m.type === "childList") { for (const a of m.addedNodes) n += size(a); for (const r of m.removedNodes) n += size(r); }
          else n = 1;
          counts[k] = (counts[k] || 0) + n;
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    })()`);
  const mark = await page.evaluate(() => ({
    at: performance.now(),
    events: window.__benchProbe.eventsReceived,
  }));
  // BENCH_TRACE=<file>: a Chromium trace of the burst (timeline categories), for finding what a frame costs.
  const trace = process.env.BENCH_TRACE ? await startTrace(page) : undefined;
  // BENCH_BURST_PROFILE=<file>: a CPU profile of the page during the burst.
  const profiler = process.env.BENCH_BURST_PROFILE ? await page.context().newCDPSession(page) : undefined;
  if (profiler) {
    await profiler.send("Profiler.enable");
    await profiler.send("Profiler.setSamplingInterval", { interval: 200 });
    await profiler.send("Profiler.start");
  }
  await play.click();
  // A cheap check every 250 ms: Playwright's text locators scan the whole DOM each frame and would add
  // long tasks of their own to the page being measured.
  await page.waitForFunction(() => window.__benchProbe.scenarioDoneAt !== null, null, {
    timeout: 5 * 60_000,
    polling: 250,
  });
  // The last events may still be on their way to the screen: two frames and a moment more.
  await page.evaluate(
    () =>
      new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 500)))),
  );
  if (trace && process.env.BENCH_TRACE) await trace(process.env.BENCH_TRACE);
  if (profiler && process.env.BENCH_BURST_PROFILE) {
    const { profile } = await profiler.send("Profiler.stop");
    const { writeFileSync } = await import("node:fs");
    writeFileSync(process.env.BENCH_BURST_PROFILE, JSON.stringify(profile));
  }
  if (process.env.BENCH_DETAIL)
    console.log(
      "   DOM churn during the burst (nodes added + removed, texts and attributes changed):",
      await page.evaluate("JSON.stringify(window.__domChurn)"),
    );
  if (process.env.BENCH_DETAIL)
    console.log(
      "   nodes (elements + text) per part:",
      // A string: tsx would wrap a named function in a helper the page does not have.
      await page.evaluate(`(() => {
        const count = (el) => (el ? 1 + [...el.childNodes].reduce((n, c) => n + count(c), 0) : 0);
        const parts = [".transcript", ".timeline", ".event-list", ".player__steps", ".dispatch", ".workspace"];
        return parts.map((p) => p + " " + count(document.querySelector(p))).join(", ") + ", page " + count(document.body);
      })()`),
    );
  const probe = await page.evaluate(() => window.__benchProbe);
  const shown = (await page.locator(".events__count").textContent())?.trim() ?? "";
  await context.close();
  const during = <T extends { start: number }>(list: T[]) => list.filter((e) => e.start >= mark.at);
  const tasks = during(probe.longTasks);
  const frames = during(probe.longFrames);
  return {
    events: probe.eventsReceived - mark.events,
    spanMs: (probe.lastEventAt ?? mark.at) - mark.at,
    /** when Play was clicked (tasks' start times are on the same clock) */
    markAt: mark.at,
    slowMessages: during(probe.slowMessages.map((m) => ({ ...m, start: m.at }))),
    scenarioStates: probe.scenarioStates,
    tail: probe.tail,
    calls: (scenario.steps.length - 2) * CALLS_PER_TURN,
    tasks,
    frames,
    shown,
    errors,
  };
}

/**
 * Starts a CDP trace of the page; the returned function stops it and writes the events as JSON. With
 * `cpu`, the trace also holds V8's CPU samples (what bench/trace-tasks.ts reads per task).
 */
export async function startTrace(page: import("playwright-core").Page, cpu = false) {
  const cdp = await page.context().newCDPSession(page);
  const events: unknown[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => {
    events.push(...value);
  });
  await cdp.send("Tracing.start", {
    categories:
      "devtools.timeline,disabled-by-default-devtools.timeline,v8,blink,cc,toplevel" +
      (cpu ? ",disabled-by-default-v8.cpu_profiler" : ""),
    transferMode: "ReportEvents",
  });
  return async (file: string) => {
    const done = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.end");
    await done;
    const { writeFileSync } = await import("node:fs");
    writeFileSync(file, JSON.stringify(events));
  };
}
