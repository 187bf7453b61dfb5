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

/**
 * One scheduler for every store of the page: all flushes queued before the next frame run in ONE callback
 * of `requestFrame` (requestAnimationFrame in the page). Separate callbacks per store would each end in a
 * microtask where React renders and commits (useSyncExternalStore updates are synchronous), i.e. several
 * renders and layouts per frame; one callback gives one.
 */
export function createFrameScheduler(requestFrame: (run: () => void) => unknown): Scheduler {
  let queued: (() => void)[] = [];
  const run = () => {
    const flushes = queued;
    queued = [];
    for (const flush of flushes) flush();
  };
  return (flush) => {
    queued.push(flush);
    if (queued.length === 1) requestFrame(run);
  };
}

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
