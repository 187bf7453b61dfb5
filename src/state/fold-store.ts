import type { SessionEvent } from "@agent/events";
import { createStore, immediate, type Scheduler, type Store } from "./store";

/**
 * A store whose snapshot is a fold over the event stream. The reducer returns the same object for an event
 * it does not care about, so unrelated events cost no notification and no render.
 */
export interface FoldStore<T> extends Store<T> {
  ingest(event: SessionEvent): void;
  /** a change that does not come from the session (a page-side notice) */
  update(fn: (state: T) => T): void;
  reset(): void;
}

export function createFoldStore<T>(
  initial: T,
  reduce: (state: T, event: SessionEvent) => T,
  schedule: Scheduler = immediate,
): FoldStore<T> {
  const store = createStore(initial, schedule);
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    ingest: (event) => store.update((s) => reduce(s, event)),
    update: store.update,
    reset: () => store.set(initial),
  };
}

/** Replaces one key of a record without touching the others (snapshots are never mutated). */
export function withKey<V>(record: Readonly<Record<string, V>>, key: string, value: V): Record<string, V> {
  return { ...record, [key]: value };
}
