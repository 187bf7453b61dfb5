import type { SessionEvent } from "@agent/events";
import { createStore, immediate, type Scheduler, type Store } from "./store";

export interface EventLogSnapshot {
  /** the newest events, oldest first, at most `capacity` of them */
  events: readonly SessionEvent[];
  /** how many older events were let go to stay within capacity */
  dropped: number;
}

/** A bounded log of the session's events: the UI can say how many it let go. */
export function createEventLog(capacity = 10_000, schedule: Scheduler = immediate) {
  const store = createStore<EventLogSnapshot>({ events: [], dropped: 0 }, schedule);
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    append(event: SessionEvent) {
      store.update(({ events, dropped }) => {
        const overflow = Math.max(0, events.length + 1 - capacity);
        const kept = overflow > 0 ? events.slice(overflow) : events;
        return { events: [...kept, event], dropped: dropped + overflow };
      });
    },
    clear() {
      store.set({ events: [], dropped: 0 });
    },
  } satisfies Store<EventLogSnapshot> & Record<string, unknown>;
}

export type EventLog = ReturnType<typeof createEventLog>;
