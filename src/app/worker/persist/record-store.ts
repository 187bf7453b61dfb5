/**
 * A record in the key-value store: its head under its key, each chunk under `<key>#<n>` (storage.ts).
 * Reading checks the head, then every chunk against the hash the head keeps for it. Copying and deleting
 * live in record-keys.ts, which needs no file system: the page uses them without loading memfs.
 */

import type { MemfsWorkspace } from "@backends/memfs/workspace";
import { chunkKey, type KeyValueStore } from "../../common/persist/storage";
import type { ChunkEntry } from "./chunk-codec";
import { checkHead, decodeFiles, type RecordHead } from "./record";
import type { RecordV1 } from "./record-v1";

export type ReadRecord =
  | { kind: "none" }
  | { kind: "ok"; head: RecordHead | RecordV1; workspace: MemfsWorkspace; layout?: Map<number, ChunkEntry[]> }
  | { kind: "corrupt"; detail: string }
  | { kind: "newer"; version: number };

/** Reads and checks the record under `key`; the store's own failures (no IndexedDB) are thrown. */
export async function readRecord(store: KeyValueStore, key: string): Promise<ReadRecord> {
  const value = await store.get<unknown>(key);
  if (value === undefined) return { kind: "none" };
  const checked = checkHead(value);
  if (!checked.ok)
    return checked.problem === "newer"
      ? { kind: "newer", version: checked.version }
      : { kind: "corrupt", detail: checked.detail };
  const { head } = checked;
  const chunks = head.version === 2 ? await store.getMany(head.chunks.map((c) => chunkKey(key, c.n))) : [];
  const files = decodeFiles(head, chunks);
  if (!files.ok) return { kind: "corrupt", detail: files.detail };
  return { kind: "ok", head, workspace: files.workspace, ...(files.layout ? { layout: files.layout } : {}) };
}

/** The chunk numbers the value stored as a head refers to (none for a version 1 or unreadable one). */
