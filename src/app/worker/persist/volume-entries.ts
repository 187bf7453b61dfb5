/**
 * The workspace's entries read out of a memfs volume and written into a fresh one, for saved records
 * (record.ts). Reading walks memfs's tree directly (memfs-internals.ts, through internalTree): the
 * public calls check permissions, stamp access times and copy every file, most of the cost of saving
 * thousands of files. Without those internals the public calls give the same entries, more slowly.
 */
import { internalBuilder, internalTree } from "@backends/memfs/memfs-internals";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import type { ChunkEntry } from "./chunk-codec";

const join = (root: string, relative: string) => (relative ? `${root}/${relative}` : root);

/**
 * The entry at `relative` (a path inside the workspace, "" for the whole of it) and, for a folder,
 * everything below it, appended to `out`. Nothing when the path no longer exists. A file's `data` is a
 * view of memfs's stored bytes: encode it before anything else writes to the volume.
 */
export function collectEntries(workspace: MemfsWorkspace, relative: string, out: ChunkEntry[]): void {
  const { fs, root } = workspace;
  const tree = internalTree(workspace.vol);
  const top = entryAt(workspace, relative);
  if (top === undefined || top.kind !== "dir") return void (top && out.push(top));
  if (relative) out.push(top);
  const walk = (dir: string) => {
    const base = dir ? `${dir}/` : "";
    if (tree) {
      for (const { name, kind } of tree.readdir(join(root, dir))) {
        const path = base + name;
        if (kind === "directory") {
          out.push({ kind: "dir", path });
          walk(path);
        } else if (kind === "file") out.push({ kind: "file", path, data: tree.readFile(join(root, path)) });
        else if (kind === "symlink")
          out.push({ kind: "symlink", path, target: String(fs.readlinkSync(join(root, path))) });
      }
      return;
    }
    for (const name of fs.readdirSync(join(root, dir)) as string[])
      collectEntries(workspace, base + name, out);
  };
  walk(relative);
}

/** The entry at `relative` alone (a folder without what it holds); undefined when it is gone. */
export function entryAt(workspace: MemfsWorkspace, relative: string): ChunkEntry | undefined {
  const { fs, root } = workspace;
  const absolute = join(root, relative);
  const stat = lstat(workspace, absolute);
  if (!stat) return undefined; // gone since the change was reported
  if (stat.isSymbolicLink())
    return { kind: "symlink", path: relative, target: String(fs.readlinkSync(absolute)) };
  if (stat.isDirectory()) return { kind: "dir", path: relative };
  if (!stat.isFile()) return undefined;
  const tree = internalTree(workspace.vol);
  const data = tree ? tree.readFile(absolute) : new Uint8Array(fs.readFileSync(absolute) as Uint8Array);
  return { kind: "file", path: relative, data };
}

function lstat(workspace: MemfsWorkspace, absolute: string) {
  try {
    return workspace.fs.lstatSync(absolute);
  } catch {
    return undefined;
  }
}

/** A path from a record is used only if it stays inside the workspace's folder. */
function checkPath(path: string): void {
  for (const step of path.split("/"))
    if (step === "" || step === "." || step === ".." || step.includes("\0"))
      throw new Error(`the entry name ${JSON.stringify(path)} would leave the workspace folder`);
}

/**
 * Writes entries into a fresh workspace: folders (shallowest first, so each parent exists before what it
 * holds; chunks written at different times list them in any order), then files, then symlinks (a link
 * may point anywhere). An entry whose folder is not in the record throws (ENOENT): the record is damaged.
 */
export function writeEntries(workspace: MemfsWorkspace, entries: readonly ChunkEntry[]): void {
  const { fs, root } = workspace;
  for (const entry of entries) checkPath(entry.path);
  const builder = internalBuilder(workspace.vol);
  const dirs = entries.filter((e) => e.kind === "dir").sort((a, b) => depth(a.path) - depth(b.path));
  for (const entry of dirs) {
    if (builder) builder.dir(join(root, entry.path));
    else fs.mkdirSync(join(root, entry.path));
  }
  for (const entry of entries) {
    if (entry.kind !== "file") continue;
    if (builder) builder.file(join(root, entry.path), entry.data);
    else fs.writeFileSync(join(root, entry.path), entry.data, { flag: "wx" });
  }
  for (const entry of entries)
    if (entry.kind === "symlink") fs.symlinkSync(entry.target, join(root, entry.path));
}

function depth(path: string): number {
  let n = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) n++;
  return n;
}
