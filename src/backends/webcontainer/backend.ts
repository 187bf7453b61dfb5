/**
 * WebContainer as a Backend. The workspace moves in by mounting the current snapshot (after emptying the
 * workdir), and the tools' Operations run on the container (operations.ts).
 *
 * The session reads the workspace synchronously (backend.ts says why), and every call to the container
 * is a message round trip, so the backend keeps a local copy of the files (a memfs volume):
 * - after a call, `settle()` walks the container and applies what differs to the copy, which reports the
 *   changes (the tree and the snapshots follow);
 * - a change made to the copy from this side (the page's editor, or a tool on the memfs view, `local`)
 *   is written into the container, in order.
 * The copy is what the page shows and what moves back to memfs when the learner switches again.
 * Symlinks: the API cannot read a link's target, so a link keeps the target it had when mounted.
 */
import type {
  Backend,
  BackendDescription,
  FsChange,
  SnapshotEntry,
  WorkspaceSnapshot,
} from "@backends/backend";
import { createMemfsBackend, type MemfsBackend } from "@backends/memfs/backend";
import { createMemfsWorkspace, restoreWorkspace } from "@backends/memfs/workspace";
import type { FileSystemTree } from "@webcontainer/api";
import { ContainerFs } from "./container-fs";
import { createWebContainerToolOptions } from "./operations";
import type { WebContainerLike } from "./types";

export interface WebContainerBackend extends Backend {
  readonly container: WebContainerLike;
  /** The same files as memfs sees them (the local copy): for tools kept on memfs beside this one. */
  readonly local: MemfsBackend;
  /** The last error writing a local change into the container, if any. */
  readonly pushError: Error | undefined;
}

export function webContainerDescription(id = "webcontainer"): BackendDescription {
  return {
    id,
    kind: "webcontainer",
    limits: [
      { code: "needsIsolation" },
      { code: "needsNetwork" },
      { code: "noStat" },
      { code: "jshNotBash" },
    ],
  };
}

/** The snapshot as a tree for `mount`, relative to the workspace's root. */
export function snapshotTree(snapshot: WorkspaceSnapshot): FileSystemTree {
  const tree: FileSystemTree = {};
  const prefix = `${snapshot.root}/`;
  const folders = new Map<string, FileSystemTree>([["", tree]]);
  for (const entry of snapshot.entries) {
    const rel = entry.path.slice(prefix.length);
    const slash = rel.lastIndexOf("/");
    const parent = folders.get(slash < 0 ? "" : rel.slice(0, slash));
    if (!parent) continue;
    const name = rel.slice(slash + 1);
    if (entry.kind === "dir") {
      const directory: FileSystemTree = {};
      folders.set(rel, directory);
      parent[name] = { directory };
    } else if (entry.kind === "symlink") parent[name] = { file: { symlink: entry.target } };
    // A copy: mount transfers a Uint8Array it is given, which would empty the snapshot's.
    else parent[name] = { file: { contents: new Uint8Array(entry.data) } };
  }
  return tree;
}

async function emptyWorkdir(container: WebContainerLike) {
  for (const name of await container.fs.readdir("."))
    await container.fs.rm(name, { recursive: true, force: true });
}

export async function createWebContainerBackend(
  container: WebContainerLike,
  snapshot: WorkspaceSnapshot,
  id = "webcontainer",
): Promise<WebContainerBackend> {
  const { root } = snapshot;
  await emptyWorkdir(container);
  await container.mount(snapshotTree(snapshot));
  const mirror = restoreWorkspace(snapshot);
  const local = createMemfsBackend(mirror);
  const cfs = new ContainerFs(container, root, createMemfsWorkspace({}, "/tmp").fs);
  let applying = false;
  let chain: Promise<void> = Promise.resolve();
  let pushError: Error | undefined;
  const enqueue = (work: () => Promise<void>) => {
    chain = chain.then(work, work);
    return chain;
  };

  // A change made here (not by settle) goes into the container.
  const stopPush = mirror.onChange((change) => {
    if (applying) return;
    void enqueue(() => push(change)).catch((error: Error) => {
      pushError = error;
    });
  });
  async function push(change: FsChange) {
    const rel = cfs.relative(change.path);
    if (rel === undefined) return;
    if (change.oldPath) {
      const oldRel = cfs.relative(change.oldPath);
      if (oldRel !== undefined) await container.fs.rm(oldRel, { recursive: true, force: true });
    }
    const bytes = local.readFile(change.path);
    if (change.type === "delete") await container.fs.rm(rel, { recursive: true, force: true });
    else if (local.isDirectory(change.path)) await container.fs.mkdir(rel, { recursive: true });
    else if (bytes) await container.fs.writeFile(rel, bytes);
  }

  async function walkContainer(): Promise<Map<string, SnapshotEntry | { path: string; kind: "link" }>> {
    const found = new Map<string, SnapshotEntry | { path: string; kind: "link" }>();
    const walk = async (dir: string) => {
      for (const entry of await cfs.readdir(dir)) {
        const path = `${dir}/${entry.name}`;
        if (entry.kind === "directory") {
          found.set(path, { path, kind: "dir" });
          await walk(path);
        } else if (entry.kind === "file")
          found.set(path, { path, kind: "file", data: await cfs.readFile(path) });
        else found.set(path, { path, kind: "link" });
      }
    };
    await walk(root);
    return found;
  }

  async function pull() {
    const there = await walkContainer();
    const here = local.snapshot().entries;
    const { fs } = mirror;
    applying = true;
    try {
      // Deepest first, so a folder's entries go before it.
      for (const entry of [...here].reverse()) {
        const now = there.get(entry.path);
        const same = now && (now.kind === entry.kind || (now.kind === "link" && entry.kind === "symlink"));
        if (!same) fs.rmSync(entry.path, { recursive: true, force: true });
      }
      for (const entry of there.values()) {
        if (entry.kind === "dir") {
          if (!local.isDirectory(entry.path)) fs.mkdirSync(entry.path, { recursive: true });
        } else if (entry.kind === "file") {
          const old = local.readFile(entry.path);
          if (!old || !sameBytes(old, entry.data)) fs.writeFileSync(entry.path, entry.data);
        }
      }
    } finally {
      applying = false;
    }
  }

  return {
    description: webContainerDescription(id),
    root,
    container,
    local,
    get pushError() {
      return pushError;
    },
    toolOptions: (queue) => createWebContainerToolOptions(cfs, queue),
    snapshot: () => local.snapshot(),
    readFile: (absolutePath) => local.readFile(absolutePath),
    isDirectory: (absolutePath) => local.isDirectory(absolutePath),
    list: (absolutePath) => local.list(absolutePath),
    writeFile: (absolutePath, content) => local.writeFile(absolutePath, content),
    onChange: (listener) => local.onChange(listener),
    settle: () => enqueue(pull),
    dispose() {
      stopPush();
      local.dispose();
    },
  };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
