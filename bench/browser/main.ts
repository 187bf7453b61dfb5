/**
 * The bench page: starts the bench worker (a module worker built by Vite with the product's aliases and
 * shims, as the session worker is) and keeps what it reports on `window.benchState`, where
 * scripts/bench-browser.ts reads it. Each row is also logged, so the script can show progress.
 */
import type { BenchMessage } from "./worker";

interface BenchState {
  rows: number;
  done?: Extract<BenchMessage, { kind: "done" }>;
  error?: string;
}

const state: BenchState = { rows: 0 };
(window as unknown as { benchState: BenchState }).benchState = state;
const log = document.getElementById("log");
const say = (text: string) => {
  console.log(text);
  if (log) log.textContent += `${text}\n`;
};

const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "pi-bench" });
worker.onmessage = (message: MessageEvent<BenchMessage>) => {
  const data = message.data;
  if (data.kind === "row") {
    state.rows++;
    say(
      `bench-browser: ${data.row.name} ${data.row.ms ?? "–"} ms${data.row.problems.length ? " WRONG" : ""}`,
    );
  } else if (data.kind === "done") state.done = data;
  else state.error = data.message;
};
worker.onerror = (e) => {
  state.error = `the bench worker failed: ${e.message || "unknown error"}`;
};
worker.postMessage({ kind: "start" });
