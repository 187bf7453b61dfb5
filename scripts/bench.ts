/**
 * `npm run bench` (first part, Node): times our tools on memfs on the reference workload (bench/workload.mjs,
 * described in docs/bench.md; `BENCH_WORKLOAD=<path>` names a module with the same exports instead). The
 * runner is shared with the browser figures (bench/run-workload.ts): every operation goes through the model's
 * path (prepare → validate → execute), 3 warm-ups then 15 timed runs, and every result is checked with the
 * workload's `checkExpect`, so a fast wrong answer fails. An edited or written file is put back (untimed)
 * before each run, as the workload asks.
 *
 * Then the rows of bench/hostile-grep.mjs (grep patterns that were once slow, on their own small
 * workspace; pi has no recorded figures for them). Prints a table beside pi 0.73.1's figures (real disk,
 * rg and fd, 2 cores, Node 20) and ends with one line `{"bench": {"<operation>": <median ms>, ...}}`. The browser figures
 * follow from scripts/bench-browser.ts.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import {
  formatReport,
  RUNS,
  runWorkload,
  WARMUPS,
  type Workload,
  type WorkloadResult,
} from "../bench/run-workload.ts";

const workloadPath = process.env.BENCH_WORKLOAD
  ? resolve(process.env.BENCH_WORKLOAD)
  : new URL("../bench/workload.mjs", import.meta.url).pathname;
const workload = (await import(pathToFileURL(workloadPath).href)) as Workload;

// BENCH_OPS=edit-1mb-one-line,bash-5mb-output runs only those operations (for iterating on one).
const only = process.env.BENCH_OPS?.split(",").filter(Boolean);
const wanted = (w: Workload) => !only?.length || w.OPERATIONS.some((op) => only.includes(op.name));
const empty: WorkloadResult = { buildMs: 0, rows: [], medians: {}, failures: 0 };
const result = wanted(workload) ? await runWorkload(workload, undefined, only) : empty;
// The rows for patterns that were once slow, on their own small workspace (bench/hostile-grep.mjs).
const hostile = (await import(new URL("../bench/hostile-grep.mjs", import.meta.url).href)) as Workload;
const extra = wanted(hostile) ? await runWorkload(hostile, undefined, only) : empty;
const built = (r: WorkloadResult) =>
  r === empty ? "not run" : `built on memfs in ${r.buildMs.toFixed(0)} ms`;
console.log(
  `workload: ${workloadPath} (${built(result)}), then bench/hostile-grep.mjs (${built(extra)}); median of ${RUNS} runs after ${WARMUPS} warm-ups`,
);
const both: WorkloadResult = {
  buildMs: result.buildMs + extra.buildMs,
  rows: [...result.rows, ...extra.rows],
  medians: { ...result.medians, ...extra.medians },
  failures: result.failures + extra.failures,
};
for (const line of formatReport(both, { column: "ours (memfs), ms", jsonKey: "bench" })) console.log(line);
process.exitCode = both.failures > 0 ? 1 : 0;

// The share link of the default preset with one scenario: its length in characters (bench/share-link.ts).
const { shareLinkLength, SHARE_LINK_TARGET } = await import("../bench/share-link.ts");
const link = await shareLinkLength();
console.log(
  `share link (default preset + "Three first prompts"): ${link.length} characters (target under ${SHARE_LINK_TARGET})`,
);
if (link.length >= SHARE_LINK_TARGET) process.exitCode = 1;
