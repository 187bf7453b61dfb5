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

/** The page's side, one per request: each event without its partial message, with what changed in it. */
export function createPatchEncoder() {
  const sent: Obj = {};
  return (event: AssistantMessageEvent): WireEvent => {
    if (!("partial" in event)) return event;
    const { partial, ...rest } = event;
    const now = partial as unknown as Obj;
    const ops: PatchOp[] = [];
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
        for (const i of changed) diff(before[i], after[i], ["content", i], ops);
      }
    }
    for (const key of Object.keys(sent)) if (!(key in now)) ops.push([[key], "delete"]);
    applyPatch(sent, ops);
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
