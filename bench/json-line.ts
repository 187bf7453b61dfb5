/**
 * The one JSON line each part of `npm run bench` ends with, for a script or a later run to compare:
 * `{"bench-<part>": {<figure>: <number>, …}}`. The figures are those the part has just printed (nothing is
 * measured again); each key names its unit (`…Ms`, `…MB`), a count has none, and a figure the run did not
 * measure is null. The Node part and figure 3 have their own lines (`bench`, `bench-browser`, from
 * run-workload.ts's formatReport).
 */
import type { RateReading, WideReading } from "./browser/long";
import type { ManyFilesReading } from "./browser/many-files";

type Figures = Record<string, number | null>;

/** `{"bench-<part>": figures}` on one line. */
export function benchJsonLine(part: string, figures: Figures): string {
  return JSON.stringify({ [`bench-${part}`]: figures });
}

const round = (n: number, digits = 1) => Number(n.toFixed(digits));
const roundOrNull = (n: number | null | undefined, digits = 1) =>
  n === null || n === undefined || !Number.isFinite(n) ? null : round(n, digits);

/** Figure 4 (bench/browser/drive.ts `burst`): the events and the page's long tasks while they arrive. */
export function burstLine(
  b: {
    events: number;
    calls: number;
    spanMs: number;
    tasks: readonly { duration: number }[];
    frames: readonly { duration: number }[];
  },
  longTaskMs: number,
): string {
  return benchJsonLine("burst", {
    events: b.events,
    calls: b.calls,
    spanMs: round(b.spanMs, 0),
    longestTaskMs: b.tasks.length ? round(Math.max(...b.tasks.map((t) => t.duration)), 0) : 0,
    [`tasksOver${longTaskMs}Ms`]: b.tasks.filter((t) => t.duration > longTaskMs).length,
    longFrames: b.frames.length,
    longestFrameMs: b.frames.length ? round(Math.max(...b.frames.map((f) => f.duration)), 0) : 0,
  });
}

interface Reading {
  events: number;
  page: number;
  worker: number;
}

/** Figure 5 (bench/browser/memory.ts): heap readings in MB during the long session and the big calls. */
export function memoryLine(m: {
  long: { readings: readonly Reading[] };
  big: { readings: readonly Reading[] };
}): string {
  const all = [...m.long.readings, ...m.big.readings];
  const at10k = m.long.readings.find((r) => r.events >= 10_000);
  const last = m.long.readings.at(-1);
  const bigLast = m.big.readings.at(-1);
  const grew = (key: "page" | "worker") => (at10k && last ? last[key] - at10k[key] : null);
  return benchJsonLine("memory", {
    longEvents: last?.events ?? 0,
    longEndPageMB: roundOrNull(last?.page),
    longEndWorkerMB: roundOrNull(last?.worker),
    growth10kToEndPageMB: roundOrNull(grew("page")),
    growth10kToEndWorkerMB: roundOrNull(grew("worker")),
    bigEndPageMB: roundOrNull(bigLast?.page),
    bigEndWorkerMB: roundOrNull(bigLast?.worker),
    maxPageMB: all.length ? round(Math.max(...all.map((r) => r.page))) : null,
    maxWorkerMB: all.length ? round(Math.max(...all.map((r) => r.worker))) : null,
  });
}

type Spread = { median: number; max: number; n: number } | null;

/** Figure 6 (bench/browser/model.ts): the pipeline's gaps around tool calls (null when skipped) and the fast stream. */
export function modelLine(
  turns: { toTool: Spread; toRequest: Spread; turns: number } | null,
  s: {
    tokens: number;
    spanMs: number;
    events: number;
    slowestAnswerMs: number;
    heapMB: number | null;
    tasks: readonly { duration: number }[];
  },
  longTaskMs: number,
): string {
  return benchJsonLine("model", {
    toolCalls: turns?.turns ?? null,
    streamEndToToolMedianMs: roundOrNull(turns?.toTool?.median, 0),
    streamEndToToolMaxMs: roundOrNull(turns?.toTool?.max, 0),
    toolEndToRequestMedianMs: roundOrNull(turns?.toRequest?.median, 0),
    toolEndToRequestMaxMs: roundOrNull(turns?.toRequest?.max, 0),
    streamTokens: s.tokens,
    streamSpanMs: round(s.spanMs, 0),
    streamEvents: s.events,
    streamLongestTaskMs: s.tasks.length ? round(Math.max(...s.tasks.map((t) => t.duration)), 0) : 0,
    [`streamTasksOver${longTaskMs}Ms`]: s.tasks.filter((t) => t.duration > longTaskMs).length,
    streamSlowestAnswerMs: round(s.slowestAnswerMs, 0),
    streamEndHeapMB: roundOrNull(s.heapMB),
  });
}

type Timed = { median: number; max: number };

/** Figure 7 (bench/browser/persist.ts): saving and restoring the reference workload. */
export function persistLine(r: {
  files: number;
  recordBytes: number;
  firstSave: Timed & { encode: number; written: number };
  typicalSave: Timed & { written: number };
  restore: Timed & { read: number; decode: number };
}): string {
  return benchJsonLine("persist", {
    files: r.files,
    recordMB: round(r.recordBytes / 1e6),
    firstSaveMs: round(r.firstSave.median),
    firstSaveEncodeMs: round(r.firstSave.encode),
    firstSaveWrittenMB: round(r.firstSave.written / 1e6),
    typicalSaveMs: round(r.typicalSave.median),
    typicalSaveWrittenKB: round(r.typicalSave.written / 1024, 0),
    restoreMs: round(r.restore.median),
    restoreReadMs: round(r.restore.read),
    restoreDecodeMs: round(r.restore.decode),
    slowestMs: round(Math.max(r.firstSave.max, r.typicalSave.max, r.restore.max)),
  });
}

/**
 * Figure 8 (bench/browser/long.ts, many-files.ts): steps per second as scenarios grow, 5,000 calls in one
 * message, Esc and Pause, 20,000 files; a part not run is null.
 */
export function longLine(
  rates: readonly RateReading[],
  w: WideReading | null,
  f: ManyFilesReading | null,
): string {
  const figures: Record<string, number | null> = {};
  for (const r of rates) {
    figures[`stepsPerSecondAt${r.steps}`] = round(r.stepsPerSecond);
    figures[`longestTaskMsAt${r.steps}`] = round(r.longestTaskMs, 0);
  }
  const first = rates[0];
  const last = rates.at(-1);
  figures.slowdown =
    first && last && last.stepsPerSecond > 0 ? round(first.stepsPerSecond / last.stepsPerSecond, 2) : null;
  figures.wideDrawSeconds = w ? roundOrNull(w.drawSeconds) : null;
  figures.wideLongestTaskMs = w ? round(w.longestTaskMs, 0) : null;
  figures.wideTasksOver200Ms = w ? w.tasksOver200Ms : null;
  figures.escMs = w ? roundOrNull(w.escMs, 0) : null;
  figures.escRunEndedMs = w ? roundOrNull(w.escEndedMs, 0) : null;
  figures.pauseMs = w ? roundOrNull(w.pauseMs, 0) : null;
  figures.stepsAfterPause = w ? w.stepsAfterPause : null;
  figures.filesImportSeconds = f ? round(f.importSeconds) : null;
  figures.filesSettleSeconds = f ? round(f.settleSeconds) : null;
  figures.filesLsMs = f ? round(f.lsMs, 0) : null;
  figures.filesGrepMs = f ? round(f.grepMs, 0) : null;
  figures.filesFindMs = f ? round(f.findMs, 0) : null;
  figures.filesLongestTaskMs = f ? round(f.longestTaskMs, 0) : null;
  figures.filesTasksOver200Ms = f ? f.tasksOver200Ms : null;
  return benchJsonLine("long", figures);
}
