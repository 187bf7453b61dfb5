/// <reference lib="webworker" />
/**
 * The bench worker: the reference workload's operations run here as in the session worker (same tools,
 * same memfs backend, same prepare → validate → execute path, same bundling), through the runner the
 * Node figures use. `virtual:bench-workload` is aliased by scripts/bench-browser.ts to bench/workload.mjs
 * (or to BENCH_WORKLOAD).
 */
import * as workload from "virtual:bench-workload";
import { type OperationRow, runWorkload, type WorkloadResult } from "../run-workload";

export type BenchMessage =
  | { kind: "row"; row: OperationRow }
  | { kind: "done"; result: WorkloadResult; userAgent: string; crossOriginIsolated: boolean }
  | { kind: "error"; message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: BenchMessage) => scope.postMessage(message);

scope.onmessage = async (message: MessageEvent<{ only?: string[] }>) => {
  try {
    const only = message.data?.only;
    const result = await runWorkload(workload, (row) => post({ kind: "row", row }), only);
    post({
      kind: "done",
      result,
      userAgent: navigator.userAgent,
      crossOriginIsolated: scope.crossOriginIsolated,
    });
  } catch (error) {
    post({ kind: "error", message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
};
