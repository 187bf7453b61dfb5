import type { SessionEvent } from "@agent/events";
import { createNotifier, immediate, type Scheduler, type Store } from "./store";

export interface EventLogSnapshot {
  /** the newest events, oldest first, at most `capacity` of them */
  events: readonly SessionEvent[];
  /** how many older events were let go to stay within capacity */
  dropped: number;
  /** how many events were ever appended (dropped ones included) */
  total: number;
  /** every event type appended since the log was cleared, sorted (for a filter: kept, not recounted) */
  types: readonly string[];
}

/**
 * A bounded log of the session's events: the UI can say how many it let go.
 *
 * Appends go into a private buffer and the immutable snapshot is built at most once per notification
 * (one animation frame in the page), so a burst of 10,000 events costs one copy, not 10,000.
 */
export function createEventLog(
  capacity = 10_000,
  schedule: Scheduler = immediate,
  /** Readers see the log as of the last notification (see FoldStoreOptions.publishOnFlush). */
  { publishOnFlush = false }: { publishOnFlush?: boolean } = {},
) {
  let buffer: SessionEvent[] = [];
  let dropped = 0;
  let total = 0;
  let snapshot: EventLogSnapshot = { events: [], dropped: 0, total: 0, types: [] };
  const seenTypes = new Set<string>();
  let types: readonly string[] = [];
  let dirty = false;
  const latest = (): EventLogSnapshot => {
    if (dirty) {
      dirty = false;
      if (buffer.length > capacity) dropOverflow();
      snapshot = { events: buffer.slice(), dropped, total, types };
    }
    return snapshot;
  };
  const notifier = createNotifier(schedule, publishOnFlush ? latest : undefined);
  const changed = () => {
    dirty = true;
    notifier.notify();
  };
  const dropOverflow = () => {
    const overflow = buffer.length - capacity;
    buffer = buffer.slice(overflow);
    dropped += overflow;
  };
  const trim = () => {
    // Trim in chunks so the amortised cost of staying bounded is O(1) per event.
    if (buffer.length > capacity * 1.25 || (buffer.length > capacity && !notifier.isPending()))
      dropOverflow();
  };

  return {
    getSnapshot(): EventLogSnapshot {
      return publishOnFlush ? snapshot : latest();
    },
    /** The log now, notified or not (for an export). */
    latest,
    subscribe: notifier.subscribe,
    append(event: SessionEvent) {
      buffer.push(event);
      total++;
      if (!seenTypes.has(event.type)) {
        seenTypes.add(event.type);
        types = [...seenTypes].sort();
      }
      trim();
      changed();
    },
    clear() {
      buffer = [];
      dropped = 0;
      total = 0;
      seenTypes.clear();
      types = [];
      changed();
    },
  } satisfies Store<EventLogSnapshot> & Record<string, unknown>;
}
