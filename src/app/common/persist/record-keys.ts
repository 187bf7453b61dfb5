/**
 * A record's keys in the key-value store: its head under its key, each chunk under `<key>#<n>`
 * (storage.ts). Copying and deleting take the chunks along, in one transaction, so a record is never half
 * copied or half gone. Nothing here reads the files, so the page (workspaces menu) can use it without
 * loading the file system into the first bundle.
 */
import { chunkKey, type KeyValueStore } from "./storage";

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
