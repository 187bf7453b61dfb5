/**
 * Records of format version 1, as pages before chunked records wrote them: the whole workspace as one
 * CBOR snapshot (memfs's own format, @jsonjoy.com/fs-snapshot) inside the record, with a hash of it. They
 * are still read, so a workspace saved by an older page comes back; the next save writes version 2.
 * `encodeRecordV1` stays for the tests that prove exactly that.
 */
import type { SavedState } from "@agent/persist-protocol";
import { createMemfsWorkspace, type MemfsWorkspace } from "@backends/memfs/workspace";
import { fromBinarySnapshotSync, toBinarySnapshotSync } from "@jsonjoy.com/fs-snapshot/lib/binary";
import { checksum } from "./checksum";

/** A folder snapshot starts as a CBOR array of three (0x83), type 0 (folder), an empty metadata map (0xa0). */
const FOLDER_PREFIX = [0x83, 0x00, 0xa0] as const;

export interface RecordV1 extends SavedState {
  format: "pi-playground-workspace";
  version: 1;
  savedAt: number;
  root: string;
  /** the CBOR snapshot of `root` */
  files: Uint8Array;
  check: number;
}

type SnapshotFs = Parameters<typeof toBinarySnapshotSync>[0]["fs"];

export function encodeRecordV1(workspace: MemfsWorkspace, state: SavedState, now: number): RecordV1 {
  const cbor = toBinarySnapshotSync({ fs: workspace.fs as unknown as SnapshotFs, path: workspace.root });
  return {
    format: "pi-playground-workspace",
    version: 1,
    savedAt: now,
    root: workspace.root,
    tools: { ...state.tools },
    // The encoder hands back a view of its shared, reused buffer: keep a copy of our own.
    files: cbor.slice(),
    check: checksum(cbor),
  };
}

/** The workspace of a version 1 record whose head fields are already checked; a string says what is wrong. */
export function decodeFilesV1(record: {
  root: string;
  files?: unknown;
  check?: unknown;
}): MemfsWorkspace | string {
  const { files } = record;
  if (!(files instanceof Uint8Array)) return "its files are missing";
  if (record.check !== checksum(files)) return "its files were damaged or cut short";
  if (!FOLDER_PREFIX.every((byte, i) => files[i] === byte)) return "its files are not a folder snapshot";
  const workspace = createMemfsWorkspace({}, record.root);
  try {
    fromBinarySnapshotSync(files as never, { fs: workspace.fs as unknown as SnapshotFs, path: record.root });
  } catch (error) {
    return `its files could not be read back (${error instanceof Error ? error.message : String(error)})`;
  }
  return workspace;
}
