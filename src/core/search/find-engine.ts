/**
 * The search behind find: the lines `fd --glob --color=never --hidden --no-require-git --max-results L
 * [--full-path] -- PATTERN PATH` prints as pi drives it (pi adds --full-path and a `**∕` prefix when the
 * pattern holds a `/`).
 * - Files, directories and symlinks all match; directories print with a trailing `/`; symlinks are not
 *   entered. `.git/` internals are listed (--hidden; fd does not skip them).
 * - .gitignore applies everywhere (--no-require-git), with `.ignore`, `.fdignore` and the ignore files of
 *   the search path's parent directories.
 * - Name mode matches the entry's name; full-path mode the absolute path, where `*` stops at `/`.
 *   Smart case: an all-lowercase pattern ignores case.
 * - Order: path components compared byte-wise (fd sorts what it found when it finishes quickly).
 * - `--max-results 0` means no limit to fd.
 * - With `anchorPathPatterns` (pi 1.6.0), a leading `./` is dropped and a relative pattern holding a `/`
 *   is put under the search path (its glob characters escaped) instead of behind `**∕`, so it matches
 *   only from the searched directory down; case is ignored when the pattern as given is all lowercase.
 */
import { resolvePath } from "../path-utils";
import type { SearchBudget } from "./budget";
import { compileFdGlob } from "./glob";
import type { SearchOperations } from "./types";
import { abortError, walk } from "./walk";

export interface FindSearchOptions {
  /** The resolved search path, as pi passes it to fd. */
  searchPath: string;
  pattern: string;
  limit: number;
  signal?: AbortSignal;
  /** The call's time limit; none when absent. */
  budget?: SearchBudget;
  /** pi 1.6.0: path patterns anchored at the search path (see the header). */
  anchorPathPatterns?: boolean;
}

/** What fd prints for a value of --max-results that is not a count (clap's message). */
function invalidMaxResults(limit: number): Error {
  return new Error(
    `error: invalid value '${String(limit)}' for '--max-results <count>': invalid digit found in string\n\nFor more information, try '--help'.`,
  );
}

function notADirectory(searchPath: string): Error {
  return new Error(
    `[fd error]: Search path '${searchPath}' is not a directory.\n[fd error]: No valid search paths given.`,
  );
}

/** The absolute lines fd would print, in fd's sorted order. */
export async function runFindSearch(ops: SearchOperations, options: FindSearchOptions): Promise<string[]> {
  const { searchPath, pattern, limit, signal, budget } = options;
  if (!Number.isInteger(limit) || limit < 0) throw invalidMaxResults(limit);
  const maxResults = limit === 0 ? Number.POSITIVE_INFINITY : limit;

  let isDirectory = false;
  try {
    isDirectory = await ops.isDirectory(searchPath);
  } catch {
    isDirectory = false;
  }
  if (!isDirectory) throw notADirectory(searchPath);
  if (signal?.aborted) throw abortError();

  let isMatch: (candidate: string) => boolean;
  let fullPath: boolean;
  if (options.anchorPathPatterns) {
    const given = pattern.replace(/^(?:\.\/)+/, "");
    fullPath = given.includes("/");
    const nocase = given === given.toLowerCase();
    if (fullPath && !given.startsWith("/")) {
      const root = searchPath.replace(/\/+$/, "").replace(/[\\*?[\]{}]/g, "\\$&");
      isMatch = compileFdGlob(`${root}/${given}`, nocase);
    } else isMatch = compileFdGlob(given, nocase);
  } else {
    fullPath = pattern.includes("/");
    const effective =
      fullPath && !pattern.startsWith("/") && !pattern.startsWith("**/") && pattern !== "**"
        ? `**/${pattern}`
        : pattern;
    isMatch = compileFdGlob(effective);
  }
  const root = resolvePath(searchPath);
  // fd prints the search path as given, joined with the entry's path.
  const prefix = searchPath.endsWith("/") ? searchPath : `${searchPath}/`;

  const lines: string[] = [];
  await walk(ops, {
    root,
    ignore: { customName: ".fdignore", requireGit: false },
    signal,
    budget,
    visit: (entry) => {
      if (!isMatch(fullPath ? entry.absolutePath : entry.name)) return false;
      lines.push(prefix + entry.relativePath + (entry.kind === "directory" ? "/" : ""));
      return lines.length >= maxResults;
    },
  });
  return lines;
}
