/**
 * One chunk of a saved workspace: a run of entries (folders, files, symlinks) with paths relative to the
 * workspace's folder, in one flat buffer. Encoding copies each file's bytes once, into the chunk;
 * decoding reads the buffer in one pass and hands back views of it (no copy), so a file's bytes go from
 * IndexedDB to memfs with the one copy memfs makes itself.
 *
 * Layout, little-endian: per entry, kind (1 byte: 0 folder, 1 file, 2 symlink), path length (4 bytes),
 * the path (UTF-8), data length (4 bytes), the data (a file's bytes, a symlink's target in UTF-8, nothing
 * for a folder). Damage is caught by the record's hash of the chunk (record.ts), not here: this only
 * refuses what cannot be a chunk at all.
 */

export type ChunkEntry =
  | { kind: "dir"; path: string }
  | { kind: "file"; path: string; data: Uint8Array }
  | { kind: "symlink"; path: string; target: string };

const KIND_CODES = { dir: 0, file: 1, symlink: 2 } as const;
const KINDS = ["dir", "file", "symlink"] as const;
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder("utf-8", { fatal: true });

export function encodeChunk(entries: readonly ChunkEntry[]): Uint8Array {
  const paths = entries.map((e) => utf8.encode(e.path));
  const datas = entries.map((e) =>
    e.kind === "file" ? e.data : e.kind === "symlink" ? utf8.encode(e.target) : undefined,
  );
  let size = 0;
  for (let i = 0; i < entries.length; i++)
    size += 9 + (paths[i] as Uint8Array).length + (datas[i]?.length ?? 0);
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  let at = 0;
  entries.forEach((entry, i) => {
    const path = paths[i] as Uint8Array;
    const data = datas[i];
    out[at] = KIND_CODES[entry.kind];
    view.setUint32(at + 1, path.length, true);
    out.set(path, at + 5);
    at += 5 + path.length;
    view.setUint32(at, data?.length ?? 0, true);
    if (data) out.set(data, at + 4);
    at += 4 + (data?.length ?? 0);
  });
  return out;
}

/** The entries of a chunk; a file's `data` is a view of `bytes`. Throws on what is not a chunk. */
export function decodeChunk(bytes: Uint8Array): ChunkEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: ChunkEntry[] = [];
  let at = 0;
  const u32 = () => {
    if (at + 4 > bytes.length) throw new Error("a chunk ends inside an entry");
    at += 4;
    return view.getUint32(at - 4, true);
  };
  const span = (length: number) => {
    if (at + length > bytes.length) throw new Error("a chunk ends inside an entry");
    const part = bytes.subarray(at, at + length);
    at += length;
    return part;
  };
  while (at < bytes.length) {
    const kind = KINDS[bytes[at] as number];
    if (!kind) throw new Error(`an entry of unknown kind ${bytes[at]}`);
    at += 1;
    const path = fromUtf8.decode(span(u32()));
    const data = span(u32());
    if (kind === "file") entries.push({ kind, path, data });
    else if (kind === "symlink") entries.push({ kind, path, target: fromUtf8.decode(data) });
    else entries.push({ kind, path });
  }
  return entries;
}
