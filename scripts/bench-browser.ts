/**
 * `npm run bench`, second part: the browser figures (docs/bench.md §3), printed after the Node table.
 *
 * 1. The page's first bundle (index.html, the entry chunk, its static imports, their CSS and non-script
 *    assets: everything before the worker and the lazy chunks), gzip, from a fresh production build.
 * 2. Navigation → the first scenario's first event in headless Chromium: the default scenario is played
 *    the moment its Play button is enabled, as a user would; median of a few cold page loads.
 * 3. The reference workload inside a Web Worker in Chromium (bench/browser: same tools, same memfs, same
 *    runner as the Node figures), printed as the same table and a `{"bench-browser": …}` line.
 * 4. Long tasks on the page while the session emits a burst of 10,000+ events.
 *
 * Everything is built with Vite's JS API into node_modules/.cache/pi-playground-bench (not dist/), served
 * with vite preview on free loopback ports, and driven with playwright-core on the Chromium the e2e tests
 * use (tests/e2e/browser.ts); the page-side code is in bench/browser (drive.ts, page-probe.js). Exits 1 when a result is wrong (a workload check fails, no event arrives,
 * the burst is short); a figure over its target is reported, not failed.
 *
 * 5. Memory in a long session: the page's and the session worker's JS heap (read from Chromium after a forced
 *    GC) during ~100,000 events, and after 2,000 calls that each return 50 KB (bench/browser/memory.ts).
 *
 * 6. Model mode against the mock provider (bench/browser/model.ts): the pipeline's own time around each
 *    tool call, and long tasks on the page while a model streams 2,000 tokens a second for 30 s.
 *
 * 7. Saved workspaces: saving and restoring the reference workload as the session worker does it (a
 *    chunked record into IndexedDB and back, bench/browser/persist-worker.ts): the first (full) save, a
 *    typical save after one file is edited, and the restore; target 300 ms each, in every run.
 *
 * 8. Long sessions (bench/browser/long.ts): steps per second over scenarios of 240, 2,400 and 24,000 steps
 *    (target: the rate at 24,000 within 2× of the rate at 240), 5,000 calls in one message drawn (target:
 *    under 10 s, no main-thread task over 200 ms), Esc during that message and Pause during 2,400 steps
 *    (target: answered in 200 ms), and a .zip of 20,000 files imported, listed and searched (target: no
 *    main-thread task over 200 ms; bench/browser/many-files.ts).
 *
 * Figures 4 to 8 each end with one JSON line of their figures (`{"bench-burst": …}`, `bench-memory`,
 * `bench-model`, `bench-persist`, `bench-long`; bench/json-line.ts), as figure 3 ends with `bench-browser`.
 *
 * `BENCH_ONLY=memory` builds the page and runs only figure 5; `BENCH_ONLY=model` only figure 6;
 * `BENCH_ONLY=persist` builds the workload page and runs only figure 7; `BENCH_ONLY=long` only figure 8
 * (`BENCH_LONG_STEPS=240,2400` other sizes, `BENCH_LONG_PARTS=steps,wide,files` some of its parts).
 * `BENCH_ONLY=burst tsx scripts/bench-browser.ts` builds the page and runs only figure 4 (for iterating on
 * the page's rendering without the minutes the workload takes). `BENCH_ONLY=workload` runs only figure 3;
 * with it, `BENCH_OPS=a,b` runs only those operations and `BENCH_PROFILE=<file>` writes a CPU profile
 * of the run (on the page rather than in the worker, where the CDP session reaches).
 *
 * For finding what a burst frame costs (figure 4): `BENCH_DETAIL=1` prints each long animation frame
 * (scripts, style and layout, rendering), the DOM churn per part of the page and the slowest worker
 * messages; `BENCH_TRACE=<file>` writes a Chromium trace of the burst; `BENCH_BURST_PROFILE=<file>` a
 * CPU profile of the page (with `BENCH_SOURCEMAP=1` the page is built with source maps to read it
 * against src/); `BENCH_HIDE=<selectors>` hides parts of the page, to see what each costs.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { build, preview } from "vite";
import { BURST_EVENTS_MIN } from "../bench/browser/burst.ts";
import { burst, firstEvent, workloadInWorker } from "../bench/browser/drive.ts";
import { LONG_STEPS, stepRate, wide } from "../bench/browser/long.ts";
import { manyFiles } from "../bench/browser/many-files.ts";
import { type HeapReading, memory } from "../bench/browser/memory.ts";
import { fastStream, STREAM_RATE, STREAM_SECONDS, TOOL_TURNS, toolTurns } from "../bench/browser/model.ts";
import { PERSIST_TARGET_MS, persistInWorker } from "../bench/browser/persist.ts";
import { burstLine, longLine, memoryLine, modelLine, persistLine } from "../bench/json-line.ts";
import { formatReport, PI_MEDIANS, RUNS, WARMUPS } from "../bench/run-workload.ts";
import { findBrowser, launchBrowser } from "../tests/e2e/browser.ts";
import { browserAliases } from "../vite.config.ts";
import { layerAliases } from "./aliases.ts";
import { nodeBuiltinGate } from "./node-builtin-gate.ts";

/** the first bundle, gzip: it must stay under 200 KB as features are added */
const BUNDLE_TARGET_KB = 200;
const LONG_TASK_TARGET_MS = 50;
const HEAP_TARGET_MB = 150;
/** "flat after the first 10,000 events": at most this much growth from 10k to 100k events */
const HEAP_FLAT_MB = 10;
/** model mode: the pipeline's median time from a stream's end to its tool, and from a tool to the next request */
const PIPELINE_TARGET_MS = 5;
const PAGE_LOADS = 5;
/** figure 8: the calls in one message */
const WIDE_CALLS = 5000;
/** figure 8d: the files in the imported workspace (the import's limit) */
const MANY_FILES = 20_000;
/** BENCH_ONLY=burst: the page build and the burst only (figure 4) */
const burstOnly = process.env.BENCH_ONLY === "burst";
/** BENCH_ONLY=memory: the page build and the memory figure only (figure 5) */
const memoryOnly = process.env.BENCH_ONLY === "memory";
/** BENCH_ONLY=workload: the workload page only (figure 3) */
const workloadOnly = process.env.BENCH_ONLY === "workload";
/** BENCH_ONLY=model: the page build and model mode only (figure 6) */
const modelOnly = process.env.BENCH_ONLY === "model";
/** BENCH_ONLY=persist: the workload page and the saved-workspace figure only (figure 7) */
const persistOnly = process.env.BENCH_ONLY === "persist";
/** BENCH_ONLY=long: the page build and the long-session figure only (figure 8) */
const longOnly = process.env.BENCH_ONLY === "long";
const workloadOps = process.env.BENCH_OPS?.split(",").filter(Boolean);
const profileFile = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : undefined;

const root = fileURLToPath(new URL("..", import.meta.url));
const cache = join(root, "node_modules/.cache/pi-playground-bench");
const appDir = join(cache, "app");
const benchDir = join(cache, "workload-page");
const workloadPath = process.env.BENCH_WORKLOAD
  ? resolve(process.env.BENCH_WORKLOAD)
  : join(root, "bench/workload.mjs");

let failures = 0;
const wrong = (text: string) => {
  failures++;
  console.log(`WRONG: ${text}`);
};
const verdict = (met: boolean) => (met ? "met" : "NOT MET");
const kb = (bytes: number) => (bytes / 1000).toFixed(1);
const ms = (value: number | null | undefined) => (value == null ? "–" : `${value.toFixed(0)} ms`);

// ---- builds ----

async function buildApp() {
  await build({
    configFile: join(root, "vite.config.ts"),
    root,
    logLevel: "error",
    build: {
      outDir: appDir,
      emptyOutDir: true,
      manifest: true,
      sourcemap: Boolean(process.env.BENCH_SOURCEMAP),
    },
  });
}

async function buildWorkloadPage() {
  await build({
    configFile: false,
    root: join(root, "bench/browser"),
    logLevel: "error",
    plugins: [nodeBuiltinGate()],
    resolve: {
      alias: [
        { find: /^virtual:bench-workload$/, replacement: workloadPath },
        ...layerAliases,
        ...browserAliases,
      ],
    },
    worker: { format: "es", plugins: () => [nodeBuiltinGate()] },
    build: {
      outDir: benchDir,
      emptyOutDir: true,
      target: "es2022",
      chunkSizeWarningLimit: 5000,
      // A profile needs readable function names.
      minify: profileFile === undefined,
    },
  });
}

// ---- 1. first bundle ----

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

function firstBundle() {
  const manifest = JSON.parse(readFileSync(join(appDir, ".vite/manifest.json"), "utf8")) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith("index.html"));
  if (!entry) throw new Error("the build manifest has no index.html entry");
  const files = new Set<string>(["index.html"]);
  const workers = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const f of chunk.css ?? []) files.add(f);
    // A script among the assets is a worker (`new Worker(new URL(…))`): it comes after the page, not with it.
    for (const f of chunk.assets ?? []) (/\.m?js$/.test(f) ? workers : files).add(f);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entry);
  const measure = (file: string) => {
    const data = readFileSync(join(appDir, file));
    return { file, raw: data.length, gzip: gzipSync(data, { level: 9 }).length };
  };
  const sizes = [...files].map(measure);
  return {
    sizes,
    workers: [...workers].map(measure),
    gzip: sizes.reduce((n, s) => n + s.gzip, 0),
    raw: sizes.reduce((n, s) => n + s.raw, 0),
  };
}

// ---- serving and the browser ----

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? done(address.port) : fail(new Error("no port")),
      );
    });
  });
}

async function serve(dir: string, headers?: Record<string, string>) {
  const port = await freePort();
  const server = await preview({
    configFile: false,
    root: cache,
    logLevel: "warn",
    build: { outDir: dir },
    preview: { port, strictPort: true, host: "127.0.0.1", headers },
  });
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

async function launch(): Promise<Browser> {
  try {
    const choice = await findBrowser();
    console.log(`browser: ${choice.executablePath} (${choice.source})`);
    return await launchBrowser(choice);
  } catch (error) {
    console.error(
      `bench-browser: no Chromium could be started, so the browser figures are missing.\n  ${(error as Error).message}\n` +
        "  What to do: install Chromium (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a " +
        "Chrome/Chromium binary, then run `npm run bench` again. (The same lookup and flags as the e2e tests: " +
        "CHROME_PATH, a system Chromium/Chrome, then the @sparticuz/chromium dev dependency; E2E_BROWSER=bundled " +
        "goes straight to the last.)",
    );
    process.exit(1);
  }
}

// ---- main ----

console.log("\nBrowser figures (headless Chromium; building the page and the workload page…)");
let started = performance.now();
if (!workloadOnly && !persistOnly) await buildApp();
if (!burstOnly && !memoryOnly && !modelOnly) await buildWorkloadPage();
console.log(`built in ${((performance.now() - started) / 1000).toFixed(0)} s into ${cache}`);

if (burstOnly) console.log("BENCH_ONLY=burst: figures 2 and 3 skipped");
if (workloadOnly) console.log("BENCH_ONLY=workload: figures 1, 2, 4 and 5 skipped");
if (memoryOnly) console.log("BENCH_ONLY=memory: figures 2, 3, 4 and 6 skipped");
if (modelOnly) console.log("BENCH_ONLY=model: figures 2 to 5 skipped");
if (persistOnly) console.log("BENCH_ONLY=persist: figures 1 to 6 and 8 skipped");
if (longOnly) console.log("BENCH_ONLY=long: figures 2 to 7 skipped");
const bundle = workloadOnly || persistOnly ? null : firstBundle();
if (bundle) {
  const bundleKb = bundle.gzip / 1000;
  console.log(
    `\n1. first bundle of the page: ${kb(bundle.gzip)} KB gzip (${kb(bundle.raw)} KB raw; ` +
      `${bundle.sizes.map((s) => `${s.file} ${kb(s.gzip)}`).join(", ")}); ` +
      `target ≤ ${BUNDLE_TARGET_KB} KB: ${verdict(bundleKb <= BUNDLE_TARGET_KB)}`,
  );
  for (const w of bundle.workers)
    console.log(
      `   not counted: the session worker ${w.file}, ${kb(w.gzip)} KB gzip, loaded after the page starts`,
    );
}

/** Figures 2 and 3: navigation → first event, and the reference workload in a worker. */
async function figures2and3(browser: Browser, workloadUrl: string) {
  if (app) await figure2(browser, app.url);
  started = performance.now();
  const state = await workloadInWorker(browser, workloadUrl, { ops: workloadOps, profile: profileFile });
  figure3(state);
}

async function figure2(browser: Browser, appUrl: string) {
  const first = await firstEvent(browser, appUrl, PAGE_LOADS);
  for (const problem of first.problems) wrong(problem);
  const range = (r: { median: number; min: number; max: number } | null) =>
    r ? `${ms(r.median)} (${ms(r.min)} – ${ms(r.max)})` : "never";
  const firstType = first.loads.find((p) => p.runFirstEventType)?.runFirstEventType ?? "?";
  const sessionType = first.loads.find((p) => p.sessionFirstEventType)?.sessionFirstEventType ?? "?";
  console.log(
    `\n2. navigation → the first scenario's first event on screen: ${range(first.runShown)}, median of ` +
      `${PAGE_LOADS} cold page loads (min – max); no target set, reported\n` +
      `   the session's first event (${sessionType}) reached the page at ${range(first.sessionFirst)}; ` +
      `Play was enabled (and clicked) at ${range(first.playEnabled)}; the run's first event ` +
      `(${firstType}) reached the page at ${range(first.runArrived)}`,
  );
  if (first.errors.length) console.log(`   console errors on the page: ${first.errors.join(" | ")}`);
}

function figure3(state: Awaited<ReturnType<typeof workloadInWorker>>) {
  console.log(
    `\n3. the reference workload in ${profileFile ? "the page (profiled)" : "a Web Worker"} in Chromium (${workloadPath}); median of ${RUNS} runs after ` +
      `${WARMUPS} warm-ups; target: each at most pi's median`,
  );
  if (!state?.done) wrong(`the workload page failed: ${state?.error ?? "no result"}`);
  else {
    const { result, userAgent, crossOriginIsolated } = state.done;
    console.log(
      `   ${userAgent.match(/(Headless)?Chrome\/[\d.]+/)?.[0] ?? userAgent}; built on memfs in ` +
        `${result.buildMs.toFixed(0)} ms; timer ${crossOriginIsolated ? "5 µs (cross-origin isolated)" : "100 µs"}; ` +
        `${((performance.now() - started) / 1000).toFixed(0)} s in all`,
    );
    for (const line of formatReport(result, {
      column: "ours (memfs, Chromium worker), ms",
      jsonKey: "bench-browser",
    }).slice(0, -1))
      console.log(line);
    const slow = result.rows.filter(
      (r) => r.ms !== null && r.ms > (PI_MEDIANS[r.name]?.[1] ?? Infinity),
    ).length;
    console.log(
      `   over pi's median (the higher of its two runs): ${slow} of ${result.rows.length}: ${verdict(slow === 0)}`,
    );
    for (const row of result.rows)
      if (row.problems.length) wrong(`${row.name} (browser): ${row.problems.join("; ")}`);
    console.log(JSON.stringify({ "bench-browser": result.medians }));
  }
}

const app = workloadOnly || persistOnly ? null : await serve(appDir);
// Cross-origin isolation gives the worker's performance.now() 5 µs steps instead of 100 µs (ls-root is ~0.1 ms).
const workloadPage =
  burstOnly || memoryOnly || modelOnly || longOnly
    ? null
    : await serve(benchDir, {
        "Cross-Origin-Opener-Policy": "same-origin",
        "Cross-Origin-Embedder-Policy": "require-corp",
      });
if (workloadPage) {
  const browser = await launch();
  try {
    if (!persistOnly) await figures2and3(browser, workloadPage.url);
    if (!workloadOnly) await figure7(browser, workloadPage.url);
  } finally {
    await browser.close();
    await workloadPage.close();
  }
}
try {
  if (app && !memoryOnly && !modelOnly && !longOnly) await figure4(app.url);
  if (app && !burstOnly && !modelOnly && !longOnly) await figure5(app.url);
  if (app && !burstOnly && !memoryOnly && !longOnly) await figure6(app.url);
  if (app && !burstOnly && !memoryOnly && !modelOnly) await figure8(app.url);
} finally {
  await app?.close();
}

async function figure7(browser: Browser, url: string) {
  const r = await persistInWorker(browser, url);
  if (typeof r === "string") return wrong(`the saved-workspace figure failed: ${r}`);
  for (const problem of r.problems) wrong(`saved workspace: ${problem}`);
  const mb = (n: number) => (n / 1e6).toFixed(1);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const each = (s: { median: number; min: number; max: number }) =>
    `${ms(s.median)} (${ms(s.min)} – ${ms(s.max)})`;
  // The slowest run counts: the target is for every save and every restore, not for the median.
  const met = (s: { max: number }) => verdict(s.max <= PERSIST_TARGET_MS);
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(" / ");
  console.log(
    `\n7. saved workspace, the reference workload (${r.files} files, ${mb(r.sourceBytes)} MB; record ` +
      `${mb(r.recordBytes)} MB in ${r.chunks} chunks) in a Chromium worker; median of ${r.runs} runs (min – max); ` +
      `target ≤ ${PERSIST_TARGET_MS} ms in every run; load average ${load} (1 / 5 / 15 min)\n` +
      `   first save (everything, one transaction): ${each(r.firstSave)} (encode ${ms(r.firstSave.encode)}), wrote ${mb(r.firstSave.written)} MB: ${met(r.firstSave)}\n` +
      `   typical save (one file edited: ${r.typicalSave.edited}): ${each(r.typicalSave)}, wrote ${kb(r.typicalSave.written)}: ${met(r.typicalSave)}\n` +
      `   restore (IndexedDB reads + checked decode into memfs): ${each(r.restore)} ` +
      `(read ${ms(r.restore.read)}, decode ${ms(r.restore.decode)}): ${met(r.restore)}`,
  );
  console.log(persistLine(r));
}

async function figure4(appUrl: string) {
  // A browser of its own, started once the one above has closed: the workload leaves a renderer's worth
  // of memory and work behind, and this figure is about the page alone.
  const own = await launch();
  let b: Awaited<ReturnType<typeof burst>>;
  try {
    b = await burst(own, appUrl);
  } finally {
    await own.close();
  }

  const longest = b.tasks.reduce((m, t) => Math.max(m, t.duration), 0);
  const over = b.tasks.filter((t) => t.duration > LONG_TASK_TARGET_MS).length;
  const longestFrame = b.frames.reduce((m, f) => Math.max(m, f.duration), 0);
  console.log(
    `\n4. a burst of ${b.events} events (${b.calls} read calls, played with no pauses; they reached the page ` +
      `over ${ms(b.spanMs)}; event stream: "${b.shown}"): longest task ${
        b.tasks.length ? ms(longest) : `under ${LONG_TASK_TARGET_MS} ms (no long task)`
      }, ${over} over ${LONG_TASK_TARGET_MS} ms; target: none over ${LONG_TASK_TARGET_MS} ms: ${verdict(over === 0)}` +
      (b.frames.length
        ? `\n   long animation frames (> 50 ms, rendering included): ${b.frames.length}, longest ${ms(longestFrame)}`
        : ""),
  );
  if (b.tasks.length)
    console.log(
      `   long tasks: ${b.tasks.map((t) => `${ms(t.duration)} at +${ms(t.start - b.markAt)}`).join(", ")}`,
    );
  if (process.env.BENCH_DETAIL)
    console.log(
      `   messages over 10 ms to receive: ${b.slowMessages.map((m) => `${ms(m.ms)} at +${ms(m.at - b.markAt)} (${m.events} events, last ${m.last})`).join(", ")}`,
    );
  if (process.env.BENCH_DETAIL)
    for (const f of b.frames)
      console.log(
        `   frame at +${ms(f.start - b.markAt)}: ${ms(f.duration)}, style+layout ${ms(f.styleAndLayout)}, render ${ms(f.render)}; ` +
          (f.scripts ?? [])
            .map((s) => `${s.invoker} ${s.fn ?? ""} ${s.duration} ms (forced layout ${s.forcedLayout})`)
            .join("; "),
      );
  if (b.events < BURST_EVENTS_MIN) {
    wrong(`the burst delivered ${b.events} events, fewer than ${BURST_EVENTS_MIN}`);
    console.log(`   scenario states: ${b.scenarioStates.join(", ")}\n   last events: ${b.tail.join(" ")}`);
  }
  if (b.errors.length) console.log(`   console errors on the page: ${b.errors.join(" | ")}`);
  console.log(burstLine(b, LONG_TASK_TARGET_MS));
}
async function figure5(appUrl: string) {
  const own = await launch();
  let m: Awaited<ReturnType<typeof memory>>;
  try {
    m = await memory(own, appUrl);
  } finally {
    await own.close();
  }
  const mb = (n: number) => `${n.toFixed(1)} MB`;
  const line = (r: HeapReading) =>
    `   ${r.label}: page ${mb(r.page)} (${mb(r.pageOutside)} outside the JS heap), worker ${mb(r.worker)} ` +
    `(${mb(r.workerOutside)} outside; all workers: ${r.workers.join(" / ")} MB)`;
  console.log(
    `\n5. memory in a long session (JS heap after a forced GC, read from Chromium over CDP); target: page and ` +
      `worker each under ${HEAP_TARGET_MB} MB, and flat (within ${HEAP_FLAT_MB} MB) from 10,000 to 100,000 events`,
  );
  console.log("   a. ~100,000 events of small reads (read while it plays):");
  for (const r of m.long.readings) console.log(line(r));
  console.log("   b. 2,000 calls that each return 50 KB:");
  for (const r of m.big.readings) console.log(line(r));
  const all = [...m.long.readings, ...m.big.readings];
  const under = all.every((r) => r.page < HEAP_TARGET_MB && r.worker < HEAP_TARGET_MB);
  const at10k = m.long.readings.find((r) => r.events >= 10_000);
  const last = m.long.readings.at(-1);
  const flat =
    at10k !== undefined &&
    last !== undefined &&
    last.page - at10k.page <= HEAP_FLAT_MB &&
    last.worker - at10k.worker <= HEAP_FLAT_MB;
  if (!last || last.events < 100_000)
    wrong(`the long session delivered ${last?.events ?? 0} events, not 100,000`);
  console.log(
    `   under ${HEAP_TARGET_MB} MB: ${verdict(under)}; flat after 10,000 events: ${verdict(flat)}` +
      (at10k && last
        ? ` (10k → ${last.events}: page ${mb(last.page - at10k.page)}, worker ${mb(last.worker - at10k.worker)})`
        : ""),
  );
  const errors = [...m.long.errors, ...m.big.errors];
  if (errors.length) console.log(`   errors on the page: ${errors.join(" | ")}`);
  console.log(memoryLine(m));
}
async function figure6(appUrl: string) {
  const own = await launch();
  try {
    // BENCH_STREAM_ONLY=1: only the fast stream (b), for iterating on it
    let turns: Awaited<ReturnType<typeof toolTurns>> | null = null;
    if (!process.env.BENCH_STREAM_ONLY) {
      const m = await toolTurns(own, appUrl);
      turns = m;
      const gap = (g: typeof m.toTool) =>
        g ? `median ${g.median.toFixed(0)} ms, max ${g.max.toFixed(0)} ms (${g.n} calls)` : "not measured";
      const met = (g: typeof m.toTool) => g !== null && g.median < PIPELINE_TARGET_MS;
      console.log(
        `\n6. model mode against the mock provider on 127.0.0.1 (times read with Date.now, 1 ms steps; each gap ` +
          `includes one hop between page and worker); target: median under ${PIPELINE_TARGET_MS} ms\n` +
          `   a. ${TOOL_TURNS} turns that each call read: the stream's last event → tool_execution_start: ` +
          `${gap(m.toTool)}: ${verdict(met(m.toTool))}\n` +
          `      tool_execution_end → the next model request: ${gap(m.toRequest)}: ${verdict(met(m.toRequest))}`,
      );
      if (!m.ended || m.turns < TOOL_TURNS) wrong(`model mode ran ${m.turns} tool calls, not ${TOOL_TURNS}`);
      if (m.errors.length) console.log(`   console errors on the page: ${m.errors.join(" | ")}`);
    }

    const s = await fastStream(own, appUrl);
    // where in the stream a long task ran (the line above says when the last event arrived)
    const when = (start: number) => `at ${((start - s.sentAt) / 1000).toFixed(1)} s`;
    const longest = s.tasks.reduce((n, t) => Math.max(n, t.duration), 0);
    const over = s.tasks.filter((t) => t.duration > LONG_TASK_TARGET_MS).length;
    console.log(
      `   b. ${s.tokens} text tokens streamed at ${STREAM_RATE} a second (${STREAM_SECONDS} s): the last event ` +
        `reached the page ${ms(s.spanMs)} after Send; longest task ${s.tasks.length ? ms(longest) : "under 50 ms (no long task)"}, ` +
        `${over} over ${LONG_TASK_TARGET_MS} ms; target: none over ${LONG_TASK_TARGET_MS} ms: ${verdict(s.answered && over === 0)}\n` +
        `      ${s.events} events reached the page; its slowest answer to a script, asked once a second: ` +
        `${ms(s.slowestAnswerMs)}; the page's JS heap at the end, after a GC: ` +
        `${s.heapMB === null ? "not read" : `${s.heapMB.toFixed(1)} MB`}`,
    );
    if (s.tasks.length > 0)
      console.log(
        `   long tasks: ${s.tasks.length}, ${ms(s.tasks.reduce((n, t) => n + t.duration, 0))} in all; the first: ` +
          s.tasks
            .slice(0, 10)
            .map((t) => `${ms(t.duration)} ${when(t.start)}`)
            .join(", ") +
          " after Send",
      );
    if (!s.answered)
      wrong(
        `the page stopped answering during the stream (crashed, or too busy; figures up to then; ${s.events} events had reached it)`,
      );
    if (!s.ended)
      wrong(
        `the stream's run did not end within ${STREAM_SECONDS + 60} s (${s.events} events reached the page)`,
      );
    if (!s.complete)
      wrong(
        `the streamed text did not reach the transcript whole (${s.shown[0]} of ${s.shown[1]} characters shown)`,
      );
    if (s.errors.length) console.log(`   console errors on the page: ${s.errors.join(" | ")}`);
    console.log(modelLine(turns, s, LONG_TASK_TARGET_MS));
  } finally {
    await own.close();
  }
}
async function figure8(appUrl: string) {
  const own = await launch();
  const parts = process.env.BENCH_LONG_PARTS?.split(",") ?? ["steps", "wide", "files"];
  try {
    const steps = parts.includes("steps")
      ? (process.env.BENCH_LONG_STEPS?.split(",").map(Number) ?? LONG_STEPS)
      : [];
    console.log(
      `\n8. long sessions at "no pauses" (1280×720); targets: the rate at ${LONG_STEPS.at(-1)} steps within 2× of the ` +
        `rate at ${LONG_STEPS[0]}; ${WIDE_CALLS} calls in one message drawn in under 10 s with no task over 200 ms; ` +
        `Esc and Pause during it answered within 200 ms; ${MANY_FILES} files imported, listed and searched with no task over 200 ms`,
    );
    const rates = [];
    for (const n of steps) {
      const r = await stepRate(own, appUrl, n);
      rates.push(r);
      console.log(
        `   a. ${n} steps: ${r.reached} played in ${r.seconds.toFixed(1)} s, ${r.stepsPerSecond.toFixed(1)} steps/s` +
          `${r.capped ? " (stopped at the time limit)" : ""}; longest task ${ms(r.longestTaskMs)}`,
      );
    }
    const first = rates[0];
    const last = rates.at(-1);
    if (first && last && rates.length > 1)
      console.log(
        `      ${last.steps} against ${first.steps} steps: ${(first.stepsPerSecond / last.stepsPerSecond).toFixed(2)}× slower: ` +
          verdict(last.stepsPerSecond * 2 >= first.stepsPerSecond && !last.capped),
      );
    const w = parts.includes("wide") ? await wide(own, appUrl, WIDE_CALLS) : null;
    if (w)
      console.log(
        `   b. ${w.calls} calls in one message: drawn in ${w.drawSeconds.toFixed(1)} s, longest task ${ms(w.longestTaskMs)}, ` +
          `${w.tasksOver200Ms} over 200 ms: ${verdict(w.drawSeconds < 10 && w.tasksOver200Ms === 0)}\n` +
          `   c. Esc after ${w.calls / 4} calls had ended: the session's "abort requested" reached the page ${ms(w.escMs)} after the key: ` +
          `${verdict(w.escMs !== null && w.escMs <= 200)}; the run's end (every call left refused) reached it after ` +
          `${ms(w.escEndedMs)}\n` +
          `      Pause halfway through 2,400 steps: the player's "paused" reached the page ${ms(w.pauseMs)} after the click: ` +
          `${verdict(w.pauseMs !== null && w.pauseMs <= 200)}; steps still taken in the next second: ${w.stepsAfterPause}`,
      );
    const f = parts.includes("files") ? await manyFiles(own, appUrl, MANY_FILES) : null;
    if (f)
      console.log(
        `   d. ${f.files} files in a .zip: imported in ${f.importSeconds.toFixed(1)} s, the page answering again ` +
          `${f.settleSeconds.toFixed(1)} s later; then ls of a folder ${ms(f.lsMs)}, grep of every file ${ms(f.grepMs)}, ` +
          `find ${ms(f.findMs)}; longest task ${ms(f.longestTaskMs)}, ${f.tasksOver200Ms} over 200 ms: ` +
          verdict(f.tasksOver200Ms === 0),
      );
    console.log(longLine(rates, w, f));
  } finally {
    await own.close();
  }
}
process.exitCode = failures > 0 ? 1 : 0;
