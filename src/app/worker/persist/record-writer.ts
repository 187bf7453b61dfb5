/**
 * Writes one workspace's record (record.ts) and keeps it current cheaply: it listens to the volume's
 * changes, and a save rewrites only the chunks holding a path that changed, plus the small head. A file
 * keeps its chunk across saves; a new one joins the last chunk until that is full. Everything is written
 * afresh (in chunks of ~256 KB, in the tree's order) on the first save of a volume, after a failed save,
 * after a burst of changes too large to be worth tracking, or when chunks have thinned out.
 *
 * Each save is one IndexedDB transaction (the chunks, the head, the chunks no longer used deleted): a
 * full disk leaves the last good record whole.
 */
import type { SavedState } from "@agent/persist-protocol";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import { storedChunkKeys } from "../../common/persist/record-keys";
import { chunkKey, type KeyValueStore } from "../../common/persist/storage";
import { checksum } from "./checksum";
import { type ChunkEntry, encodeChunk } from "./chunk-codec";
import { type ChunkRef, makeHead } from "./record";
import { collectEntries, entryAt } from "./volume-entries";

export const CHUNK_BYTES = 256 * 1024;
/** more changed paths than this before a save: walking everything is then as cheap as tracking them */
const MAX_TRACKED_CHANGES = 512;

export interface SaveFigures {
  /** the record's size: all its chunks */
  bytes: number;
  /** what this save wrote */
  written: number;
  full: boolean;
}

const sizeOf = (e: ChunkEntry) => 9 + e.path.length + (e.kind === "file" ? e.data.length : 0);

/** A record's chunks by number, with the paths each holds and which paths are folders. */
export interface Layout {
  paths: Map<number, readonly string[]>;
  dirs: Set<string>;
}

export function layoutOf(chunks: Map<number, readonly ChunkEntry[]>): Layout {
  const dirs = new Set<string>();
  const paths = new Map<number, string[]>();
  for (const [n, entries] of chunks) {
    paths.set(
      n,
      entries.map((e) => e.path),
    );
    for (const e of entries) if (e.kind === "dir") dirs.add(e.path);
  }
  return { paths, dirs };
}

/** Splits the workspace's entries (in the tree's order) into chunks of about CHUNK_BYTES, encoded. */
export function encodeAll(workspace: MemfsWorkspace): { chunks: Map<number, Uint8Array>; layout: Layout } {
  const entries: ChunkEntry[] = [];
  collectEntries(workspace, "", entries);
  const chunks = new Map<number, Uint8Array>();
  const parts = new Map<number, ChunkEntry[]>();
  let start = 0;
  let size = 0;
  const cut = (end: number) => {
    const part = entries.slice(start, end);
    parts.set(chunks.size, part);
    chunks.set(chunks.size, encodeChunk(part));
    start = end;
    size = 0;
  };
  entries.forEach((entry, i) => {
    // An entry that would overflow the chunk starts the next one: a large file is then a chunk of its
    // own, and editing a small file beside it does not rewrite it.
    if (size > 0 && size + sizeOf(entry) > CHUNK_BYTES) cut(i);
    size += sizeOf(entry);
  });
  if (start < entries.length || chunks.size === 0) cut(entries.length);
  return { chunks, layout: layoutOf(parts) };
}

const refOf = (n: number, bytes: Uint8Array): ChunkRef => ({
  n,
  bytes: bytes.length,
  check: checksum(bytes),
});

/**
 * Writes the whole workspace as the record under `key`, replacing what was there (one transaction). The
 * walk and encoding happen before the first await: a change made during the write is not in this record.
 */
export async function writeFullRecord(
  store: KeyValueStore,
  key: string,
  workspace: MemfsWorkspace,
  state: SavedState,
  now: number,
): Promise<{ refs: ChunkRef[]; layout: Layout; figures: SaveFigures }> {
  const { chunks, layout } = encodeAll(workspace);
  const refs = [...chunks].map(([n, bytes]) => refOf(n, bytes));
  const head = makeHead(workspace.root, state, refs, now);
  const puts: [string, unknown][] = [...chunks].map(([n, bytes]) => [chunkKey(key, n), bytes]);
  puts.push([key, head]);
  const kept = new Set(puts.map(([k]) => k));
  await store.write(
    puts,
    (await storedChunkKeys(store, key)).filter((k) => !kept.has(k)),
  );
  const bytes = refs.reduce((sum, r) => sum + r.bytes, 0);
  return { refs, layout, figures: { bytes, written: bytes, full: true } };
}

export function createRecordWriter(store: KeyValueStore, key: string) {
  /** the volume the stored record matches (but for `changed`), and the end of listening to it */
  let tracked: { vol: unknown; stop: () => void } | undefined;
  /** paths changed since the last save (relative to the workspace folder), or "all" */
  let changed: Set<string> | "all" = new Set();
  let refs = new Map<number, ChunkRef>();
  let slots = new Map<number, Set<string>>();
  const slotOf = new Map<string, number>();
  let dirs = new Set<string>();

  function forget() {
    tracked?.stop();
    tracked = undefined;
    changed = new Set();
    refs = new Map();
    slots = new Map();
    slotOf.clear();
    dirs = new Set();
  }

  /** Notes every change to the workspace's files from now on. */
  function listen(workspace: MemfsWorkspace) {
    forget();
    const prefix = `${workspace.root}/`;
    const note = (path: string | undefined) => {
      if (changed === "all" || !path?.startsWith(prefix)) return;
      changed.add(path.slice(prefix.length));
      if (changed.size > MAX_TRACKED_CHANGES) changed = "all";
    };
    const stop = workspace.onChange((c) => {
      note(c.path);
      note(c.oldPath);
    });
    tracked = { vol: workspace.vol, stop };
  }

  function setLayout(chunkRefs: readonly ChunkRef[], layout: Layout) {
    refs = new Map(chunkRefs.map((r) => [r.n, r]));
    dirs = new Set(layout.dirs);
    for (const [n, list] of layout.paths) {
      slots.set(n, new Set(list));
      for (const path of list) slotOf.set(path, n);
    }
  }

  /** Too many chunks for what they hold (files deleted from many of them): a fresh layout is due. */
  function thinnedOut(): boolean {
    let total = 0;
    for (const r of refs.values()) total += r.bytes;
    return refs.size > 2 * Math.ceil(total / CHUNK_BYTES) + 4;
  }

  async function full(workspace: MemfsWorkspace, state: SavedState, now: number): Promise<SaveFigures> {
    // Listening starts in the same turn as the walk (writeFullRecord's first part), so no change falls
    // between the two; changes during the write stay noted for the next save.
    listen(workspace);
    const written = await writeFullRecord(store, key, workspace, state, now);
    setLayout(written.refs, written.layout);
    return written.figures;
  }

  /** Takes `path` (and, for a folder, everything below it) out of the layout; says which chunks held them. */
  function remove(top: string, before: Map<string, number>) {
    const drop = (path: string) => {
      const n = slotOf.get(path);
      if (n === undefined) return;
      slots.get(n)?.delete(path);
      slotOf.delete(path);
      before.set(path, n);
    };
    drop(top);
    if (!dirs.delete(top)) return;
    for (const path of [...slotOf.keys()])
      if (path.startsWith(`${top}/`)) {
        drop(path);
        dirs.delete(path);
      }
  }

  async function incremental(workspace: MemfsWorkspace, state: SavedState, now: number, paths: Set<string>) {
    changed = new Set();
    // A changed folder covers everything below it.
    const sorted = [...paths].sort();
    const tops = sorted.filter((p, i) => !sorted.slice(0, i).some((q) => p.startsWith(`${q}/`)));
    const before = new Map<string, number>();
    for (const top of tops) remove(top, before);
    const touched = new Set(before.values());
    const sizes = new Map([...refs].map(([n, r]) => [n, r.bytes]));
    let last = Math.max(-1, ...slots.keys());
    for (const top of tops) {
      const found: ChunkEntry[] = [];
      collectEntries(workspace, top, found);
      for (const entry of found) {
        // A file keeps its chunk; a new one joins the last chunk, or starts one where it would overflow it.
        let n = before.get(entry.path);
        if (n === undefined || !slots.has(n)) {
          const filled = sizes.get(last) ?? 0;
          if (last < 0 || (filled > 0 && filled + sizeOf(entry) > CHUNK_BYTES)) {
            last += 1;
            slots.set(last, new Set());
          }
          n = last;
        }
        slots.get(n)?.add(entry.path);
        slotOf.set(entry.path, n);
        if (entry.kind === "dir") dirs.add(entry.path);
        sizes.set(n, (sizes.get(n) ?? 0) + sizeOf(entry));
        touched.add(n);
      }
    }
    const puts: [string, unknown][] = [];
    const dels: string[] = [];
    const nextRefs = new Map(refs);
    let written = 0;
    for (const n of touched) {
      const entries = [...(slots.get(n) ?? [])]
        .map((path) => entryAt(workspace, path))
        .filter((e): e is ChunkEntry => e !== undefined);
      if (entries.length === 0) {
        slots.delete(n);
        nextRefs.delete(n);
        dels.push(chunkKey(key, n));
        continue;
      }
      const bytes = encodeChunk(entries);
      nextRefs.set(n, refOf(n, bytes));
      puts.push([chunkKey(key, n), bytes]);
      written += bytes.length;
    }
    const ordered = [...nextRefs.values()].sort((a, b) => a.n - b.n);
    puts.push([key, makeHead(workspace.root, state, ordered, now)]);
    await store.write(puts, dels);
    refs = nextRefs;
    return { bytes: ordered.reduce((sum, r) => sum + r.bytes, 0), written: written, full: false };
  }

  return {
    /** The record under `key` was just read back as `workspace`, with these chunks (version 2). */
    adopt(
      workspace: MemfsWorkspace,
      chunkRefs: readonly ChunkRef[],
      chunks: Map<number, readonly ChunkEntry[]>,
    ) {
      listen(workspace);
      setLayout(chunkRefs, layoutOf(chunks));
    },
    /** What is stored no longer matches what this writer knows: the next save writes everything. */
    forget,
    /** Saves the workspace and state: the changed chunks only, or everything when needed. */
    async save(workspace: MemfsWorkspace, state: SavedState, now: number): Promise<SaveFigures> {
      const paths = changed;
      try {
        if (tracked?.vol !== workspace.vol || paths === "all" || thinnedOut())
          return await full(workspace, state, now);
        return await incremental(workspace, state, now, paths);
      } catch (error) {
        forget();
        throw error;
      }
    },
  };
}

export type RecordWriter = ReturnType<typeof createRecordWriter>;
