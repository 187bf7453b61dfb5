/**
 * What replacing one set of files with another changes, by name: the one count every consent and import
 * dialog shows. Folders are never counted (a new file three folders deep is one file added, not four
 * entries), and a file whose bytes are the same on both sides is not "changed", however it was written
 * down (text, or base64 of the same bytes).
 */
import { base64Decode, utf8Encode } from "@core/bytes";
import type { ScenarioFileSpec, ScenarioFiles } from "./scenario";

export interface FileChanges {
  /** files (and symlinks) only in `after`, sorted */
  added: string[];
  /** files on both sides whose content (or link target) differs, sorted */
  changed: string[];
  /** files only in `before`, sorted */
  removed: string[];
}

const isDir = (spec: ScenarioFileSpec | undefined) => typeof spec === "object" && "dir" in spec;

function bytesOf(spec: string | { base64: string }): Uint8Array {
  return typeof spec === "string" ? utf8Encode(spec) : base64Decode(spec.base64);
}

/** Whether two entries that are not folders hold the same thing. */
function same(a: ScenarioFileSpec, b: ScenarioFileSpec): boolean {
  if (typeof a === "string" && typeof b === "string") return a === b;
  const linkA = typeof a === "object" && "symlink" in a;
  const linkB = typeof b === "object" && "symlink" in b;
  if (linkA || linkB) return linkA && linkB && a.symlink === b.symlink;
  const x = bytesOf(a as string | { base64: string });
  const y = bytesOf(b as string | { base64: string });
  return x.length === y.length && x.every((byte, i) => byte === y[i]);
}

/** The files `after` adds to, changes in and removes from `before`. */
export function diffFiles(before: ScenarioFiles, after: ScenarioFiles): FileChanges {
  const changes: FileChanges = { added: [], changed: [], removed: [] };
  for (const [path, spec] of Object.entries(after)) {
    if (isDir(spec)) continue;
    const old = before[path];
    if (old === undefined || isDir(old)) changes.added.push(path);
    else if (!same(old, spec)) changes.changed.push(path);
  }
  for (const [path, spec] of Object.entries(before)) {
    if (isDir(spec)) continue;
    const now = after[path];
    if (now === undefined || isDir(now)) changes.removed.push(path);
  }
  for (const list of Object.values(changes)) list.sort();
  return changes;
}
