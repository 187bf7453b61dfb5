/** For tests: the saved workspaces' store kept in memory, with its map open to look at. */
import type { KeyValueStore } from "./storage";

/** A store kept in memory; values are cloned in and out, as IndexedDB does. */
export function memoryStore(): KeyValueStore & { map: Map<string, unknown> } {
  const map = new Map<string, unknown>();
  return {
    map,
    get: async <T>(key: string) => structuredClone(map.get(key)) as T | undefined,
    set: async (key, value) => {
      map.set(key, structuredClone(value));
    },
    del: async (key) => {
      map.delete(key);
    },
    keys: async () => [...map.keys()],
    getMany: async (list) => list.map((key) => structuredClone(map.get(key))),
    write: async (puts, dels = []) => {
      const cloned = puts.map(([key, value]) => [key, structuredClone(value)] as const);
      for (const [key, value] of cloned) map.set(key, value);
      for (const key of dels) map.delete(key);
    },
  };
}
