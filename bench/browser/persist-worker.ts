/// <reference lib="webworker" />
/**
 * Saving and restoring the reference workload (bench/workload.mjs, ~5,000 files / 10 MB) as the session
 * worker does it (src/app/persist), with the product's code:
 * - first save: the whole workspace as a fresh record (walk, chunks, one IndexedDB transaction);
 * - typical save: after one small file was edited, the changed chunk and the head;
 * - restore: the IndexedDB reads plus the checked decode into a fresh memfs volume.
 * Every restore is compared with the workspace as it was saved (the edits included), so a fast wrong
 * answer fails.
 */
import * as workload from "virtual:bench-workload";
import { createMemfsWorkspace, type MemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { deleteRecord } from "../../src/app/common/persist/record-keys";
import { chunkKey, idbStore } from "../../src/app/common/persist/storage";
import { checkHead, decodeFiles } from "../../src/app/worker/persist/record";
import { createRecordWriter, encodeAll } from "../../src/app/worker/persist/record-writer";
import { median } from "../run-workload";

interface Spread {
  median: number;
  min: number;
  max: number;
}

export interface PersistBenchResult {
  files: number;
  sourceBytes: number;
  recordBytes: number;
  chunks: number;
  runs: number;
  /** the first save's walk and encoding alone (median), timed apart from it: the rest is the write */
  firstSave: Spread & { written: number; encode: number };
  typicalSave: Spread & { written: number; edited: string };
  restore: Spread & { read: number; decode: number };
  problems: string[];
}

const scope = self as unknown as DedicatedWorkerGlobalScope;
const RUNS = 9;
const WARMUPS = 2;
const KEY = "record:bench";

/** The workspace's entries as comparable lines (path, kind, size, first and last byte). */
function fingerprint(workspace: MemfsWorkspace): string {
  return snapshotWorkspace(workspace)
    .entries.map((e) =>
      e.kind === "file"
        ? `${e.path} ${e.data.length} ${e.data[0] ?? ""} ${e.data[e.data.length - 1] ?? ""}`
        : e.kind === "symlink"
          ? `${e.path} -> ${e.target}`
          : `${e.path}/`,
    )
    .join("\n");
}

const spread = (list: number[]): Spread => ({
  median: median(list),
  min: Math.min(...list),
  max: Math.max(...list),
});

scope.onmessage = async () => {
  const store = idbStore();
  const files = workload.makeWorkspace(1);
  const workspace = createMemfsWorkspace(files);
  const edited = Object.keys(files).find((p) => p.startsWith(`${workload.ICONS_DIR}/`)) ?? "README.md";
  const state = { tools: { read: "active", bash: "active", edit: "active", write: "active" } } as const;
  const firsts: number[] = [];
  const encodes: number[] = [];
  const typicals: number[] = [];
  const restores: { total: number; read: number; decode: number }[] = [];
  const problems: string[] = [];
  let recordBytes = 0;
  let chunks = 0;
  let firstWritten = 0;
  let typicalWritten = 0;
  for (let i = 0; i < WARMUPS + RUNS; i++) {
    await deleteRecord(store, KEY);
    const writer = createRecordWriter(store, KEY);
    const t0 = performance.now();
    const first = await writer.save(workspace, state, Date.now());
    const t1 = performance.now();
    workspace.fs.writeFileSync(`${workspace.root}/${edited}`, `// run ${i}\n${files[edited]}`);
    const t2 = performance.now();
    const typical = await writer.save(workspace, state, Date.now());
    const t3 = performance.now();
    if (first.full !== true || typical.full !== false)
      problems.push(`run ${i}: the first save was not full or the second was not partial`);
    const head = checkHead(await store.get<unknown>(KEY));
    if (!head.ok || head.head.version !== 2) {
      problems.push(`run ${i}: the head did not check (${JSON.stringify(head)})`);
      continue;
    }
    const values = await store.getMany(head.head.chunks.map((c) => chunkKey(KEY, c.n)));
    const t4 = performance.now();
    const decoded = decodeFiles(head.head, values);
    const t5 = performance.now();
    if (!decoded.ok) problems.push(`run ${i}: the record did not decode (${decoded.detail})`);
    else if (i === 0 || i === WARMUPS + RUNS - 1) {
      if (fingerprint(decoded.workspace) !== fingerprint(workspace))
        problems.push(`run ${i}: the restored workspace differs from the saved one`);
    }
    recordBytes = typical.bytes;
    chunks = head.head.chunks.length;
    firstWritten = first.written;
    typicalWritten = typical.written;
    const t6 = performance.now();
    encodeAll(workspace);
    const t7 = performance.now();
    if (i < WARMUPS) continue;
    encodes.push(t7 - t6);
    firsts.push(t1 - t0);
    typicals.push(t3 - t2);
    // The restore's read is timed from the head's read: t3 → t4 covers head and chunks.
    restores.push({ total: t5 - t3, read: t4 - t3, decode: t5 - t4 });
  }
  await deleteRecord(store, KEY);
  const result: PersistBenchResult = {
    files: Object.keys(files).length,
    sourceBytes: Object.values(files).reduce((n, text) => n + new TextEncoder().encode(text).length, 0),
    recordBytes,
    chunks,
    runs: RUNS,
    firstSave: { ...spread(firsts), written: firstWritten, encode: median(encodes) },
    typicalSave: { ...spread(typicals), written: typicalWritten, edited },
    restore: {
      ...spread(restores.map((r) => r.total)),
      read: median(restores.map((r) => r.read)),
      decode: median(restores.map((r) => r.decode)),
    },
    problems,
  };
  scope.postMessage({ kind: "persist", result });
};
