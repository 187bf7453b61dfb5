/**
 * A record in the key-value store: its head under its key, each chunk under `<key>#<n>` (storage.ts).
 * Reading checks the head, then every chunk against the hash the head keeps for it; copying and deleting
 * take the chunks along, in one transaction, so a record is never half copied or half gone.
 */

import type { MemfsWorkspace } from "@backends/memfs/workspace";
import type { ChunkEntry } from "./chunk-codec";
import { checkHead, decodeFiles, type RecordHead } from "./record";
import type { RecordV1 } from "./record-v1";
import { chunkKey, type KeyValueStore } from "./storage";

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
export function chunkNumbersOf(value: unknown): number[] {
  const chunks = (value as { chunks?: unknown } | null | undefined)?.chunks;
  if (!Array.isArray(chunks)) return [];
  return chunks.map((c: { n?: unknown } | null) => c?.n).filter((n): n is number => Number.isInteger(n));
}

/**
 * Every chunk key stored for the record under `key`, listed from the store rather than from its head: a
 * damaged head may no longer name them all, and none should be left behind.
 */
export async function storedChunkKeys(store: KeyValueStore, key: string): Promise<string[]> {
  const prefix = chunkKey(key, 0).slice(0, -1);
  return (await store.keys()).filter((k) => k.startsWith(prefix));
}

/**
 * Copies the record under `from` (head and chunks, damaged or not) to `to`, replacing what `to` held,
 * in one transaction. False when `from` holds nothing.
 */
export async function copyRecord(store: KeyValueStore, from: string, to: string): Promise<boolean> {
  const head = await store.get<unknown>(from);
  if (head === undefined) return false;
  const numbers = chunkNumbersOf(head);
  const chunks = await store.getMany(numbers.map((n) => chunkKey(from, n)));
  const puts: [string, unknown][] = [[to, head]];
  numbers.forEach((n, i) => {
    if (chunks[i] !== undefined) puts.push([chunkKey(to, n), chunks[i]]);
  });
  const kept = new Set(puts.map(([k]) => k));
  await store.write(
    puts,
    (await storedChunkKeys(store, to)).filter((k) => !kept.has(k)),
  );
  return true;
}

/** Deletes the record under `key`, head and chunks, in one transaction. */
export async function deleteRecord(store: KeyValueStore, key: string): Promise<void> {
  await store.write([], [key, ...(await storedChunkKeys(store, key))]);
}
