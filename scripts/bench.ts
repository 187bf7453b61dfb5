/**
 * `npm run bench` (first part, Node): times our tools on memfs on the reference workload
 * (bench/workload.mjs, from shared/bench; `BENCH_WORKLOAD=<path>` names a module with the same exports
 * instead). The runner is shared with the browser figures (bench/run-workload.ts): every operation goes
 * through the model's path (prepare → validate → execute), 3 warm-ups then 15 timed runs, and every result
 * is checked with the workload's `checkExpect`, so a fast wrong answer fails. An edited or written file is
 * put back (untimed) before each run, as the workload asks.
 *
 * Prints a table beside pi 0.73.1's figures (shared/bench/README.md: real disk, rg and fd, 2 cores,
 * Node 20) and ends with one line `{"bench": {"<operation>": <median ms>, ...}}`. The browser figures
 * follow from scripts/bench-browser.ts.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { formatReport, RUNS, runWorkload, WARMUPS, type Workload } from "../bench/run-workload.ts";

const workloadPath = process.env.BENCH_WORKLOAD
  ? resolve(process.env.BENCH_WORKLOAD)
  : new URL("../bench/workload.mjs", import.meta.url).pathname;
const workload = (await import(pathToFileURL(workloadPath).href)) as Workload;

// BENCH_OPS=edit-1mb-one-line,bash-5mb-output runs only those operations (for iterating on one).
const only = process.env.BENCH_OPS?.split(",").filter(Boolean);
const result = await runWorkload(workload, undefined, only);
console.log(
  `workload: ${workloadPath} (built on memfs in ${result.buildMs.toFixed(0)} ms); median of ${RUNS} runs after ${WARMUPS} warm-ups`,
);
for (const line of formatReport(result, { column: "ours (memfs), ms", jsonKey: "bench" })) console.log(line);
process.exitCode = result.failures > 0 ? 1 : 0;
