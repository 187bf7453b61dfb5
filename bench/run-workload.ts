/**
 * The part of `npm run bench` that runs in Node and in a browser worker alike: build the reference
 * workload on memfs, run every operation through the model's path (prepare → validate → execute),
 * 3 warm-ups then 15 timed runs, check every result with the workload's `checkExpect` (so a fast wrong
 * answer fails), and format the table beside pi 0.73.1's figures. No node:*, no DOM: scripts/bench.ts
 * calls it in Node, bench/browser/worker.ts in a Chromium Web Worker.
 */
import { createMemfsToolOptions } from "@backends/memfs/index";
import { createMemfsWorkspace, type MemfsWorkspace } from "@backends/memfs/workspace";
import { createAllTools } from "@core/tools/index";
import type { AgentToolResult, AnyAgentTool } from "@core/tools/types";
import { validateToolArguments } from "@core/validation";

export interface Operation {
  name: string;
  tool: string;
  args: Record<string, unknown>;
  expect?: unknown;
}

/** What bench/workload.mjs (or a module named by BENCH_WORKLOAD) exports. */
export interface Workload {
  makeWorkspace(scale?: number): Record<string, string>;
  OPERATIONS: Operation[];
  checkExpect(op: Operation, text: string): string[];
}

/** pi 0.73.1's medians in ms (low – high of two runs), recorded as docs/bench.md §2 describes. */
export const PI_MEDIANS: Record<string, [number, number]> = {
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

export const WARMUPS = 3;
export const RUNS = 15;
const ROOT = "/workspace";

export interface OperationRow {
  name: string;
  /** median of the timed runs in ms (2 decimals); null when the tool does not exist */
  ms: number | null;
  /** what checkExpect found wrong in the first failing run; empty when every run was right */
  problems: string[];
}

export interface WorkloadResult {
  buildMs: number;
  rows: OperationRow[];
  /** operation → median ms, the JSON line's payload */
  medians: Record<string, number>;
  /** operations whose result was wrong at least once */
  failures: number;
}

function resultText(result: AgentToolResult<unknown>): string {
  return result.content.map((block) => (block.type === "text" ? block.text : "")).join("\n");
}

/** Runs the call as the pipeline would; a throw becomes its message, as an error result's text. */
async function runCall(tool: AnyAgentTool, op: Operation, raw: unknown): Promise<string> {
  try {
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
  const path = op.args.path.startsWith("/") ? op.args.path : `${ROOT}/${op.args.path.replace(/^\.\//, "")}`;
  const { fs } = workspace;
  const original = fs.existsSync(path) ? new Uint8Array(fs.readFileSync(path) as Uint8Array) : undefined;
  return () => {
    if (original) fs.writeFileSync(path, original);
    else if (fs.existsSync(path)) fs.unlinkSync(path);
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Times every operation of the workload (an edited or written file is put back, untimed, before each
 * run, as the workload asks). `onRow` hears each operation as it finishes, for progress output;
 * `only` names the operations to run (all when empty or absent).
 */
export async function runWorkload(
  workload: Workload,
  onRow: (row: OperationRow) => void = () => {},
  only?: readonly string[],
): Promise<WorkloadResult> {
  const built = performance.now();
  const workspace = createMemfsWorkspace(workload.makeWorkspace(1), ROOT);
  const buildMs = performance.now() - built;
  const tools = createAllTools(ROOT, createMemfsToolOptions(workspace)) as unknown as Record<
    string,
    AnyAgentTool
  >;
  const rows: OperationRow[] = [];
  const medians: Record<string, number> = {};
  let failures = 0;
  // `only` (BENCH_OPS): a subset of the operations by name, for iterating on one of them.
  const operations = only?.length
    ? workload.OPERATIONS.filter((op) => only.includes(op.name))
    : workload.OPERATIONS;
  for (const op of operations) {
    const tool = tools[op.tool];
    if (!tool) {
      rows.push({ name: op.name, ms: null, problems: [] });
      continue;
    }
    const restore = restorerFor(workspace, op);
    const times: number[] = [];
    let problems: string[] = [];
    for (let i = 0; i < WARMUPS + RUNS; i++) {
      restore();
      // A fresh copy of the arguments for each run (as a model's JSON would be), made before the clock
      // starts: it is the harness's, not the call's (pi's figures time the tool call).
      const raw = structuredClone(op.args);
      const start = performance.now();
      const text = await runCall(tool, op, raw);
      const elapsed = performance.now() - start;
      if (i >= WARMUPS) times.push(elapsed);
      const found = workload.checkExpect(op, text);
      if (found.length > 0 && problems.length === 0) problems = found;
    }
    restore();
    const ms = Math.round(median(times) * 100) / 100;
    medians[op.name] = ms;
    if (problems.length > 0) failures++;
    const row = { name: op.name, ms, problems };
    rows.push(row);
    onRow(row);
  }
  return { buildMs, rows, medians, failures };
}

function verdictFor(row: OperationRow): string {
  if (row.problems.length > 0) return `WRONG RESULT: ${row.problems.join("; ")}`;
  const pi = PI_MEDIANS[row.name];
  if (!pi || row.ms === null) return "";
  if (row.ms <= pi[0]) return "≤ pi";
  if (row.ms <= pi[1]) return "within pi's range";
  return `${(row.ms / pi[1]).toFixed(1)}× pi`;
}

/**
 * The report as printed lines: the table (operation, pi's median, ours, verdict) and the final JSON
 * line `{"<key>": {"<operation>": <median ms>, ...}}` (key "bench" in Node, "bench-browser" in Chromium).
 */
export function formatReport(result: WorkloadResult, options: { column: string; jsonKey: string }): string[] {
  const rows = result.rows.map((row) => {
    const pi = PI_MEDIANS[row.name];
    const piText = pi ? (pi[0] === pi[1] ? `${pi[0]}` : `${pi[0]} – ${pi[1]}`) : "–";
    return [row.name, piText, row.ms === null ? "not available yet" : row.ms.toFixed(2), verdictFor(row)];
  });
  const header = ["operation", "pi median, ms", options.column, ""];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 3 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [
    line(header),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...rows.map(line),
    JSON.stringify({ [options.jsonKey]: result.medians }),
  ];
}
