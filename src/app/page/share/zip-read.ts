/**
 * Reads a .zip the learner uploads, with the guards checked while it is unpacked, not after: the
 * archive's own index (the central directory) is read first, every name is checked, sizes count against
 * the import's limits before an entry is unpacked, and each entry is inflated in small pieces whose
 * output is counted as it comes. An entry that grows past what its header said, or past MAX_RATIO times
 * its packed size, makes the archive a zip bomb: the whole import is refused and nothing is written.
 * An archive past the import's limits (bytes after unpacking, entries) is refused whole too, at the
 * entry whose index size or count passes them and before that entry is unpacked: an import is taken all
 * at once or not at all, never its first part. Entries
 * with a refused name are the exception: they are left out and listed by name, with the reason.
 * fflate does the inflating; the index is read here because fflate's streaming reader does not give the
 * Unix mode that marks a symlink.
 */
import type { ImportEntry } from "@agent/protocol";
import { Inflate } from "fflate";
import {
  checkEntries,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ENTRIES,
  type Skipped,
} from "../../common/share/import-rules";
import { importBudget } from "./import-budget";

/** An entry unpacking to more than this many times its packed size (past RATIO_FLOOR) is a bomb. */
export const MAX_RATIO = 200;
/** Below this many unpacked bytes the ratio is not checked (a tiny file of zeros is no threat). */
export const RATIO_FLOOR = 1024 * 1024;
/** Packed bytes fed to the inflater at a time: each step can grow to at most ~1,000 times this. */
const PIECE = 4096;

export type ZipRefusal = "notZip" | "zip64" | "corrupt" | "bomb" | "tooLarge" | "tooMany";

export interface ZipRead {
  entries: ImportEntry[];
  skipped: Skipped[];
  windowsNames: number;
  /** set when nothing can be imported from the archive */
  refused?: ZipRefusal;
}

class Refused extends Error {
  constructor(readonly code: ZipRefusal) {
    super(code);
  }
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const S_IFDIR = 0o040000;

interface IndexEntry {
  name: string;
  flags: number;
  method: number;
  packed: number;
  size: number;
  unixMode: number;
  dosDir: boolean;
  offset: number;
}

export function readZip(
  zip: Uint8Array,
  limits = { bytes: MAX_IMPORT_BYTES, entries: MAX_IMPORT_ENTRIES },
): ZipRead {
  try {
    return unpack(zip, limits);
  } catch (error) {
    if (error instanceof Refused) return { entries: [], skipped: [], windowsNames: 0, refused: error.code };
    return { entries: [], skipped: [], windowsNames: 0, refused: "corrupt" };
  }
}

function unpack(zip: Uint8Array, limits: { bytes: number; entries: number }): ZipRead {
  const index = readIndex(zip);
  const skipped: Skipped[] = [];
  const raw: ImportEntry[] = [];
  const budget = importBudget(limits);
  for (const e of index) {
    const problem = budget.admit(e.name);
    if (problem === "tooMany") throw new Refused("tooMany");
    if (problem) {
      skipped.push({ path: e.name, reason: problem });
      continue;
    }
    const isDir = e.name.endsWith("/") || (e.unixMode & S_IFMT) === S_IFDIR || e.dosDir;
    if (isDir) {
      raw.push({ path: e.name, kind: "dir" });
      continue;
    }
    if (e.flags & 1) {
      skipped.push({ path: e.name, reason: "encrypted" });
      continue;
    }
    if (e.method !== 0 && e.method !== 8) {
      skipped.push({ path: e.name, reason: "compression" });
      continue;
    }
    if (budget.fit(e.size)) throw new Refused("tooLarge");
    const data = inflateEntry(zip, e);
    budget.spend(data.byteLength);
    if ((e.unixMode & S_IFMT) === S_IFLNK)
      raw.push({ path: e.name, kind: "symlink", target: new TextDecoder().decode(data) });
    else raw.push({ path: e.name, kind: "file", data });
  }
  const checked = checkEntries(raw);
  return {
    entries: checked.entries,
    skipped: [...skipped, ...checked.skipped],
    windowsNames: checked.windowsNames,
  };
}

function readIndex(zip: Uint8Array): IndexEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // The end record is in the last 22 bytes plus at most a 65,535-byte comment.
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) {
    if (zip.length >= 4 && view.getUint32(0, true) === 0x04034b50) throw new Refused("corrupt");
    throw new Refused("notZip");
  }
  const total = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  if (total === 0xffff || at === 0xffffffff) throw new Refused("zip64");
  const decoder = new TextDecoder();
  const entries: IndexEntry[] = [];
  for (let n = 0; n < total; n++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) throw new Refused("corrupt");
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const attrs = view.getUint32(at + 38, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const offset = view.getUint32(at + 42, true);
    if (packed === 0xffffffff || size === 0xffffffff || offset === 0xffffffff) throw new Refused("zip64");
    entries.push({
      name: decoder.decode(zip.subarray(at + 46, at + 46 + nameLength)),
      flags: view.getUint16(at + 8, true),
      method: view.getUint16(at + 10, true),
      packed,
      size,
      // Only Unix-made archives (3) and macOS's (19) carry a Unix mode in the high half.
      unixMode: madeBy === 3 || madeBy === 19 ? attrs >>> 16 : 0,
      dosDir: (attrs & 0x10) !== 0,
      offset,
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function inflateEntry(zip: Uint8Array, e: IndexEntry): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  if (e.offset + 30 > zip.length || view.getUint32(e.offset, true) !== 0x04034b50)
    throw new Refused("corrupt");
  const start = e.offset + 30 + view.getUint16(e.offset + 26, true) + view.getUint16(e.offset + 28, true);
  if (start + e.packed > zip.length) throw new Refused("corrupt");
  const packed = zip.subarray(start, start + e.packed);
  if (e.method === 0) {
    if (e.packed !== e.size) throw new Refused("corrupt");
    return packed.slice();
  }
  const out = new Uint8Array(e.size);
  let produced = 0;
  let finished = false;
  const inflater = new Inflate((chunk, final) => {
    // Checked as the bytes come, before they are kept: a header that lies about the size, or a ratio
    // no real file has, stops the archive here.
    if (produced + chunk.length > e.size) throw new Refused("bomb");
    if (produced + chunk.length > RATIO_FLOOR && produced + chunk.length > MAX_RATIO * Math.max(1, e.packed))
      throw new Refused("bomb");
    out.set(chunk, produced);
    produced += chunk.length;
    if (final) finished = true;
  });
  try {
    for (let i = 0; i < packed.length; i += PIECE)
      inflater.push(packed.subarray(i, i + PIECE), i + PIECE >= packed.length);
    if (packed.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (error) {
    if (error instanceof Refused) throw error;
    throw new Refused("corrupt");
  }
  if (!finished || produced !== e.size) throw new Refused("corrupt");
  return out;
}
