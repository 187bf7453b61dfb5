import type { SessionEvent } from "@agent/events";
import type { Scheduler, Store } from "./store";
import { createNotifier, immediate } from "./store";

/** A writable view of a snapshot part (snapshots are typed readonly for their readers). */
export type Mutable<T> = T extends readonly (infer U)[] ? U[] : { -readonly [K in keyof T]: T[K] };

/**
 * Copy-on-first-write for reducers. `own(x)` returns a writable shallow copy of `x`, or `x` itself when this
 * draft made it: so many events folded between two reads of the snapshot copy each array or record once,
 * not once per event (a burst of 10,000 events would otherwise copy the 800-entry transcript, lane list and
 * call records thousands of times). Nothing a reader was handed is ever written: the fold store starts a
 * new draft whenever its snapshot is read.
 */
export interface Draft {
  own<T extends object>(value: T): Mutable<T>;
}

/** `writes` counts own() calls, so the store can tell a reducer that wrote in place from one that did nothing. */
export function createDraft(): Draft & { readonly writes: number } {
  const mine = new WeakSet<object>();
  let writes = 0;
  return {
    get writes() {
      return writes;
    },
    own<T extends object>(value: T): Mutable<T> {
      writes++;
      if (mine.has(value)) return value as Mutable<T>;
      const copy = (Array.isArray(value) ? value.slice() : { ...value }) as Mutable<T>;
      mine.add(copy);
      return copy;
    },
  };
}

/**
 * A store whose snapshot is a fold over the event stream. The reducer returns the same object, and writes
 * nothing, for an event it does not care about, so unrelated events cost no notification and no render.
 */
export interface FoldStore<T> extends Store<T> {
  ingest(event: SessionEvent): void;
}

export interface FoldStoreOptions {
  /**
   * Readers see the state as of the last notification, not the newest (for the heavy panels: a panel
   * that re-renders for a reason of its own, a ticking clock, would otherwise draw the newest state in
   * between its turns, and a burst's throttling would leak).
   */
  publishOnFlush?: boolean;
}

export function createFoldStore<T>(
  initial: T,
  reduce: (state: T, event: SessionEvent, draft: Draft) => T,
  schedule: Scheduler = immediate,
  { publishOnFlush = false }: FoldStoreOptions = {},
): FoldStore<T> {
  let snapshot = initial;
  let published = initial;
  let draft = createDraft();
  /** Hands out the newest state: frozen from now on, so later events copy before they write. */
  const publish = () => {
    if (draft.writes > 0) draft = createDraft();
    published = snapshot;
    return published;
  };
  const notifier = createNotifier(schedule, publishOnFlush ? publish : undefined);
  const changed = notifier.notify;
  return {
    getSnapshot() {
      return publishOnFlush ? published : publish();
    },
    subscribe: notifier.subscribe,
    ingest(event) {
      const writes = draft.writes;
      const next = reduce(snapshot, event, draft);
      if (next !== snapshot || draft.writes !== writes) {
        snapshot = next;
        changed();
      }
    },
  };
}
