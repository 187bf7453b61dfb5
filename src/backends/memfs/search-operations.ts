/**
 * grep's and find's Operations on the memfs workspace: the directory walk and the file bytes their
 * engines (in core) search. The answers are synchronous (the SearchOperations contract allows it): the
 * volume lives in this worker, and the engines then skip an await per file.
 *
 * A search touches every file of the workspace, so it walks memfs's own tree (memfs-internals.ts), where a
 * file's bytes are a view of its buffer (the engines only read them, and decode at once). When the volume
 * is not as that module expects, the plain fs API serves instead, with the same answers.
 */
import type { DirEntry, EntryKind, SearchOperations } from "@core/search/types";
import type { FindOperations } from "@core/tools/find";
import type { GrepOperations } from "@core/tools/grep";
import { internalTree } from "./memfs-internals";
import type { MemfsWorkspace } from "./workspace";

interface DirentLike {
  name: string | Uint8Array;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

function kindOfDirent(dirent: DirentLike): EntryKind {
  if (dirent.isFile()) return "file";
  if (dirent.isDirectory()) return "directory";
  if (dirent.isSymbolicLink()) return "symlink";
  return "other";
}

/** The public API's walk: every call checks permissions, stamps access times and copies the file. */
export function createFsSearchOperations(workspace: MemfsWorkspace): SearchOperations {
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
  return internalTree(workspace.vol) ?? createFsSearchOperations(workspace);
}

export function createMemfsGrepOperations(workspace: MemfsWorkspace): GrepOperations {
  return createSearchOperations(workspace);
}

export function createMemfsFindOperations(workspace: MemfsWorkspace): FindOperations {
  return createSearchOperations(workspace);
}
