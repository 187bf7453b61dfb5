/**
 * What the search engines of grep and find need from a backend: a directory listing with entry kinds and
 * file bytes. Small on purpose: a WebContainer backend has readdir(withFileTypes) and readFile but no stat,
 * lstat or realpath, and can still serve every call here (isDirectory = a readdir that succeeds, or the
 * kind of the name in its parent's listing).
 */

/** The kind of an entry as its directory lists it; symlinks are not resolved (rg and fd do not follow them). */
export type EntryKind = "file" | "directory" | "symlink" | "other";

export interface DirEntry {
  name: string;
  kind: EntryKind;
}

export interface SearchOperations {
  /** Whether an absolute path is a directory, following a symlink at that path. Throws when it is missing. */
  isDirectory(absolutePath: string): Promise<boolean> | boolean;
  /** The entries of a directory, in any order. Throws when the path is not a readable directory. */
  readdir(absolutePath: string): Promise<DirEntry[]> | DirEntry[];
  /** The bytes of a file. Throws when it cannot be read. */
  readFile(absolutePath: string): Promise<Uint8Array> | Uint8Array;
}
