/**
 * Streaming updates wait for the page. A model can stream 2,000 deltas a second, and each of pi's
 * `message_update` events carries the whole message so far: sent one by one, the worker serialises, and
 * the page receives, folds and keeps, ever longer messages, so the cost grows with the text's length
 * squared and a long fast stream freezes the page. So while the page has not acknowledged what was sent
 * (it does once the frame showing it is drawn, see pacer.ts), a new update is held, and the updates that
 * follow it for the same block merge into it: one text, thinking or tool-call delta whose `delta` is the
 * deltas joined, with the newest message. When the page catches up, the held update goes out. At most
 * about one update a frame crosses, whatever the model's rate, and each still has pi's shape.
 *
 * Any other event first sends the held update, so the order of events is kept; an update that cannot
 * merge (a block starts or ends) sends the held one before it is held in turn.
 */
import type { SessionEventBody } from "@agent/events";

type Update = Extract<SessionEventBody, { type: "message_update" }>;
const MERGEABLE = new Set(["text_delta", "thinking_delta", "toolcall_delta"]);

/** Whether `next` can be folded into `held`: the same kind of delta to the same block. */
function mergeable(held: Update, next: Update): boolean {
  const a = held.assistantMessageEvent;
  const b = next.assistantMessageEvent;
  return (
    MERGEABLE.has(a.type) &&
    a.type === b.type &&
    "contentIndex" in a &&
    "contentIndex" in b &&
    a.contentIndex === b.contentIndex
  );
}

function merge(held: Update, next: Update): Update {
  const a = held.assistantMessageEvent as { delta: string };
  const b = next.assistantMessageEvent as { delta: string };
  return {
    ...next,
    assistantMessageEvent: { ...next.assistantMessageEvent, delta: a.delta + b.delta },
  } as Update;
}

/**
 * Wraps the loop's emit. `caughtUp` resolves once the page has taken in everything sent (or gave up
 * waiting, or the run was aborted): it sends what is pending first.
 */
export function createUpdateCoalescer(
  emit: (body: SessionEventBody) => void,
  caughtUp: () => Promise<void>,
): (body: SessionEventBody) => void {
  let held: Update | undefined;
  let waiting = false;
  const release = () => {
    const update = held;
    held = undefined;
    if (update) emit(update);
    return update !== undefined;
  };
  const wait = () => {
    waiting = true;
    void caughtUp().then(() => {
      waiting = false;
      if (release()) wait();
    });
  };
  return (body) => {
    if (body.type !== "message_update") {
      release();
      emit(body);
      return;
    }
    if (!waiting) {
      emit(body);
      wait();
    } else if (held && mergeable(held, body)) held = merge(held, body);
    else {
      release();
      held = body;
    }
  };
}
