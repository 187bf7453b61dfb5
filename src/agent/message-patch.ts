/**
 * What changed in a message between two moments, as a list of operations: a string that grew at its end
 * is its new end, an object is the changes inside it, anything else is set whole. Model mode's stream
 * events cross from the page to the worker this way (app/shared/provider-patch.ts), and the page's event log
 * keeps streaming updates this way (state/update-log.ts), so neither copies the whole message per event.
 */
import type { PatchOp } from "./protocol";

type Key = string | number;
export type PatchTarget = Record<Key, unknown>;
const isObject = (v: unknown): v is PatchTarget => typeof v === "object" && v !== null;

/** A structural copy that shares strings: O(keys), not O(text). */
export function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T;
  if (!isObject(value)) return value;
  const out: PatchTarget = {};
  for (const key of Object.keys(value)) out[key] = copy(value[key]);
  return out as T;
}

/** Adds to `ops` what turns `before` into `after` at `path`. */
export function diff(before: unknown, after: unknown, path: Key[], ops: PatchOp[]) {
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

export function applyPatch(target: PatchTarget, ops: readonly PatchOp[]) {
  for (const [path, kind, value] of ops) {
    let at = target;
    for (const key of path.slice(0, -1)) at = at[key] as PatchTarget;
    const last = path[path.length - 1];
    if (kind === "delete") delete at[last];
    else if (kind === "append") at[last] = `${at[last] as string}${value}`;
    else at[last] = copy(value);
  }
}
