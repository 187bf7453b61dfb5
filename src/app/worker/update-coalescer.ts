/**
 * A model's streaming updates on their way to the page. Each of pi's `message_update` events carries the
 * whole message so far, twice (`message`, and the stream event's `partial`): sent so, a long fast stream
 * costs its length squared. `asDeltas` sends each as its delta instead (agent/message-delta.ts); the page
 * rebuilds the message when it is read (state/update-log.ts).
 *
 * And they wait for the page. A model can stream 2,000 deltas a second; while the page has not
 * acknowledged what was sent (it does once the frame showing it is drawn, see pacer.ts), a new update is
 * held, and the updates that follow it for the same block merge into it: one text, thinking or tool-call
 * delta whose `delta` is the deltas joined. When the page catches up, the held update goes out. At most
 * about one update a frame crosses, whatever the model's rate.
 *
 * Any other event first sends the held update, so the order of events is kept; an update that cannot
 * merge (a block starts or ends) sends the held one before it is held in turn.
 */
import type { SessionEventBody } from "@agent/events";
import { createDeltaEncoder, type StreamDelta } from "@agent/message-delta";

/** A streaming update as it travels: its delta, without the message so far. */
type Update = { type: "message_update"; assistantMessageEvent: StreamDelta };
const MERGEABLE = new Set(["text_delta", "thinking_delta", "toolcall_delta"]);

/** The loop's events with each streaming update as its delta. */
export function asDeltas(emit: (body: SessionEventBody) => void): (body: SessionEventBody) => void {
  let encode = createDeltaEncoder();
  return (body) => {
    if (body.type === "message_start" && body.message.role === "assistant") {
      encode = createDeltaEncoder();
      encode({ type: "start", partial: body.message });
    }
    if (body.type !== "message_update") return emit(body);
    const update: Update = { type: body.type, assistantMessageEvent: encode(body.assistantMessageEvent) };
    emit(update as unknown as SessionEventBody);
  };
}

const isUpdate = (body: SessionEventBody | Update): body is Update => body.type === "message_update";

/** Whether `next` can be folded into `held`: the same kind of delta to the same block, nothing else. */
function mergeable(held: Update, next: Update): boolean {
  const a = held.assistantMessageEvent;
  const b = next.assistantMessageEvent;
  return (
    MERGEABLE.has(a.type) &&
    a.type === b.type &&
    "contentIndex" in a &&
    "contentIndex" in b &&
    a.contentIndex === b.contentIndex &&
    !a.block &&
    !b.block
  );
}

function merge(held: Update, next: Update): Update {
  const a = held.assistantMessageEvent as StreamDelta & { delta: string };
  const b = next.assistantMessageEvent as StreamDelta & { delta: string };
  const fields = a.fields || b.fields ? { fields: { ...a.fields, ...b.fields } } : {};
  return { ...next, assistantMessageEvent: { ...b, delta: a.delta + b.delta, ...fields } as StreamDelta };
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
  const send = (update: Update) => emit(update as unknown as SessionEventBody);
  let waiting = false;
  const release = () => {
    const update = held;
    held = undefined;
    if (update) send(update);
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
    const update = body as SessionEventBody | Update;
    if (!isUpdate(update)) {
      release();
      emit(body);
      return;
    }
    if (!waiting) {
      send(update);
      wait();
    } else if (held && mergeable(held, update)) held = merge(held, update);
    else {
      release();
      held = update;
    }
  };
}
