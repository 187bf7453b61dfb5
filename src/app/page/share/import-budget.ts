/**
 * The import's limits as its readers apply them, entry by entry and before an entry's bytes are read:
 * the picked-files reader and the zip reader share it, so both pass an entry over for the same reasons in
 * the same order (a bad name, then one entry too many, then a file larger than the bytes left).
 */
import type { ImportSkipReason } from "@agent/protocol";
import { pathProblem } from "../../common/share/import-rules";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES } from "../../common/share/limits";

export interface ImportLimits {
  /** bytes after unpacking, all files together */
  bytes: number;
  /** files, folders and links */
  entries: number;
}

export interface ImportBudget {
  /** Why the entry at `path` is passed over (a bad name, one entry too many), else null; counts it. */
  admit(path: string): ImportSkipReason | null;
  /** "tooLarge" when a file of `size` bytes does not fit in the bytes left, else null. */
  fit(size: number): "tooLarge" | null;
  /** Takes the bytes a file was read into off what is left. */
  spend(bytes: number): void;
}

export function importBudget(
  limits: ImportLimits = { bytes: MAX_IMPORT_BYTES, entries: MAX_IMPORT_ENTRIES },
): ImportBudget {
  let bytesLeft = limits.bytes;
  let count = 0;
  return {
    admit(path) {
      const problem = pathProblem(path);
      if (problem) return problem;
      return ++count > limits.entries ? "tooMany" : null;
    },
    fit: (size) => (size > bytesLeft ? "tooLarge" : null),
    spend(bytes) {
      bytesLeft -= bytes;
    },
  };
}
