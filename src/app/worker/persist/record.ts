/**
 * A saved workspace: a small head (format, version, save time, the session's saved state such as the
 * tools' states, and the list of chunks with a hash of each) and the files in chunks (chunk-codec.ts),
 * each stored under a key of its own (record-store.ts). A save after a few edits rewrites the head and
 * the chunks holding what changed (record-writer.ts), not 10 MB. API keys never reach the session
 * worker, so they cannot be in a record.
 *
 * Version 1 (one CBOR snapshot inside the record) is still read (record-v1.ts).
 */

import { isBreakpointList } from "@agent/breakpoints";
import type { SavedState } from "@agent/persist-protocol";
import { createMemfsWorkspace, type MemfsWorkspace } from "@backends/memfs/workspace";
import { isPiVersionId } from "@core/versions/ids";
import { readSavedLearner } from "../../common/learner-tools/saved";
import { checksum } from "./checksum";
import { type ChunkEntry, decodeChunk } from "./chunk-codec";
import { decodeFilesV1, type RecordV1 } from "./record-v1";
import { writeEntries } from "./volume-entries";

export { checksum } from "./checksum";

export const RECORD_FORMAT = "pi-playground-workspace";
export const RECORD_VERSION = 2;
const TOOL_STATES = new Set(["active", "hidden", "off"]);

/** One stored chunk: its number (its key is the head's key, `#`, the number), size and hash. */
export interface ChunkRef {
  n: number;
  bytes: number;
  check: number;
}

export interface RecordHead extends SavedState {
  format: typeof RECORD_FORMAT;
  version: typeof RECORD_VERSION;
  savedAt: number;
  root: string;
  chunks: ChunkRef[];
}

/**
 * How each field of the saved state is checked when read back. A field added to SavedState must be
 * added here (the type insists); an optional one's check answers true for undefined, so records saved
 * before the field existed still load. A check answers true, false, or what is wrong in words.
 */
const STATE_CHECKS: { [K in keyof SavedState]-?: (value: unknown) => boolean | string } = {
  tools: isToolStates,
  // Older records have no tools of the learner's; a present list must be readable as a whole.
  learner: (value) => {
    if (value === undefined) return true;
    const read = readSavedLearner(value);
    return read.ok || `its tools of yours are not valid (${read.problem})`;
  },
  pi: (value) =>
    value === undefined || isPiVersionId(value) || `its pi version is unknown (${String(value)})`,
  breakpoints: (value) => value === undefined || isBreakpointList(value) || "its breakpoints are not valid",
};

/** The saved state's fields, and only those (the head is built from them). */
export function pickState(from: SavedState): SavedState {
  const state: Record<string, unknown> = {};
  for (const key of Object.keys(STATE_CHECKS))
    if ((from as unknown as Record<string, unknown>)[key] !== undefined)
      state[key] = structuredClone((from as unknown as Record<string, unknown>)[key]);
  return state as unknown as SavedState;
}

export function makeHead(root: string, state: SavedState, chunks: ChunkRef[], now: number): RecordHead {
  return { format: RECORD_FORMAT, version: RECORD_VERSION, savedAt: now, root, ...pickState(state), chunks };
}

export type CheckedHead =
  | { ok: true; head: RecordHead | RecordV1 }
  | { ok: false; problem: "corrupt"; detail: string }
  | { ok: false; problem: "newer"; version: number };

/** Checks a stored head (either version) before its files are read. */
export function checkHead(value: unknown): CheckedHead {
  const corrupt = (detail: string): CheckedHead => ({ ok: false, problem: "corrupt", detail });
  if (typeof value !== "object" || value === null) return corrupt("the stored value is not a record");
  const r = value as Partial<RecordHead> & { version?: unknown };
  if (r.format !== RECORD_FORMAT) return corrupt("the stored value is not a saved workspace");
  if (typeof r.version !== "number" || !Number.isInteger(r.version) || r.version < 1)
    return corrupt(`its version (${String(r.version)}) is not one any page writes`);
  if (r.version > RECORD_VERSION) return { ok: false, problem: "newer", version: r.version };
  if (typeof r.root !== "string" || !r.root.startsWith("/"))
    return corrupt("its workspace folder is missing");
  if (typeof r.savedAt !== "number") return corrupt("its save time is missing");
  for (const [key, check] of Object.entries(STATE_CHECKS)) {
    const verdict = check((r as Record<string, unknown>)[key]);
    if (verdict !== true) return corrupt(verdict || `its saved ${key} are not valid`);
  }
  if (r.version === 2 && !isChunkList(r.chunks)) return corrupt("its list of file chunks is not valid");
  return { ok: true, head: r as RecordHead | RecordV1 };
}

export type DecodedFiles =
  | { ok: true; workspace: MemfsWorkspace; layout?: Map<number, ChunkEntry[]> }
  | { ok: false; problem: "corrupt"; detail: string };

/**
 * The workspace of a checked head, from its chunks (`chunks[i]` is the stored value of the head's i-th
 * chunk). `layout` (version 2) says which entries each chunk holds, for the next save to rewrite only
 * the chunks that change.
 */
export function decodeFiles(head: RecordHead | RecordV1, chunks: readonly unknown[]): DecodedFiles {
  const corrupt = (detail: string): DecodedFiles => ({ ok: false, problem: "corrupt", detail });
  if (head.version === 1) {
    const workspace = decodeFilesV1(head);
    return typeof workspace === "string" ? corrupt(workspace) : { ok: true, workspace };
  }
  const layout = new Map<number, ChunkEntry[]>();
  const all: ChunkEntry[] = [];
  for (const [i, ref] of head.chunks.entries()) {
    const bytes = chunks[i];
    if (!(bytes instanceof Uint8Array)) return corrupt(`part ${ref.n} of its files is missing`);
    if (bytes.length !== ref.bytes || checksum(bytes) !== ref.check)
      return corrupt(`part ${ref.n} of its files was damaged or cut short`);
    try {
      const entries = decodeChunk(bytes);
      layout.set(ref.n, entries);
      for (const entry of entries) all.push(entry);
    } catch (error) {
      return corrupt(`part ${ref.n} of its files is not readable (${messageOf(error)})`);
    }
  }
  const workspace = createMemfsWorkspace({}, head.root);
  try {
    writeEntries(workspace, all);
  } catch (error) {
    return corrupt(`its files could not be read back (${messageOf(error)})`);
  }
  return { ok: true, workspace, layout };
}

function isToolStates(value: unknown): value is SavedState["tools"] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((state) => TOOL_STATES.has(state as string));
}

function isChunkList(value: unknown): value is ChunkRef[] {
  if (!Array.isArray(value)) return false;
  const seen = new Set<number>();
  return value.every((ref: Partial<ChunkRef> | null) => {
    const ok =
      typeof ref === "object" &&
      ref !== null &&
      Number.isInteger(ref.n) &&
      (ref.n as number) >= 0 &&
      !seen.has(ref.n as number) &&
      Number.isInteger(ref.bytes) &&
      typeof ref.check === "number";
    if (ok) seen.add(ref.n as number);
    return ok;
  });
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
