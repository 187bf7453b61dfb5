/**
 * Operations for read, write, edit and ls on a memfs workspace, with absolute paths. Errors carry
 * Node's texts (`ENOENT: no such file or directory, access '<abs>'`), which memfs reproduces and pi
 * shows the model as they are.
 *
 * read, write and edit operations return promises (the contract a remote backend such as WebContainer
 * needs) but call memfs's synchronous API inside: memfs's own promise API runs each call through its
 * callback API and a later macrotask, which made ls of 500 entries (500 stats) several times slower,
 * while the volume is in memory anyway. ls's are synchronous, as pi's defaults are. Errors and their
 * texts are the same; a failure still rejects (or throws, for ls, which the tool handles as pi does).
 */
import { utf8Encode } from "@core/bytes";
import { detectImageMime, IMAGE_SNIFF_BYTES } from "@core/image/sniff";
import type { EditOperations } from "@core/tools/edit";
import type { LsOperations } from "@core/tools/ls";
import type { ReadOperations } from "@core/tools/read";
import type { WriteOperations } from "@core/tools/write";
import { mkdirRecursive } from "./mkdir-recursive";
import { asMemfsBuffer, readStored } from "./stored-bytes";
import type { MemfsWorkspace } from "./workspace";

// fs.constants.R_OK | W_OK (pi's read checks R_OK, edit both).
const R_OK = 4;
const W_OK = 2;

interface StoredNode {
  isDirectory?(): boolean;
  isSymlink?(): boolean;
  canRead?(uid: number, gid: number): boolean;
}
interface LinkLike {
  getNode(): StoredNode;
  getChild?(name: string): LinkLike | undefined;
  children?: Map<string, LinkLike | undefined>;
}
interface CoreLike {
  getResolvedLinkOrThrow(path: string, syscall: string): LinkLike;
  process?: { getuid?(): number; getgid?(): number };
}

/** memfs 4.80's Superblock (not in its public typings), for the ls shortcuts below. */
function coreOf(workspace: MemfsWorkspace): CoreLike | undefined {
  return (workspace.vol as unknown as { _core?: CoreLike })._core;
}

// Shared answers: one object per entry was a closure each (500 entries, 500 allocations).
const A_DIRECTORY = { isDirectory: () => true };
const NOT_A_DIRECTORY = { isDirectory: () => false };

/**
 * stat for ls without building a full Stats object per entry, and without walking the whole path again
 * for each entry of the same folder: the folder's link is kept until the current synchronous run ends
 * (a microtask later), so it can never be stale. Symlinks, misses and anything unexpected go the long
 * way (statSync, with Node's errors).
 */
function createStatKind(workspace: MemfsWorkspace): (absolutePath: string) => { isDirectory(): boolean } {
  const core = coreOf(workspace);
  let folder: { path: string; link: LinkLike } | undefined;
  const childLink = (absolutePath: string): LinkLike | undefined => {
    const slash = absolutePath.lastIndexOf("/");
    const dir = slash === 0 ? "/" : absolutePath.slice(0, slash);
    if (folder?.path !== dir) {
      folder = { path: dir, link: core!.getResolvedLinkOrThrow(dir, "stat") };
      queueMicrotask(() => {
        folder = undefined;
      });
    }
    return folder.link.getChild?.(absolutePath.slice(slash + 1));
  };
  return (absolutePath) => {
    try {
      const node = core ? childLink(absolutePath)?.getNode() : undefined;
      if (node && typeof node.isDirectory === "function" && node.isSymlink?.() === false)
        return node.isDirectory() ? A_DIRECTORY : NOT_A_DIRECTORY;
    } catch {
      // Missing folder or a memfs that is not as expected: statSync below decides and throws.
    }
    return workspace.fs.statSync(absolutePath);
  };
}

export function createMemfsReadOperations(workspace: MemfsWorkspace): ReadOperations {
  const { fs } = workspace;
  return {
    async readFile(absolutePath) {
      return readStored(workspace, absolutePath);
    },
    async access(absolutePath) {
      fs.accessSync(absolutePath, R_OK);
    },
    exists(absolutePath) {
      return fs.existsSync(absolutePath);
    },
    async detectImageMimeType(absolutePath) {
      // pi sniffs the first 4100 bytes; a directory or unreadable file is simply "not an image".
      let fd: number | undefined;
      try {
        fd = fs.openSync(absolutePath, "r") as number;
        const buffer = new Uint8Array(IMAGE_SNIFF_BYTES);
        const bytesRead = fs.readSync(fd, buffer, 0, IMAGE_SNIFF_BYTES, 0);
        return detectImageMime(buffer.subarray(0, bytesRead));
      } catch {
        return null;
      } finally {
        if (fd !== undefined) fs.closeSync(fd);
      }
    },
  };
}

async function realpath(workspace: MemfsWorkspace, absolutePath: string): Promise<string> {
  return String(workspace.fs.realpathSync(absolutePath));
}

// Text is encoded with the platform's TextEncoder before memfs sees it: given a string, memfs encodes
// with the npm `buffer` port in the browser, which measured 10-19 ms for 100 KB against 0.2 ms here.
// The fresh bytes are handed over as memfs's own Buffer class (asMemfsBuffer), so memfs copies them
// once, into the file, instead of twice.
export function createMemfsWriteOperations(workspace: MemfsWorkspace): WriteOperations {
  const { fs } = workspace;
  return {
    async writeFile(absolutePath, content) {
      fs.writeFileSync(absolutePath, asMemfsBuffer(workspace, utf8Encode(content)));
    },
    async mkdir(absolutePath) {
      mkdirRecursive(fs, absolutePath);
    },
    realpath: (absolutePath) => realpath(workspace, absolutePath),
  };
}

export function createMemfsEditOperations(workspace: MemfsWorkspace): EditOperations {
  const { fs } = workspace;
  return {
    async readFile(absolutePath) {
      return readStored(workspace, absolutePath);
    },
    async writeFile(absolutePath, content) {
      fs.writeFileSync(absolutePath, asMemfsBuffer(workspace, utf8Encode(content)));
    },
    async writeBytes(absolutePath, content) {
      fs.writeFileSync(absolutePath, asMemfsBuffer(workspace, content));
    },
    async access(absolutePath) {
      fs.accessSync(absolutePath, R_OK | W_OK);
    },
    realpath: (absolutePath) => realpath(workspace, absolutePath),
  };
}

export function createMemfsLsOperations(workspace: MemfsWorkspace): LsOperations {
  const { fs } = workspace;
  const statKind = createStatKind(workspace);
  return {
    exists(absolutePath) {
      return fs.existsSync(absolutePath);
    },
    // Synchronous, as pi's own ls operations are (existsSync, statSync, readdirSync): 500 entries
    // then cost no promise each.
    stat(absolutePath) {
      return statKind(absolutePath);
    },
    readdir(absolutePath) {
      return listNames(workspace, absolutePath) ?? (fs.readdirSync(absolutePath) as unknown[]).map(String);
    },
  };
}

/**
 * readdirSync's names, read from the folder's link. memfs's readdirSync checks read permission with the
 * host's uid from process.getuid() on every call, a system call that was 57 % of ls's time in a Node CPU
 * profile; this checks it with the identity the volume holds (workspace.ts). Same names, same order
 * (code units, as memfs sorts). Anything else (a missing path, a file, no permission, an unexpected memfs)
 * is undefined: readdirSync then answers, with its own error.
 */
function listNames(workspace: MemfsWorkspace, absolutePath: string): string[] | undefined {
  try {
    const core = coreOf(workspace);
    const link = core?.getResolvedLinkOrThrow(absolutePath, "scandir");
    const node = link?.getNode();
    const identity = core?.process;
    if (!link?.children || !node?.isDirectory?.() || !identity?.getuid || !identity.getgid) return undefined;
    if (node.canRead?.(identity.getuid(), identity.getgid()) !== true) return undefined;
    const names: string[] = [];
    for (const [name, child] of link.children) if (child && name !== "." && name !== "..") names.push(name);
    return names.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  } catch {
    return undefined;
  }
}
