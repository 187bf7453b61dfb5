/**
 * Measurement helper: reads a Chromium trace written with V8's CPU samples (BENCH_STREAM_TRACE in
 * bench/browser/model.ts) and lists the page's main-thread tasks over a limit, each with its wall time,
 * its thread time (the CPU the main thread itself spent: a loaded machine inflates the first, not the
 * second), the trace's own events inside it (script evaluation, compiling, layout, …) and the functions
 * that took its time (self time from the samples). Then the longest tasks by thread time.
 *
 * `tsx bench/trace-tasks.ts <trace.json> [limitMs=50] [rows=12]`; `MAPS=<dir>` (the built page, with
 * BENCH_SOURCEMAP=1) names each function by its place in src/ or in a package, read from the source maps;
 * `TOP=n` describes the n longest tasks by thread time, and with `FROM`/`TO` (ms after the first task)
 * the n longest in that window.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: { name?: string; data?: Record<string, unknown> };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}

const [file, limitText = "50", rowsText = "12"] = process.argv.slice(2);
if (!file) throw new Error("usage: tsx bench/trace-tasks.ts <trace.json> [limitMs] [rows]");
const limitMs = Number(limitText);
const rows = Number(rowsText);
const events = JSON.parse(readFileSync(file, "utf8")) as TraceEvent[];

// ---- the page's main thread: the renderer main thread that ran the most ----

const mains = events.filter(
  (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
);
const isTask = (e: TraceEvent) =>
  e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
const busy = (pid: number, tid: number) =>
  events.filter((e) => e.pid === pid && e.tid === tid && isTask(e)).reduce((n, e) => n + (e.dur ?? 0), 0);
const main = mains.sort((a, b) => busy(b.pid, b.tid) - busy(a.pid, a.tid))[0];
if (!main) throw new Error("the trace has no renderer main thread");
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);

/** the outermost tasks (a task nested in another is part of it) */
const tasks: TraceEvent[] = [];
for (const e of onMain.filter(isTask).sort((a, b) => a.ts - b.ts)) {
  const last = tasks.at(-1);
  if (last && e.ts < last.ts + (last.dur ?? 0)) continue;
  tasks.push(e);
}

// ---- CPU samples (the trace's Profile / ProfileChunk events for that thread) ----

const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
const clock = new Map<string, number>();
for (const e of events.filter(
  (e) => e.pid === main.pid && (e.name === "Profile" || e.name === "ProfileChunk"),
)) {
  const data = e.args?.data as
    | {
        startTime?: number;
        cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
        timeDeltas?: number[];
      }
    | undefined;
  const id = String(e.id);
  if (e.name === "Profile") {
    if (e.tid === main.tid) clock.set(id, data?.startTime ?? e.ts);
    continue;
  }
  if (!clock.has(id)) continue;
  for (const n of data?.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
  const ids = data?.cpuProfile?.samples ?? [];
  let t = clock.get(id) ?? 0;
  ids.forEach((node, i) => {
    t += data?.timeDeltas?.[i] ?? 0;
    samples.push({ ts: t, node });
  });
  clock.set(id, t);
}
samples.sort((a, b) => a.ts - b.ts);

// ---- names: a function's place in src/ or in a package, from the built page's source maps ----

const maps = new Map<string, TraceMap | null>();
function place(frame: CallFrame): string {
  const name = frame.functionName || "(anonymous)";
  if (!frame.url) return name;
  const asset = frame.url.replace(/^.*?\/assets\//, "assets/");
  const dir = process.env.MAPS;
  if (dir && !maps.has(asset)) {
    const path = join(dir, `${asset}.map`);
    maps.set(asset, existsSync(path) ? new TraceMap(readFileSync(path, "utf8")) : null);
  }
  const map = maps.get(asset);
  if (!map) return `${name} ${asset}:${frame.lineNumber + 1}`;
  const at = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = (at.source ?? asset).replace(/^.*node_modules\//, "nm:").replace(/^(\.\.\/)+/, "");
  return `${at.name ?? name} ${source}:${at.line ?? 0}`;
}

// ---- per task ----

const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;
const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${ms(us).padStart(10)}  ${k}`);

function describe(task: TraceEvent) {
  const end = task.ts + (task.dur ?? 0);
  // The trace's own events inside the task (outermost of each name), by total time.
  const inside = new Map<string, number>();
  for (const e of onMain)
    if (e.ph === "X" && e !== task && e.ts >= task.ts && e.ts < end && !isTask(e)) {
      const data = e.args?.data as { url?: string; functionName?: string } | undefined;
      const what = data?.url ? ` ${String(data.url).replace(/^.*\//, "")}` : "";
      const key = `${e.name}${what}`;
      inside.set(key, Math.max(inside.get(key) ?? 0, 0) + (e.dur ?? 0));
    }
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const within = samples.filter((s) => s.ts >= task.ts && s.ts < end);
  within.forEach((s, i) => {
    const dt = (within[i + 1]?.ts ?? end) - s.ts;
    const stack: string[] = [];
    for (let n = nodes.get(s.node); n; n = n.parent === undefined ? undefined : nodes.get(n.parent))
      stack.push(place(n.callFrame));
    self.set(stack[0] ?? "?", (self.get(stack[0] ?? "?") ?? 0) + dt);
    for (const f of new Set(stack)) total.set(f, (total.get(f) ?? 0) + dt);
  });
  return [
    `task at ${ms(task.ts - tasks[0].ts)}: wall ${ms(task.dur ?? 0)}, main thread's own time ${ms(task.tdur ?? 0)}`,
    "  trace events inside (summed per name, nested ones counted again):",
    ...top(inside, rows).map((l) => `  ${l}`),
    `  self time by function (${within.length} samples):`,
    ...top(self, rows).map((l) => `  ${l}`),
    "  total time by function:",
    ...top(total, rows).map((l) => `  ${l}`),
  ].join("\n");
}

const long = tasks.filter((t) => (t.dur ?? 0) > limitMs * 1000);
const byThread = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0));
const spanUs = (tasks.at(-1)?.ts ?? 0) + (tasks.at(-1)?.dur ?? 0) - (tasks[0]?.ts ?? 0);
console.log(
  `${tasks.length} main-thread tasks over ${ms(spanUs)}, ${ms(tasks.reduce((n, t) => n + (t.tdur ?? 0), 0))} of ` +
    `the thread's own time; ${long.length} over ${limitMs} ms wall, ` +
    `${tasks.filter((t) => (t.tdur ?? 0) > limitMs * 1000).length} over ${limitMs} ms of thread time; ` +
    `${samples.length} CPU samples`,
);
console.log(
  `longest by thread time: ${byThread
    .slice(0, 10)
    .map((t) => `${ms(t.tdur ?? 0)} (wall ${ms(t.dur ?? 0)}, at ${ms(t.ts - tasks[0].ts)})`)
    .join(", ")}\n`,
);
for (const t of long) console.log(`${describe(t)}\n`);
// TOP=n: the n longest tasks by thread time, or with FROM/TO (ms after the first task) those in that window
const from = Number(process.env.FROM ?? 0) * 1000;
const to = Number(process.env.TO ?? Number.POSITIVE_INFINITY) * 1000;
const inWindow = byThread.filter((t) => t.ts - tasks[0].ts >= from && t.ts - tasks[0].ts < to);
if (process.env.TOP)
  for (const t of inWindow.slice(0, Number(process.env.TOP))) console.log(`${describe(t)}\n`);
