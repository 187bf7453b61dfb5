/**
 * A model stream in one form: pi-ai's own delta events. pi-ai hands each event with the whole message so
 * far (`partial`); passed on so, a long fast stream costs its length squared, in the copy to the session
 * worker, in the copy back to the page and in the page's event log. So every hop (page → worker, worker →
 * page) and the page's log carry the event without its `partial`, and whoever needs the message rebuilds
 * it with `applyDelta`, accumulating as pi-ai does: `start` gives the empty message, a `*_start` opens a
 * block, a delta appends, a tool call's JSON so far is re-parsed with pi-ai's `parseStreamingJson`, a
 * `*_end` and `done` (or `error`) carry their final content whole.
 *
 * A few changes are not in pi-ai's events, so the sender (`createDeltaEncoder`) adds them, read from the
 * message pi-ai hands beside the event: the block a `*_start` opens, as pi-ai opened it (each dialect keeps
 * its own scratch keys in it); the block a `*_end` closes, when pi-ai changed more than its text (Anthropic
 * drops its `index`, and fills a thinking block's signature without an event); and the message's other
 * fields when they changed (`usage`, `responseId`, `stopReason`…). What grows, the texts and a tool call's
 * JSON, is taken from the events alone, never read from the message: pi-ai parses ahead of its reader, so
 * the message beside an event may already hold the deltas of the events after it.
 *
 * Messages are never changed in place: `applyDelta` returns a new message (its blocks' strings shared), so
 * a fold may keep the one before.
 */
import type { AssistantMessage, AssistantMessageEvent } from "./messages";

type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Block = AssistantMessage["content"][number];
type Fields = Partial<Omit<AssistantMessage, "content">>;

/** One of pi-ai's stream events as it travels and is logged: without `partial`, except `start`'s. */
export type StreamDelta = OmitEach<AssistantMessageEvent, "partial"> & {
  /** `start` only: the message as it starts (no content yet) */
  partial?: AssistantMessage;
  /** the block the event opens or closes, as pi-ai has it (see above) */
  block?: Block;
  /** the message's fields besides its content that changed with this event */
  fields?: Fields;
};

/**
 * Where pi-ai 0.73.1 keeps a streaming tool call's JSON so far (anthropic-messages: partialJson,
 * openai-completions: partialArgs); it drops the key when the call ends.
 */
const JSON_SO_FAR = ["partialJson", "partialArgs"] as const;
/** The keys a delta grows: taken from the events, never read from pi-ai's message. */
const GROWING = new Set<string>(["text", "thinking", "arguments", ...JSON_SO_FAR]);

type StreamingJsonParser = (json: string) => unknown;
let parseStreamingJson: StreamingJsonParser | undefined;

/**
 * pi-ai's `parseStreamingJson`, handed in by whoever loaded pi-ai. This module does not import it: the
 * page's first bundle reaches it (the transcript, the event log), and pi-ai is loaded only for model mode.
 * Nothing is lost by the wait: a tool call's deltas reach the page only from a model stream, which loads
 * pi-ai first.
 */
export function setStreamingJsonParser(parse: StreamingJsonParser) {
  parseStreamingJson = parse;
}

const jsonKeyOf = (block: Block) =>
  JSON_SO_FAR.find((key) => typeof (block as unknown as Record<string, unknown>)[key] === "string");

/** The block after a delta, an end, or nothing (a start without its block). */
function grown(block: Block | undefined, event: StreamDelta): Block | undefined {
  if (event.type === "toolcall_end") return event.toolCall;
  if (!block) return block;
  switch (event.type) {
    case "text_delta":
      return block.type === "text" ? { ...block, text: block.text + event.delta } : block;
    case "thinking_delta":
      return block.type === "thinking" ? { ...block, thinking: block.thinking + event.delta } : block;
    case "text_end":
      return block.type === "text" ? { ...block, text: event.content } : block;
    case "thinking_end":
      return block.type === "thinking" ? { ...block, thinking: event.content } : block;
    case "toolcall_delta": {
      const key = jsonKeyOf(block);
      if (!key || !parseStreamingJson) return block;
      const json = (block as unknown as Record<string, string>)[key] + event.delta;
      return { ...block, [key]: json, arguments: parseStreamingJson(json) } as Block;
    }
    default:
      return block;
  }
}

/** The message after `event`: a new message, `message` unchanged. Undefined until a `start` is seen. */
export function applyDelta(
  message: AssistantMessage | undefined,
  event: StreamDelta,
): AssistantMessage | undefined {
  if (event.type === "done") return event.message;
  if (event.type === "error") return event.error;
  if (event.partial) return event.partial;
  if (!message) return undefined;
  let next = message;
  if ("contentIndex" in event) {
    const block = event.block ?? grown(message.content[event.contentIndex], event);
    if (block) {
      const content = [...message.content];
      content[event.contentIndex] = block;
      next = { ...message, content };
    }
  }
  return event.fields ? { ...next, ...event.fields } : next;
}

/** A copy that shares strings: O(keys), not O(text). pi-ai goes on changing its own objects. */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = copy(v);
  return out as T;
}

/** Small values (ids, reasons, usage) compared whole; growing ones are the events' business. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Whether two blocks agree on everything but what grows: the same keys in the same order. */
function sameShape(a: Block | undefined, b: Block | undefined): boolean {
  if (!a || !b) return a === b;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  return ka.every((key, i) => key === kb[i] && (GROWING.has(key) || same(ra[key], rb[key])));
}

/** pi-ai's block (its keys, their order, what does not grow) with what grows as the events built it. */
function reshaped(actual: Block, rebuilt: Block | undefined): Block {
  const built = (rebuilt ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(actual))
    out[key] = GROWING.has(key) && key in built && !unparsed(rebuilt, actual) ? built[key] : copy(value);
  return out as unknown as Block;
}

/** A tool call whose arguments changed without its JSON so far to follow (not pi-ai's, a scripted one). */
function unparsed(rebuilt: Block | undefined, actual: Block | undefined): boolean {
  if (rebuilt?.type !== "toolCall" || actual?.type !== "toolCall" || jsonKeyOf(actual)) return false;
  return !same(rebuilt.arguments, actual.arguments);
}

/** The block a `*_start` opens, from pi-ai's message, which may already hold the deltas after it. */
function opened(block: Block): Block {
  const out = copy(block) as unknown as Record<string, unknown>;
  if (block.type === "text") out.text = "";
  else if (block.type === "thinking" && !block.redacted) out.thinking = "";
  else if (block.type === "toolCall" && jsonKeyOf(block)) {
    out[jsonKeyOf(block) as string] = "";
    out.arguments = {};
  }
  return out as unknown as Block;
}

/**
 * The sender's side, one per stream: each of pi-ai's events (or the loop's, in the worker) as it travels.
 * It keeps the message rebuilt so far, to send only what the events do not say.
 */
export function createDeltaEncoder() {
  let rebuilt: AssistantMessage | undefined;
  return (event: AssistantMessageEvent): StreamDelta => {
    if (event.type === "done" || event.type === "error") {
      rebuilt = undefined;
      return event;
    }
    const { partial, ...rest } = event;
    const delta = rest as StreamDelta;
    if (event.type === "start" || !rebuilt) {
      rebuilt = copy(partial);
      return { ...rest, partial: rebuilt } as StreamDelta;
    }
    if (delta.type === "toolcall_end") delta.toolCall = copy(delta.toolCall);
    let next = applyDelta(rebuilt, delta) as AssistantMessage;
    if ("contentIndex" in event) {
      const i = event.contentIndex;
      const actual = partial.content[i];
      // A block opens as pi-ai opened it; it closes as pi-ai closed it, where that is more than its text
      // (Anthropic drops its `index`, fills a thinking block's signature without an event). Between the
      // two only the events count: the message beside a delta may be ahead of it.
      const rebuiltBlock = next.content[i];
      const block = event.type.endsWith("_start")
        ? opened(actual)
        : event.type.endsWith("_end") && !sameShape(rebuiltBlock, actual)
          ? reshaped(actual, rebuiltBlock)
          : unparsed(rebuiltBlock, actual)
            ? copy(actual)
            : undefined;
      if (block) {
        delta.block = block;
        next = applyDelta(rebuilt, delta) as AssistantMessage;
      }
    }
    let fields: Record<string, unknown> | undefined;
    const now = next as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(partial))
      if (key !== "content" && !same(now[key], value)) {
        fields ??= {};
        fields[key] = copy(value);
      }
    if (fields) {
      delta.fields = fields as Fields;
      next = { ...next, ...delta.fields };
    }
    rebuilt = next;
    return delta;
  };
}
