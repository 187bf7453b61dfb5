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
import type { PatchOp, ProviderWireEvent as WireEvent } from "@agent/protocol";
import type { AssistantMessageEvent } from "@mariozechner/pi-ai";

type Key = string | number;
type Obj = Record<Key, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null;

/** A structural copy that shares strings: O(keys), not O(text). */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (!isObject(value)) return value;
  const out: Obj = {};
  for (const key of Object.keys(value)) out[key] = copy(value[key]);
  return out as T;
}

function diff(before: unknown, after: unknown, path: Key[], ops: PatchOp[]) {
  if (before === after) return;
  if (typeof before === "string" && typeof after === "string" && after.startsWith(before))
    ops.push([path, "append", after.slice(before.length)]);
  else if (
    isObject(before) &&
    isObject(after) &&
    Array.isArray(before) === Array.isArray(after) &&
    !(Array.isArray(before) && Array.isArray(after) && after.length < before.length)
  ) {
    for (const key of Object.keys(after)) diff(before[key], after[key], [...path, key], ops);
    if (!Array.isArray(after))
      for (const key of Object.keys(before)) if (!(key in after)) ops.push([[...path, key], "delete"]);
  } else ops.push([path, "set", after]);
}

export function applyPatch(target: Obj, ops: readonly PatchOp[]) {
  for (const [path, kind, value] of ops) {
    let at = target;
    for (const key of path.slice(0, -1)) at = at[key] as Obj;
    const last = path[path.length - 1];
    if (kind === "delete") delete at[last];
    else if (kind === "append") at[last] = `${at[last] as string}${value}`;
    else at[last] = copy(value);
  }
}

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
