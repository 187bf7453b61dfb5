/**
 * grep's and find's Operations on the memfs workspace: the directory walk and the file bytes their
 * engines (in core) search. The answers are synchronous (the SearchOperations contract allows it): the
 * volume lives in this worker, and the engines then skip an await per file.
 *
 * A search touches every file of the workspace, so this goes under memfs's fs API to its volume
 * (`vol._core`, the Superblock of memfs 4.80, as workspace.ts does for change events): the fs calls
 * check permissions on every call (readdirSync asks process.getuid() each time), stamp access times with
 * a new Date, and copy
 * every file's bytes; here a file's bytes are a view of its buffer (the engines only read them, and
 * decode at once). When the volume has no such core, the plain fs API serves instead.
 */
import type { DirEntry, EntryKind, SearchOperations } from "@core/search/types";
import type { FindOperations } from "@core/tools/find";
import type { GrepOperations } from "@core/tools/grep";
import type { MemfsWorkspace } from "./workspace";

interface CoreNode {
  buf?: Uint8Array;
  size: number;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymlink(): boolean;
}

interface CoreLink {
  children: Map<string, CoreLink | undefined>;
  getNode(): CoreNode;
}

interface Superblock {
  root: CoreLink;
  /** Follows symlinks; null when the path does not exist. */
  getResolvedLink(filename: string): CoreLink | null;
}

interface DirentLike {
  name: string | Uint8Array;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

function kindOfNode(node: CoreNode): EntryKind {
  if (node.isFile()) return "file";
  if (node.isDirectory()) return "directory";
  if (node.isSymlink()) return "symlink";
  return "other";
}

function kindOfDirent(dirent: DirentLike): EntryKind {
  if (dirent.isFile()) return "file";
  if (dirent.isDirectory()) return "directory";
  if (dirent.isSymbolicLink()) return "symlink";
  return "other";
}

function fsError(code: string, syscall: string, path: string): Error {
  const message = code === "ENOTDIR" ? "not a directory" : "illegal operation on a directory";
  return Object.assign(new Error(`${code}: ${message}, ${syscall} '${path}'`), { code });
}

function superblockOf(workspace: MemfsWorkspace): Superblock | undefined {
  const core = (workspace.vol as unknown as { _core?: Partial<Superblock> })._core;
  return typeof core?.getResolvedLink === "function" && core.root ? (core as Superblock) : undefined;
}

/**
 * The link at an absolute path, following symlinks. Walks the children maps itself: the Superblock's
 * own walk checks permissions on every directory it passes (and asked process.getuid() each time before
 * workspace.ts fixed the volume's identity), which was most of the cost of reading thousands of small
 * files. Any symlink on the way goes to the Superblock's walk.
 */
function resolve(core: Superblock, absolutePath: string, syscall: string): CoreLink {
  let link: CoreLink | null | undefined = core.root;
  for (const step of absolutePath.split("/")) {
    if (!step || step === ".") continue;
    if (step === ".." || link.getNode().isSymlink()) {
      link = core.getResolvedLink(absolutePath);
      break;
    }
    link = link.children.get(step);
    if (!link) break;
  }
  if (link?.getNode().isSymlink()) link = core.getResolvedLink(absolutePath);
  if (!link) {
    throw Object.assign(new Error(`ENOENT: no such file or directory, ${syscall} '${absolutePath}'`), {
      code: "ENOENT",
    });
  }
  return link;
}

function coreOperations(core: Superblock): SearchOperations {
  return {
    isDirectory(absolutePath) {
      return resolve(core, absolutePath, "stat").getNode().isDirectory();
    },
    readdir(absolutePath): DirEntry[] {
      const link = resolve(core, absolutePath, "scandir");
      if (!link.getNode().isDirectory()) throw fsError("ENOTDIR", "scandir", absolutePath);
      const out: DirEntry[] = [];
      for (const [name, child] of link.children) {
        if (!child || name === "." || name === "..") continue;
        out.push({ name, kind: kindOfNode(child.getNode()) });
      }
      return out;
    },
    readFile(absolutePath) {
      const node = resolve(core, absolutePath, "open").getNode();
      if (node.isDirectory()) throw fsError("EISDIR", "read", absolutePath);
      return node.buf ? node.buf.subarray(0, node.size) : new Uint8Array(0);
    },
  };
}

function fsOperations(workspace: MemfsWorkspace): SearchOperations {
  const { fs } = workspace;
  return {
    async isDirectory(absolutePath) {
      return fs.statSync(absolutePath).isDirectory();
    },
    async readdir(absolutePath): Promise<DirEntry[]> {
      const dirents = fs.readdirSync(absolutePath, { withFileTypes: true }) as unknown as DirentLike[];
      return dirents.map((d) => ({ name: String(d.name), kind: kindOfDirent(d) }));
    },
    async readFile(absolutePath) {
      return fs.readFileSync(absolutePath) as Uint8Array;
    },
  };
}

function createSearchOperations(workspace: MemfsWorkspace): SearchOperations {
  const core = superblockOf(workspace);
  return core ? coreOperations(core) : fsOperations(workspace);
}

export function createMemfsGrepOperations(workspace: MemfsWorkspace): GrepOperations {
  return createSearchOperations(workspace);
}

export function createMemfsFindOperations(workspace: MemfsWorkspace): FindOperations {
  return createSearchOperations(workspace);
}
