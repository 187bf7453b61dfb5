/**
 * What an import may bring into the workspace, checked entry by entry before anything is written: the
 * limits a learner sees (size and count), and the names that are refused because they would land
 * outside the workspace or could not be shown. The page checks with these before it sends an import,
 * and the session checks again before it writes (the command is a boundary like any other).
 */
import type { ImportEntry, ImportSkipReason } from "@agent/protocol";

import { MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES } from "./limits";

export { MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES };
/** Longest name of one path segment, in UTF-8 bytes: what common file systems allow. */
export const MAX_NAME_BYTES = 255;

// C0 controls and DEL: a name holding one cannot be typed, and some are invisible when shown.
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Characters Windows refuses in a name: kept (memfs accepts them) but counted, so the page can warn. */
const WINDOWS_RESERVED = /[:*?"<>|]/;

/**
 * Why `path` (as written in a zip or a folder: `/`-separated, relative) cannot be imported, or null when
 * it can. A trailing `/` (a folder entry) is allowed.
 */
export function pathProblem(path: string): ImportSkipReason | null {
  if (path.includes("\\")) return "backslash";
  if (CONTROL.test(path)) return "controlChar";
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return "absolute";
  const parts = path.replace(/\/$/, "").split("/");
  if (parts.some((p) => p === "..")) return "escapes";
  if (parts.some((p) => p === "" || p === ".")) return "emptyName";
  if (parts.some((p) => new TextEncoder().encode(p).length > MAX_NAME_BYTES)) return "nameTooLong";
  return null;
}

/** True when a name would be refused by Windows (the workspace keeps it; an export may not unpack there). */
export const windowsRefuses = (path: string) => WINDOWS_RESERVED.test(path);

/**
 * Where a symlink may point: a relative target that stays inside the workspace from where the link is.
 * An absolute one, or one that climbs out, is skipped: a later write through it would land elsewhere.
 */
export function linkStaysInside(path: string, target: string): boolean {
  if (target === "" || target.startsWith("/") || target.includes("\\")) return false;
  const depth = path.split("/").length - 1;
  let level = depth;
  for (const part of target.split("/")) {
    if (part === "..") level--;
    else if (part !== "." && part !== "") level++;
    if (level < 0) return false;
  }
  return true;
}

/** A skipped entry: its path and why. */
export interface Skipped {
  path: string;
  reason: ImportSkipReason;
}

/**
 * Normalises and checks a list of entries: drops a trailing `/`, refuses bad names and escaping links,
 * the second entry of one path, a path under a file of the same import, and counts names Windows
 * refuses. Limits are applied by the readers (they must stop reading, not just drop what they read).
 */
export function checkEntries(entries: readonly ImportEntry[]): {
  entries: ImportEntry[];
  skipped: Skipped[];
  windowsNames: number;
} {
  const kept: ImportEntry[] = [];
  const skipped: Skipped[] = [];
  const kinds = new Map<string, ImportEntry["kind"]>();
  /** folders the kept entries live in: a file of the same path would clash with them */
  const implied = new Set<string>();
  let windowsNames = 0;
  for (const raw of entries) {
    const problem = pathProblem(raw.path);
    if (problem) {
      skipped.push({ path: raw.path, reason: problem });
      continue;
    }
    const path = raw.path.replace(/\/$/, "");
    if (raw.kind === "symlink" && !linkStaysInside(path, raw.target)) {
      skipped.push({ path, reason: "linkOutside" });
      continue;
    }
    const before = kinds.get(path);
    if (before !== undefined) {
      // A folder named twice is one folder; any other repeat is ambiguous.
      if (!(before === "dir" && raw.kind === "dir")) skipped.push({ path, reason: "duplicate" });
      continue;
    }
    const parts = path.split("/");
    const underFile = parts.slice(0, -1).some((_, i) => {
      const kind = kinds.get(parts.slice(0, i + 1).join("/"));
      return kind !== undefined && kind !== "dir";
    });
    if (underFile || (raw.kind !== "dir" && implied.has(path))) {
      skipped.push({ path, reason: "clash" });
      continue;
    }
    kinds.set(path, raw.kind);
    for (let i = 1; i < parts.length; i++) implied.add(parts.slice(0, i).join("/"));
    if (windowsRefuses(path)) windowsNames++;
    kept.push({ ...raw, path });
  }
  return { entries: kept, skipped, windowsNames };
}
