/**
 * grep's and find's Operations on the memfs workspace: the directory walk and file bytes their engines
 * (in core) search. Synchronous memfs calls behind async signatures: the volume lives in this worker,
 * so there is nothing to wait for, and each await costs one microtask rather than a callback round.
 */

import type { DirEntry, EntryKind, SearchOperations } from "@core/search/types";
import type { FindOperations } from "@core/tools/find";
import type { GrepOperations } from "@core/tools/grep";
import type { MemfsWorkspace } from "./workspace";

interface DirentLike {
  name: string | Uint8Array;
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
}

function kindOf(dirent: DirentLike): EntryKind {
  if (dirent.isFile()) return "file";
  if (dirent.isDirectory()) return "directory";
  if (dirent.isSymbolicLink()) return "symlink";
  return "other";
}

function createSearchOperations(workspace: MemfsWorkspace): SearchOperations {
  const { fs } = workspace;
  return {
    async isDirectory(absolutePath) {
      return fs.statSync(absolutePath).isDirectory();
    },
    async readdir(absolutePath): Promise<DirEntry[]> {
      const dirents = fs.readdirSync(absolutePath, { withFileTypes: true }) as unknown as DirentLike[];
      return dirents.map((d) => ({ name: String(d.name), kind: kindOf(d) }));
    },
    async readFile(absolutePath) {
      return fs.readFileSync(absolutePath) as Uint8Array;
    },
  };
}

export function createMemfsGrepOperations(workspace: MemfsWorkspace): GrepOperations {
  return createSearchOperations(workspace);
}

export function createMemfsFindOperations(workspace: MemfsWorkspace): FindOperations {
  return createSearchOperations(workspace);
}
