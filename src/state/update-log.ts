/**
 * The event log keeps streaming updates without their copies of the message. Each of pi's
 * `message_update` events carries the whole message so far, twice (`message`, and the stream event's
 * `partial`); kept as they arrive, a stream of n updates holds n ever longer messages, its length squared
 * in memory. So the log keeps, per update, only what changed since the update before (message-patch.ts:
 * a text that grew is its new end), and `message` and `partial` are getters that rebuild the message from
 * the stream's first message and the changes up to that update. Whoever reads them (the event's detail,
 * an export, a replay) gets pi's shape; the folds are handed the event as it arrived and keep nothing of it.
 *
 * An update whose `partial` differs from its `message` keeps its `partial` whole. An update with no
 * stream before it in the log (an import that starts mid-stream) is kept as it is.
 */
import type { SessionEvent } from "@agent/events";
import { applyPatch, copy, diff, type PatchTarget } from "@agent/message-patch";
import type { AgentMessage } from "@agent/messages";
import type { PatchOp } from "@agent/protocol";

type Update = Extract<SessionEvent, { type: "message_update" }>;

/** One streamed message: its first state, and the changes each update brought. */
interface Stream {
  base: PatchTarget;
  changes: PatchOp[][];
  /** the message as of the newest update (strings shared with the changes, see message-patch.ts) */
  now: PatchTarget;
}

/**
 * A string of its own: V8 keeps a slice of a long string as a view of the whole, so a kept delta would
 * hold every message it was cut from.
 */
function own(ops: PatchOp[]): PatchOp[] {
  return ops.map((op) => (op[1] === "append" ? [op[0], "append", JSON.parse(JSON.stringify(op[2]))] : op));
}

function rebuild(stream: Stream, upTo: number): AgentMessage {
  const message = copy(stream.base);
  for (let i = 0; i <= upTo; i++) applyPatch(message, stream.changes[i]);
  return message as unknown as AgentMessage;
}

/** Returns the form of each event the log keeps: a streaming update compacted, any other event as it is. */
export function createUpdateCompactor() {
  let stream: Stream | undefined;
  return (event: SessionEvent): SessionEvent => {
    if (event.type === "message_start" && event.message.role === "assistant") {
      const base = copy(event.message) as unknown as PatchTarget;
      stream = { base, changes: [], now: copy(base) };
      return event;
    }
    if (event.type !== "message_update") {
      if (
        event.type === "message_end" ||
        event.type === "session_cleared" ||
        event.type === "worker_replaced"
      )
        stream = undefined;
      return event;
    }
    if (!stream) return event;
    const ops: PatchOp[] = [];
    diff(stream.now, event.message, [], ops);
    const kept = own(ops);
    applyPatch(stream.now, kept);
    stream.changes.push(kept);
    return compact(event, stream, stream.changes.length - 1);
  };
}

/** A copy of `from` in its own key order, with `lazy` in place of the keys it names. */
function withGetters(from: object, lazy: Record<string, () => unknown>): object {
  const out = {};
  for (const [key, value] of Object.entries(from))
    Object.defineProperty(out, key, {
      enumerable: true,
      ...(key in lazy ? { get: lazy[key] } : { value, writable: true }),
    });
  return out;
}

function compact(event: Update, stream: Stream, index: number): SessionEvent {
  const message = () => rebuild(stream, index);
  const inner = event.assistantMessageEvent as object & { partial?: unknown };
  const same: PatchOp[] = [];
  if (inner.partial !== undefined) diff(event.message, inner.partial, [], same);
  // A partial that is the message again is rebuilt too; one that differs is kept as it came.
  const streamEvent = withGetters(inner, same.length === 0 ? { partial: message } : {});
  return withGetters({ ...event, assistantMessageEvent: streamEvent }, { message }) as SessionEvent;
}
