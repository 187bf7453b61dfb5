/**
 * Model mode's stream events cross from the page's provider context to the session worker without
 * pi-ai's `partial` message: every event of a turn carries that whole message, so sending it each time
 * would copy ever larger messages over the channel (a long fast stream costs its length squared). The
 * page sends instead what changed in it since the event before (`patch`), and the worker applies that to
 * one message of its own, which it hands on as `partial`, as pi-ai hands on one mutable message.
 *
 * A change is found by comparing with a copy of what was sent (strings are shared, not copied): a string
 * that grew at its end travels as its new end, an object as the changes inside it, anything else whole.
 * Only the block the event names (`contentIndex`) is compared, besides the message's top-level fields.
 */
import { applyPatch, diff, type PatchTarget } from "@agent/message-patch";
import type { PatchOp, ProviderWireEvent as WireEvent } from "@agent/protocol";
import type { AssistantMessageEvent } from "@mariozechner/pi-ai";

type Obj = PatchTarget;

const GROWS = { text_delta: "text", thinking_delta: "thinking" } as const;

/**
 * A text or thinking delta without reading the text: pi-ai builds the block's text as `text += delta`, so
 * a text exactly the delta's length longer is the text before plus the delta. Reading it instead (a
 * prefix comparison) would flatten the whole string pi-ai built, for every delta: on the page's main
 * thread, at 2,000 deltas a second, that was a third of the stream's time. Adds the block's changes to
 * `ops`, or returns false when the block did not grow so (then it is compared in full).
 */
function appended(event: AssistantMessageEvent, before: unknown, after: unknown, ops: PatchOp[]): boolean {
  if (event.type !== "text_delta" && event.type !== "thinking_delta") return false;
  const field = GROWS[event.type];
  const b = before as Obj | undefined;
  const a = after as Obj | undefined;
  if (typeof b?.[field] !== "string" || typeof a?.[field] !== "string") return false;
  if ((a[field] as string).length !== (b[field] as string).length + event.delta.length) return false;
  const path = ["content", event.contentIndex];
  for (const key of Object.keys(a))
    if (key === field) ops.push([[...path, key], "append", event.delta]);
    else diff(b[key], a[key], [...path, key], ops);
  for (const key of Object.keys(b)) if (!(key in a)) ops.push([[...path, key], "delete"]);
  return true;
}

/** The page's side, one per request: each event without its partial message, with what changed in it. */
export function createPatchEncoder() {
  const sent: Obj = {};
  return (event: AssistantMessageEvent): WireEvent => {
    if (!("partial" in event)) return event;
    const { partial, ...rest } = event;
    const now = partial as unknown as Obj;
    const ops: PatchOp[] = [];
    let grew = false;
    // In the message's own key order, so the rebuilt message serialises the same.
    for (const key of Object.keys(now)) {
      if (key !== "content" || !("contentIndex" in event) || !Array.isArray(sent.content)) {
        diff(sent[key], now[key], [key], ops);
        continue;
      }
      const before = sent.content as unknown[];
      const after = partial.content as unknown[];
      if (after.length < before.length) diff(before, after, ["content"], ops);
      // the block the event names, and any block new since the last event
      else {
        const changed = new Set([event.contentIndex]);
        for (let i = before.length; i < after.length; i++) changed.add(i);
        for (const i of changed) {
          if (i === event.contentIndex && appended(event, before[i], after[i], ops)) grew = true;
          else diff(before[i], after[i], ["content", i], ops);
        }
      }
    }
    for (const key of Object.keys(sent)) if (!(key in now)) ops.push([[key], "delete"]);
    applyPatch(sent, ops);
    // The copy keeps pi-ai's own string of a block that grew by its delta, not the equal one the patch
    // built: the block's next comparison (its text_end) is then one string against itself, answered at
    // once, where two equal strings of a long stream were read whole (8 ms at 180 KB, at the stream's end).
    if (grew && (event.type === "text_delta" || event.type === "thinking_delta")) {
      const field = GROWS[event.type];
      const block = (sent.content as Obj[])[event.contentIndex];
      block[field] = (partial.content[event.contentIndex] as unknown as Obj)[field];
    }
    return { ...rest, patch: ops } as WireEvent;
  };
}

/** The worker's side, one per request: rebuilds the partial message the page's event had. */
export function createPatchDecoder() {
  const message: Obj = {};
  return (event: WireEvent): AssistantMessageEvent => {
    if (!event.patch) return event as AssistantMessageEvent;
    const { patch, ...rest } = event;
    applyPatch(message, patch);
    return { ...rest, partial: message } as unknown as AssistantMessageEvent;
  };
}
