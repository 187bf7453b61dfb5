/**
 * Streaming updates in the page's event log. A model's `message_update` arrives from the session as its
 * delta only (agent/message-delta.ts): pi's shape carries the whole message so far, twice (`message`, and
 * the stream event's `partial`), so a stream of n updates kept so would hold n ever longer messages. The
 * log keeps the delta as it arrived, and `message` and `partial` are getters that rebuild the message
 * from the stream's first message and the deltas up to that update (`applyDelta`). Whoever reads them
 * (the event's detail, an export) gets pi's shape, key order included; the folds take the delta
 * (`deltaOf`) and keep their own open message.
 *
 * An update that arrives in pi's shape (an imported log) is kept as it is, as is one with no stream before
 * it in the log.
 */
import type { SessionEvent } from "@agent/events";
import { applyDelta, type StreamDelta } from "@agent/message-delta";
import type { AgentMessage, AssistantMessage } from "@agent/messages";

type Update = Extract<SessionEvent, { type: "message_update" }>;

/** One streamed message: its first state, its deltas, and the newest message a getter rebuilt. */
interface Stream {
  base: AssistantMessage;
  deltas: StreamDelta[];
  last?: { index: number; message: AssistantMessage | undefined };
}

const DELTA = Symbol("delta");

/** An update's delta as it arrived (a getter-free read), or, for an update in pi's shape, its event. */
export function deltaOf(event: Update): StreamDelta {
  const inner = event.assistantMessageEvent as unknown as { [DELTA]?: StreamDelta };
  return inner[DELTA] ?? (event.assistantMessageEvent as unknown as StreamDelta);
}

/**
 * The message after the update at `index`. Reads in order (an export) go on from the last one, so reading
 * a whole stream costs its deltas once. The message is shared with the next read: read it, don't change it.
 */
function messageAt(stream: Stream, index: number): AssistantMessage | undefined {
  let at = -1;
  let message: AssistantMessage | undefined = stream.base;
  if (stream.last && stream.last.index <= index) ({ index: at, message } = stream.last);
  for (let i = at + 1; i <= index; i++) message = applyDelta(message, stream.deltas[i]);
  stream.last = { index, message };
  return message;
}

/** Returns the form of each event the log keeps: a streaming update with getters, any other as it is. */
export function createUpdateLog() {
  let stream: Stream | undefined;
  return (event: SessionEvent): SessionEvent => {
    if (event.type === "message_start" && event.message.role === "assistant") {
      stream = { base: event.message, deltas: [] };
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
    const delta = event.assistantMessageEvent as unknown as StreamDelta;
    if (!stream || "partial" in delta) return event;
    stream.deltas.push(delta);
    return withGetters(event, delta, stream, stream.deltas.length - 1);
  };
}

/** pi's shape: the delta's own keys, then `partial`; the event's keys with `message` after the stream event. */
function withGetters(event: Update, delta: StreamDelta, stream: Stream, index: number): SessionEvent {
  const message = { enumerable: true, get: () => messageAt(stream, index) as AgentMessage };
  const inner = {};
  for (const [key, value] of Object.entries(delta))
    if (key !== "block" && key !== "fields")
      Object.defineProperty(inner, key, { enumerable: true, writable: true, value });
  Object.defineProperty(inner, "partial", message);
  Object.defineProperty(inner, DELTA, { value: delta });
  const out = {};
  for (const [key, value] of Object.entries(event)) {
    Object.defineProperty(out, key, {
      enumerable: true,
      writable: true,
      value: key === "assistantMessageEvent" ? inner : value,
    });
    if (key === "assistantMessageEvent") Object.defineProperty(out, "message", message);
  }
  return out as SessionEvent;
}
