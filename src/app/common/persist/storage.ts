/**
 * The one place that talks to IndexedDB (through idb-keyval), in the worker and on the page alike. One
 * database, one object store, string keys:
 * - `record:<id>`: a saved workspace's head (record.ts), written by the worker of the tab that holds it,
 *   and `record:<id>#<n>`: its chunks of files (the same goes for `previous:` and `aside:` records);
 * - `previous:<id>`: the record as it was before the last reset, brought back at most once;
 * - `aside:<id>:<time>`: a record that could not be read, kept untouched instead of overwritten;
 * - `index`: the list of named workspaces, written by the page.
 */
import { createStore, del, get, getMany, keys, promisifyRequest, set, type UseStore } from "idb-keyval";

export const DB_NAME = "pi-playground";
export const STORE_NAME = "workspaces";

export interface KeyValueStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
  getMany(keys: readonly string[]): Promise<unknown[]>;
  /** puts and deletes in one transaction: all of it lands, or (a full disk) none of it */
  write(puts: readonly (readonly [string, unknown])[], dels?: readonly string[]): Promise<void>;
}

export const recordKey = (id: string) => `record:${id}`;
export const previousKey = (id: string) => `previous:${id}`;
export const asideKey = (id: string, at: number) => `aside:${id}:${at}`;
export const chunkKey = (recordKey: string, n: number) => `${recordKey}#${n}`;
export const INDEX_KEY = "index";

export function idbStore(): KeyValueStore {
  let store: UseStore | undefined;
  const use = () => {
    store ??= createStore(DB_NAME, STORE_NAME);
    return store;
  };
  return {
    get: (key) => get(key, use()),
    set: (key, value) => set(key, value, use()),
    del: (key) => del(key, use()),
    keys: async () => (await keys(use())).map(String),
    getMany: (list) => getMany([...list], use()),
    write: (puts, dels = []) =>
      use()("readwrite", (store) => {
        for (const [key, value] of puts) store.put(value, key);
        for (const key of dels) store.delete(key);
        return promisifyRequest(store.transaction);
      }),
  };
}

/**
 * Every write fails as a full disk does (a test's way to check that a full quota loses nothing: the
 * browser gives no way to fill one quickly). Reads still work.
 */
export function failingWrites(store: KeyValueStore): KeyValueStore {
  const full = () => Promise.reject(new DOMException("The quota has been exceeded.", "QuotaExceededError"));
  return { ...store, set: full, del: full, write: full };
}

/** What kind of failure a storage error is, for the page to word. */
export function failureOf(error: unknown): "quota" | "unavailable" | "error" {
  const name = (error as { name?: string } | null)?.name;
  if (name === "QuotaExceededError") return "quota";
  if (name === "InvalidStateError" || name === "SecurityError" || name === "UnknownError")
    return "unavailable";
  return "error";
}
