/**
 * The bench page: starts the bench worker (a module worker built by Vite with the product's aliases and
 * shims, as the session worker is) and keeps what it reports on `window.benchState`, where
 * scripts/bench-browser.ts reads it. Each row is also logged, so the script can show progress.
 *
 * Query parameters (measurement helpers): `ops=a,b` runs only those operations; `inpage=1` runs the
 * workload on the page itself instead of a worker, so that a CDP Profiler session on the page can
 * profile it (same code, same V8; BENCH_PROFILE in scripts/bench-browser.ts). `persist=1` times saving
 * and restoring the workload as a saved workspace instead (persist-worker.ts).
 */
import type { PersistBenchResult } from "./persist-worker";
import type { BenchMessage } from "./worker";

interface BenchState {
  rows: number;
  done?: Extract<BenchMessage, { kind: "done" }>;
  error?: string;
  /** `persist=1`: saving and restoring the workload (persist-worker.ts) instead of its operations */
  persist?: PersistBenchResult;
}

const state: BenchState = { rows: 0 };
(window as unknown as { benchState: BenchState }).benchState = state;
const log = document.getElementById("log");
const say = (text: string) => {
  console.log(text);
  if (log) log.textContent += `${text}\n`;
};

const query = new URLSearchParams(location.search);
const only = query.get("ops")?.split(",").filter(Boolean) ?? [];

function receive(data: BenchMessage) {
  if (data.kind === "row") {
    state.rows++;
    say(
      `bench-browser: ${data.row.name} ${data.row.ms ?? "–"} ms${data.row.problems.length ? " WRONG" : ""}`,
    );
  } else if (data.kind === "done") state.done = data;
  else state.error = data.message;
}

if (query.get("persist") === "1") {
  const worker = new Worker(new URL("./persist-worker.ts", import.meta.url), {
    type: "module",
    name: "pi-persist",
  });
  worker.onmessage = (message: MessageEvent<{ result: PersistBenchResult }>) => {
    state.persist = message.data.result;
  };
  worker.onerror = (e) => {
    state.error = `the persist bench worker failed: ${e.message || "unknown error"}`;
  };
  worker.postMessage({ kind: "start" });
} else if (query.get("inpage") === "1") {
  // Started by the driver (window.startBench) once its profiler runs.
  (window as unknown as { startBench: () => Promise<void> }).startBench = async () => {
    const [{ runWorkload }, workload] = await Promise.all([
      import("../run-workload"),
      import("virtual:bench-workload"),
    ]);
    try {
      const result = await runWorkload(workload, (row) => receive({ kind: "row", row }), only);
      receive({ kind: "done", result, userAgent: navigator.userAgent, crossOriginIsolated });
    } catch (error) {
      receive({
        kind: "error",
        message: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
    }
  };
} else {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "pi-bench" });
  worker.onmessage = (message: MessageEvent<BenchMessage>) => receive(message.data);
  worker.onerror = (e) => {
    state.error = `the bench worker failed: ${e.message || "unknown error"}`;
  };
  worker.postMessage({ kind: "start", only });
}
