/**
 * What replacing one set of files with another changes, by name: the one count every consent and import
 * dialog shows. Folders are never counted (a new file three folders deep is one file added, not four
 * entries), and a file whose bytes are the same on both sides is not "changed", however it was written
 * down (text, or base64 of the same bytes).
 */
import { base64Decode, utf8Encode } from "@core/bytes";
import type { ScenarioFileSpec } from "./scenario";

export interface FileChanges {
  /** files (and symlinks) only in `after`, sorted */
  added: string[];
  /** files on both sides whose content (or link target) differs, sorted */
  changed: string[];
  /** files only in `before`, sorted */
  removed: string[];
}

/** A file as a scenario writes it down, or its bytes as read (an import, never encoded just to compare). */
export type FileEntry = ScenarioFileSpec | Uint8Array;

const isDir = (spec: FileEntry | undefined) =>
  typeof spec === "object" && !(spec instanceof Uint8Array) && "dir" in spec;
const isLink = (spec: FileEntry): spec is { symlink: string } =>
  typeof spec === "object" && !(spec instanceof Uint8Array) && "symlink" in spec;

function bytesOf(spec: string | { base64: string } | Uint8Array): Uint8Array {
  if (spec instanceof Uint8Array) return spec;
  return typeof spec === "string" ? utf8Encode(spec) : base64Decode(spec.base64);
}

/** Whether two entries that are not folders hold the same thing. */
function same(a: FileEntry, b: FileEntry): boolean {
  if (typeof a === "string" && typeof b === "string") return a === b;
  if (isLink(a) || isLink(b)) return isLink(a) && isLink(b) && a.symlink === b.symlink;
  const x = bytesOf(a as string | { base64: string } | Uint8Array);
  const y = bytesOf(b as string | { base64: string } | Uint8Array);
  return x.length === y.length && x.every((byte, i) => byte === y[i]);
}

/** The files `after` adds to, changes in and removes from `before`. */
export function diffFiles(
  before: Readonly<Record<string, FileEntry>>,
  after: Readonly<Record<string, FileEntry>>,
): FileChanges {
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
