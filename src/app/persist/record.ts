/**
 * A saved workspace as one IndexedDB value: the files as memfs's own CBOR snapshot (text, binary, empty
 * folders and symlinks, byte for byte), the tools' states, and a format name and version so that a page
 * can tell its own records from damaged ones and from those a newer page wrote. API keys never reach the
 * session worker, so they cannot be in a record.
 */
import type { SavedState } from "@agent/persist-protocol";
import { createMemfsWorkspace, type MemfsWorkspace } from "@backends/memfs/workspace";
import { fromBinarySnapshotSync, toBinarySnapshotSync } from "@jsonjoy.com/fs-snapshot/lib/binary";
import { readSavedLearner } from "../learner-tools/saved";

export const RECORD_FORMAT = "pi-playground-workspace";
export const RECORD_VERSION = 1;
/** A folder snapshot starts as a CBOR array of three (0x83), type 0 (folder), an empty metadata map (0xa0). */
const FOLDER_PREFIX = [0x83, 0x00, 0xa0] as const;
const TOOL_STATES = new Set(["active", "hidden", "off"]);

export interface WorkspaceRecord extends SavedState {
  format: typeof RECORD_FORMAT;
  version: number;
  savedAt: number;
  root: string;
  /** the CBOR snapshot of `root` */
  files: Uint8Array;
  /** a hash of `files`: a damaged or cut-off snapshot can decode without an error, this catches it */
  check: number;
}

type SnapshotFs = Parameters<typeof toBinarySnapshotSync>[0]["fs"];

export function encodeRecord(workspace: MemfsWorkspace, state: SavedState, now: number): WorkspaceRecord {
  const cbor = toBinarySnapshotSync({ fs: workspace.fs as unknown as SnapshotFs, path: workspace.root });
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    savedAt: now,
    root: workspace.root,
    tools: { ...state.tools },
    ...(state.learner ? { learner: state.learner } : {}),
    // The encoder hands back a view of its shared, reused buffer: storing the view would store (and a
    // later encode overwrite) the whole buffer, so the record keeps its own copy.
    files: cbor.slice(),
    check: checksum(cbor),
  };
}

/**
 * A 32-bit multiplicative hash over the bytes, four at a time (~5 ms for 10 MB): it tells damage from
 * a good record, it is not a defence against someone forging one.
 */
export function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5 ^ bytes.length;
  const words = Math.floor(bytes.length / 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < words; i++) h = Math.imul(h ^ view.getUint32(i * 4, true), 0x01000193);
  for (let i = words * 4; i < bytes.length; i++) h = Math.imul(h ^ (bytes[i] as number), 0x01000193);
  return h >>> 0;
}

export type DecodedRecord =
  | { ok: true; record: WorkspaceRecord; workspace: MemfsWorkspace }
  | { ok: false; problem: "corrupt"; detail: string }
  | { ok: false; problem: "newer"; version: number };

/** Checks a stored value and rebuilds its workspace; anything not exactly a record says why. */
export function decodeRecord(value: unknown): DecodedRecord {
  const corrupt = (detail: string): DecodedRecord => ({ ok: false, problem: "corrupt", detail });
  if (typeof value !== "object" || value === null) return corrupt("the stored value is not a record");
  const r = value as Partial<WorkspaceRecord>;
  if (r.format !== RECORD_FORMAT) return corrupt("the stored value is not a saved workspace");
  if (typeof r.version !== "number" || !Number.isInteger(r.version) || r.version < 1)
    return corrupt(`its version (${String(r.version)}) is not one any page writes`);
  if (r.version > RECORD_VERSION) return { ok: false, problem: "newer", version: r.version };
  if (typeof r.root !== "string" || !r.root.startsWith("/"))
    return corrupt("its workspace folder is missing");
  if (typeof r.savedAt !== "number") return corrupt("its save time is missing");
  if (!isToolStates(r.tools)) return corrupt("its tool states are not valid");
  if (r.learner !== undefined) {
    const learner = readSavedLearner(r.learner);
    if (!learner.ok) return corrupt(`its tools of yours are not valid (${learner.problem})`);
  }
  if (!(r.files instanceof Uint8Array)) return corrupt("its files are missing");
  if (r.check !== checksum(r.files)) return corrupt("its files were damaged or cut short");
  if (!FOLDER_PREFIX.every((byte, i) => r.files?.[i] === byte))
    return corrupt("its files are not a folder snapshot");
  const workspace = createMemfsWorkspace({}, r.root);
  try {
    fromBinarySnapshotSync(r.files as never, { fs: workspace.fs as unknown as SnapshotFs, path: r.root });
  } catch (error) {
    return corrupt(
      `its files could not be read back (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  return { ok: true, record: r as WorkspaceRecord, workspace };
}

function isToolStates(value: unknown): value is SavedState["tools"] {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every((state) => TOOL_STATES.has(state as string));
}
