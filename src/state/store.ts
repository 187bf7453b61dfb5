/**
 * The one store primitive: an immutable snapshot, replaced (never mutated) on change, with notifications
 * batched by an injected scheduler (one per animation frame in the page, synchronous in tests), so a chatty
 * event stream costs one render per frame. Read from React with useSyncExternalStore.
 */

export interface Store<T> {
  getSnapshot(): T;
  subscribe(onChange: () => void): () => void;
}

export type Scheduler = (flush: () => void) => void;

/** Runs the flush at once: for Node tests and for stores nobody renders. */
export const immediate: Scheduler = (flush) => flush();

export interface WritableStore<T> extends Store<T> {
  set(next: T): void;
  update(fn: (current: T) => T): void;
}

export function createStore<T>(initial: T, schedule: Scheduler = immediate): WritableStore<T> {
  let snapshot = initial;
  let pending = false;
  const listeners = new Set<() => void>();
  const flush = () => {
    pending = false;
    for (const listener of [...listeners]) listener();
  };
  const set = (next: T) => {
    if (Object.is(next, snapshot)) return;
    snapshot = next;
    if (pending) return;
    pending = true;
    schedule(flush);
  };
  return {
    getSnapshot: () => snapshot,
    // Defined once per store, so React never resubscribes because of a new function identity.
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    set,
    update: (fn) => set(fn(snapshot)),
  };
}
