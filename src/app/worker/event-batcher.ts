/**
 * The worker's side of the channel: events are sent in batches (one message per task, or per 150 events)
 * instead of one message each, because a burst of thousands of messages keeps the page's main thread busy
 * receiving them. Two rules keep batching from hiding anything:
 * - the events that announce a tool is about to run go out at once: the tool may then hold the worker's
 *   thread (a CPU-bound bash loop), and the page must know a call is running so Esc can end the worker;
 * - any other message (a snapshot, a pong) first flushes the events before it, so order is kept.
 */
import type { SessionEvent } from "@agent/events";
import type { WorkerToPage } from "@agent/protocol";

const URGENT: ReadonlySet<SessionEvent["type"]> = new Set([
  "call_executing",
  "session_ready",
  "session_error",
  "abort_requested",
]);
// The page receives a batch in one task: 500 events took Chromium 22 ms to deserialize and 27 ms to fold
// into the stores in a burst (one 49 ms task); 150 keeps each message's task well under 50 ms.
export const MAX_BATCH = 150;

export function createEventBatcher(
  postMessage: (message: WorkerToPage) => void,
  defer: (flush: () => void) => unknown = (flush) => setTimeout(flush, 0),
) {
  let pending: SessionEvent[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const events = pending;
    pending = [];
    postMessage(events.length === 1 ? { kind: "event", event: events[0] } : { kind: "events", events });
  };
  return {
    event(event: SessionEvent) {
      pending.push(event);
      if (URGENT.has(event.type) || pending.length >= MAX_BATCH) flush();
      else if (!scheduled) {
        scheduled = true;
        defer(flush);
      }
    },
    post(message: WorkerToPage) {
      flush();
      postMessage(message);
    },
    flush,
  };
}
