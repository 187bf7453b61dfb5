/**
 * A workspace is one memfs volume: every tool's Operations (and the bash engine) read and write it, so a
 * file written by one tool is what the next one sees. Built from the files map of the parity cases and
 * the scenario format; snapshots are lossless (bytes, symlinks, empty folders) so a session worker can be
 * ended and restarted with the same files.
 */

import type { FsChange, SnapshotEntry, WorkspaceSnapshot } from "@backends/backend";
import { base64Decode } from "@core/bytes";
import { createFsFromVolume, Volume } from "memfs";
import { listenToInternalChanges } from "./memfs-internals";

export type FileSpec = string | { base64: string } | { symlink: string } | { dir: true };
export type FilesMap = Record<string, FileSpec>;

export type { FsChange, WorkspaceSnapshot } from "@backends/backend";

type MemfsFs = ReturnType<typeof createFsFromVolume>;

export interface MemfsWorkspace {
  readonly root: string;
  readonly vol: InstanceType<typeof Volume>;
  readonly fs: MemfsFs;
  /** Synchronous change notifications with absolute paths (memfs emits them before the fs call returns). */
  onChange(listener: (change: FsChange) => void): () => void;
}

export const DEFAULT_ROOT = "/workspace";

export function createMemfsWorkspace(files: FilesMap = {}, root: string = DEFAULT_ROOT): MemfsWorkspace {
  const vol = new Volume();
  const fs = createFsFromVolume(vol);
  fs.mkdirSync(root, { recursive: true });
  const workspace: MemfsWorkspace = {
    root,
    vol,
    fs,
    onChange: (listener) => listenToChanges({ vol, fs }, listener),
  };
  loadFiles(workspace, files);
  return workspace;
}

function joinRoot(root: string, relative: string): string {
  return relative.startsWith("/") ? relative : `${root.replace(/\/$/, "")}/${relative}`;
}

function dirname(path: string): string {
  const i = path.lastIndexOf("/");
  return i <= 0 ? "/" : path.slice(0, i);
}

/** Writes a files map into the workspace: parents are created, symlinks last (as the parity cases expect). */
export function loadFiles(workspace: MemfsWorkspace, files: FilesMap): void {
  const { fs, root } = workspace;
  const links: [string, string][] = [];
  for (const [relative, spec] of Object.entries(files)) {
    const path = joinRoot(root, relative);
    if (typeof spec === "object" && "symlink" in spec) {
      links.push([path, spec.symlink]);
      continue;
    }
    if (typeof spec === "object" && "dir" in spec) {
      fs.mkdirSync(path, { recursive: true });
      continue;
    }
    fs.mkdirSync(dirname(path), { recursive: true });
    fs.writeFileSync(path, typeof spec === "string" ? spec : base64Decode(spec.base64));
  }
  for (const [path, target] of links) {
    fs.mkdirSync(dirname(path), { recursive: true });
    fs.symlinkSync(target, path);
  }
}

export function snapshotWorkspace(workspace: MemfsWorkspace): WorkspaceSnapshot {
  const { fs, root } = workspace;
  const entries: SnapshotEntry[] = [];
  const walk = (dir: string) => {
    const names = (fs.readdirSync(dir) as string[]).slice().sort();
    for (const name of names) {
      const path = `${dir === "/" ? "" : dir}/${name}`;
      const stat = fs.lstatSync(path);
      if (stat.isSymbolicLink())
        entries.push({ path, kind: "symlink", target: String(fs.readlinkSync(path)) });
      else if (stat.isDirectory()) {
        entries.push({ path, kind: "dir" });
        walk(path);
      } else entries.push({ path, kind: "file", data: new Uint8Array(fs.readFileSync(path) as Uint8Array) });
    }
  };
  walk(root);
  return { root, entries };
}

/** A fresh workspace holding exactly what the snapshot held. */
export function restoreWorkspace(snapshot: WorkspaceSnapshot): MemfsWorkspace {
  const workspace = createMemfsWorkspace({}, snapshot.root);
  const { fs } = workspace;
  for (const entry of snapshot.entries) {
    if (entry.kind === "dir") fs.mkdirSync(entry.path, { recursive: true });
    else if (entry.kind === "file") fs.writeFileSync(entry.path, entry.data);
  }
  for (const entry of snapshot.entries) {
    if (entry.kind === "symlink") fs.symlinkSync(entry.target, entry.path);
  }
  return workspace;
}

/**
 * Changes through memfs's change bus (memfs-internals.ts), or, when that is gone, through its public
 * `watch`, which says only "rename" or "change" and reports a deletion before it happens: those are
 * sorted a microtask later, by whether the path then exists (a move arrives as a delete and a create).
 */
export function listenToChanges(
  workspace: Pick<MemfsWorkspace, "vol" | "fs">,
  listener: (change: FsChange) => void,
): () => void {
  const internal = listenToInternalChanges(workspace.vol, listener);
  if (internal) return internal;
  const { fs } = workspace;
  const pending = new Map<string, "rename" | "change">();
  const flush = () => {
    const batch = [...pending];
    pending.clear();
    for (const [path, kind] of batch) {
      const exists = fs.existsSync(path);
      listener({ type: kind === "change" && exists ? "modify" : exists ? "create" : "delete", path });
    }
  };
  const watcher = fs.watch("/", { recursive: true, persistent: false }, (kind, filename) => {
    const path = `/${String(filename)}`;
    if (pending.size === 0) queueMicrotask(flush);
    if (pending.get(path) !== "rename") pending.set(path, kind === "rename" ? "rename" : "change");
  });
  return () => watcher.close();
}
