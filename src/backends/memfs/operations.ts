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

interface DirentLike {
  name: unknown;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

// Shared answers: one object per entry was a closure each (500 entries, 500 allocations).
const A_DIRECTORY = { isDirectory: () => true };
const NOT_A_DIRECTORY = { isDirectory: () => false };

/**
 * ls reads a folder, then stats each entry. A statSync builds a full Stats object and walks the whole
 * path again: 500 of them were 5 ms in Node, against under 1 ms for one readdirSync with file types. So
 * readdir keeps the folder's entry kinds until the volume next changes, and stat answers from them; a
 * symlink (stat follows it) or anything not listed goes to statSync, with Node's errors.
 */
export function createMemfsLsOperations(workspace: MemfsWorkspace): LsOperations {
  const { fs } = workspace;
  let listed: { folder: string; isDirectory: Map<string, boolean> } | undefined;
  workspace.onChange(() => {
    listed = undefined;
  });
  return {
    exists: (absolutePath) => fs.existsSync(absolutePath),
    // Synchronous, as pi's own ls operations are (existsSync, statSync, readdirSync): 500 entries
    // then cost no promise each.
    stat(absolutePath) {
      const slash = absolutePath.lastIndexOf("/");
      const known =
        listed?.folder === absolutePath.slice(0, slash)
          ? listed.isDirectory.get(absolutePath.slice(slash + 1))
          : undefined;
      if (known === undefined) return fs.statSync(absolutePath);
      return known ? A_DIRECTORY : NOT_A_DIRECTORY;
    },
    readdir(absolutePath) {
      const entries = fs.readdirSync(absolutePath, { withFileTypes: true }) as unknown as DirentLike[];
      const isDirectory = new Map<string, boolean>();
      const names = entries.map((entry) => {
        const name = String(entry.name);
        if (!entry.isSymbolicLink()) isDirectory.set(name, entry.isDirectory());
        return name;
      });
      listed = { folder: absolutePath.replace(/\/+$/, ""), isDirectory };
      return names;
    },
  };
}
