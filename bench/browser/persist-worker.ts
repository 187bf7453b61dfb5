/// <reference lib="webworker" />
/**
 * Saving and restoring the reference workload (bench/workload.mjs, ~5,000 files / 10 MB) as the session
 * worker does it (src/app/persist): save = the CBOR snapshot record plus the IndexedDB write; restore =
 * the IndexedDB read plus the checked decode into a fresh memfs volume. Each restore is compared with
 * the workspace it came from, so a fast wrong answer fails.
 */
import * as workload from "virtual:bench-workload";
import { createMemfsWorkspace, type MemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { decodeRecord, encodeRecord } from "../../src/app/persist/record";
import { idbStore } from "../../src/app/persist/storage";
import { median } from "../run-workload";

export interface PersistBenchResult {
  files: number;
  sourceBytes: number;
  recordBytes: number;
  runs: number;
  save: { median: number; min: number; max: number; encode: number; write: number };
  restore: { median: number; min: number; max: number; read: number; decode: number };
  problems: string[];
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
const RUNS = 7;
const WARMUPS = 2;
const KEY = "record:bench";

/** The workspace's entries as comparable lines (path, kind, size, first and last byte). */
function fingerprint(workspace: MemfsWorkspace): string[] {
  return snapshotWorkspace(workspace).entries.map((e) =>
    e.kind === "file"
      ? `${e.path} ${e.data.length} ${e.data[0] ?? ""} ${e.data[e.data.length - 1] ?? ""}`
      : e.kind === "symlink"
        ? `${e.path} -> ${e.target}`
        : `${e.path}/`,
  );
}

scope.onmessage = async () => {
  const store = idbStore();
  const files = workload.makeWorkspace(1);
  const workspace = createMemfsWorkspace(files);
  const expected = fingerprint(workspace);
  const tools = { read: "active", bash: "active", edit: "active", write: "active" } as const;
  const saves: { total: number; encode: number; write: number }[] = [];
  const restores: { total: number; read: number; decode: number }[] = [];
  const problems: string[] = [];
  let recordBytes = 0;
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    const t0 = performance.now();
    const record = encodeRecord(workspace, { tools }, Date.now());
    const t1 = performance.now();
    await store.set(KEY, record);
    const t2 = performance.now();
    recordBytes = record.files.byteLength;
    const value = await store.get<unknown>(KEY);
    const t3 = performance.now();
    const decoded = decodeRecord(value);
    const t4 = performance.now();
    if (!decoded.ok) problems.push(`run ${i}: the record did not decode (${JSON.stringify(decoded)})`);
    else if (i === 0 && fingerprint(decoded.workspace).join("\n") !== expected.join("\n"))
      problems.push("the restored workspace differs from the saved one");
    if (i < WARMUPS) continue;
    saves.push({ total: t2 - t0, encode: t1 - t0, write: t2 - t1 });
    restores.push({ total: t4 - t2, read: t3 - t2, decode: t4 - t3 });
  }
  await store.del(KEY);
  const of = (list: number[]) => ({ median: median(list), min: Math.min(...list), max: Math.max(...list) });
  const result: PersistBenchResult = {
    files: Object.keys(files).length,
    sourceBytes: Object.values(files).reduce((n, text) => n + new TextEncoder().encode(text).length, 0),
    recordBytes,
    runs: RUNS,
    save: {
      ...of(saves.map((s) => s.total)),
      encode: median(saves.map((s) => s.encode)),
      write: median(saves.map((s) => s.write)),
    },
    restore: {
      ...of(restores.map((r) => r.total)),
      read: median(restores.map((r) => r.read)),
      decode: median(restores.map((r) => r.decode)),
    },
    problems,
  };
  scope.postMessage({ kind: "persist", result });
};
