/**
 * `npm run bench`: times our tools on memfs on the reference workload (bench/workload.mjs, from
 * shared/bench; `BENCH_WORKLOAD=<path>` names a module with the same exports instead). Every operation
 * runs through the model's path (prepare → validate → execute), 3 warm-ups then 15 timed runs, and
 * every result is checked with the workload's `checkExpect`, so a fast wrong answer fails. An edited
 * or written file is put back (untimed) before each run, as the workload asks.
 *
 * Prints a table beside pi 0.73.1's figures (shared/bench/README.md: real disk, rg and fd, 2 cores,
 * Node 20) and ends with one line `{"bench": {"<operation>": <median ms>, ...}}`.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createMemfsToolOptions } from "@backends/memfs/index";
import { createMemfsWorkspace, type MemfsWorkspace } from "@backends/memfs/workspace";
import { createAllTools } from "@core/tools/index";
import type { AgentToolResult, AnyAgentTool } from "@core/tools/types";
import { validateToolArguments } from "@core/validation";

interface Operation {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  expect?: unknown;
}

interface Workload {
  makeWorkspace(scale?: number): Record<string, string>;
  OPERATIONS: Operation[];
  checkExpect(op: Operation, text: string): string[];
}

/** pi 0.73.1's medians in ms (low – high of two runs), from shared/bench/README.md. */
const PI_MEDIANS: Record<string, [number, number]> = {
  "grep-common-literal": [8.9, 9.8],
  "grep-rare-regex": [21.1, 22.0],
  "grep-glob-ignorecase": [19.9, 20.6],
  "grep-context-2": [12.1, 14.2],
  "find-all-ts": [12.9, 13.4],
  "find-json-in-subdir": [11.9, 12.3],
  "ls-root": [0.1, 0.1],
  "ls-500-entries": [1.4, 1.5],
  "read-5mb-head": [20.0, 21.1],
  "read-5mb-tail-offset": [10.5, 10.8],
  "edit-1mb-one-line": [24.9, 25.9],
  "write-100kb": [0.8, 0.8],
  "bash-small": [4.3, 4.6],
  "bash-5mb-output": [31.6, 44.4],
};

const WARMUPS = 3;
const RUNS = 15;
const ROOT = "/workspace";

const workloadPath = process.env.BENCH_WORKLOAD
  ? resolve(process.env.BENCH_WORKLOAD)
  : new URL("../bench/workload.mjs", import.meta.url).pathname;
const workload = (await import(pathToFileURL(workloadPath).href)) as Workload;

function resultText(result: AgentToolResult<unknown>): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

/** Runs the call as the pipeline would; a throw becomes its message, as an error result's text. */
async function runCall(tool: AnyAgentTool, op: Operation): Promise<string> {
  try {
    const raw = structuredClone(op.args);
    const prepared = tool.prepareArguments ? tool.prepareArguments(raw) : raw;
    const args = validateToolArguments(tool, { name: op.tool, arguments: prepared });
    return resultText(await tool.execute(`bench-${op.name}`, args as never));
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The file an edit or write changes, and a function that puts it back as the workload had it. */
function restorerFor(workspace: MemfsWorkspace, op: Operation): () => void {
  if ((op.tool !== "edit" && op.tool !== "write") || typeof op.args.path !== "string") return () => {};
  const path = resolve(ROOT, op.args.path);
  const { fs } = workspace;
  const original = fs.existsSync(path) ? new Uint8Array(fs.readFileSync(path) as Uint8Array) : undefined;
  return () => {
    if (original) fs.writeFileSync(path, original);
    else if (fs.existsSync(path)) fs.unlinkSync(path);
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const built = performance.now();
const workspace = createMemfsWorkspace(workload.makeWorkspace(1), ROOT);
const buildMs = performance.now() - built;
const tools = createAllTools(ROOT, createMemfsToolOptions(workspace)) as unknown as Record<
  string,
  AnyAgentTool
>;

const medians: Record<string, number> = {};
const rows: string[][] = [];
let failures = 0;
for (const op of workload.OPERATIONS) {
  const tool = tools[op.tool];
  const pi = PI_MEDIANS[op.name];
  const piText = pi ? (pi[0] === pi[1] ? `${pi[0]}` : `${pi[0]} – ${pi[1]}`) : "–";
  if (!tool) {
    rows.push([op.name, piText, "not available yet", ""]);
    continue;
  }
  const restore = restorerFor(workspace, op);
  const times: number[] = [];
  let problems: string[] = [];
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    restore();
    const start = performance.now();
    const text = await runCall(tool, op);
    const elapsed = performance.now() - start;
    if (i >= WARMUPS) times.push(elapsed);
    const found = workload.checkExpect(op, text);
    if (found.length > 0 && problems.length === 0) problems = found;
  }
  restore();
  const ms = Math.round(median(times) * 100) / 100;
  medians[op.name] = ms;
  let verdict = pi
    ? ms <= pi[0]
      ? "≤ pi"
      : ms <= pi[1]
        ? "within pi's range"
        : `${(ms / pi[1]).toFixed(1)}× pi`
    : "";
  if (problems.length > 0) {
    failures++;
    verdict = `WRONG RESULT: ${problems.join("; ")}`;
  }
  rows.push([op.name, piText, ms.toFixed(2), verdict]);
}

const header = ["operation", "pi median, ms", "ours (memfs), ms", ""];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log(
  `workload: ${workloadPath} (built on memfs in ${buildMs.toFixed(0)} ms); median of ${RUNS} runs after ${WARMUPS} warm-ups`,
);
console.log(line(header));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of rows) console.log(line(row));
console.log(JSON.stringify({ bench: medians }));
process.exitCode = failures > 0 ? 1 : 0;
