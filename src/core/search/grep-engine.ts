/**
 * The search behind grep: what `rg --json --line-number --hidden [--ignore-case] [--fixed-strings]
 * [--glob G] -- PATTERN PATH` reports as pi drives it, in rg's `--sort=path` order.
 * - Walked files: .gitignore only inside a git repository, `.ignore` / `.rgignore` always, `.git/`
 *   searched, symlinks skipped, files holding a NUL byte skipped as binary; `--glob` overrides the rest.
 * - A file given as the path is always searched.
 * - Lines are split on `\n`; the text after a final `\n` is not a line; a UTF-8 BOM is not part of line 1.
 * - The search stops at `limit` matching lines, as pi stops rg.
 */
import { relativePath as relativeTo, resolvePath } from "../path-utils";
import { compileRgOverride } from "./glob";
import { compileLineMatcher } from "./line-matcher";
import type { SearchOperations } from "./types";
import { abortError, walk } from "./walk";

export interface GrepSearchOptions {
  /** The resolved search path (a directory or a file). */
  searchPath: string;
  isDirectory: boolean;
  /** rg matches --glob against paths relative to its working directory: the tool's cwd. */
  cwd: string;
  pattern: string;
  ignoreCase: boolean;
  literal: boolean;
  glob: string | undefined;
  limit: number;
  signal?: AbortSignal;
}

export interface GrepMatchLine {
  /** Relative to the searched directory; "" when a single file was searched. */
  relativePath: string;
  lineNumber: number;
  /** The line without its line break (a CR stays); undefined when the line is not valid UTF-8. */
  lineText: string | undefined;
}

export interface GrepSearchResult {
  matches: GrepMatchLine[];
  limitReached: boolean;
  /** A matched file's lines as pi reads them back for context: line endings normalised, then split. */
  fileLines(relativePath: string): string[];
}

// ignoreBOM keeps a BOM in the text, as Node's readFile(utf-8) does for pi's context lines.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export async function runGrepSearch(
  ops: SearchOperations,
  options: GrepSearchOptions,
): Promise<GrepSearchResult> {
  const { signal, limit } = options;
  const matcher = compileLineMatcher(options.pattern, options);
  const matches: GrepMatchLine[] = [];
  const texts = new Map<string, string>();
  let limitReached = false;

  /** Searches one file's bytes; returns true once the limit is reached. */
  const searchFile = (relativePath: string, bytes: Uint8Array, explicit: boolean): boolean => {
    if (!explicit && bytes.indexOf(0) >= 0) return false;
    const text = decoder.decode(bytes);
    let from = 0;
    let lineNumber = 1;
    let counted = 0;
    let validUtf8: boolean | undefined;
    let found = false;
    while (from < text.length) {
      const hit = matcher.nextLine(text, from);
      if (!hit || hit[0] >= text.length) break;
      const [start, end] = hit;
      for (let i = text.indexOf("\n", counted); i >= 0 && i < start; i = text.indexOf("\n", i + 1))
        lineNumber++;
      counted = start;
      let line: string | undefined = text.slice(start, end);
      if (start === 0 && line.charCodeAt(0) === 0xfeff) line = line.slice(1);
      if (line.includes("\uFFFD")) {
        validUtf8 ??= isValidUtf8(bytes);
        if (!validUtf8) line = undefined;
      }
      matches.push({ relativePath, lineNumber, lineText: line });
      found = true;
      if (matches.length >= limit) {
        limitReached = true;
        break;
      }
      from = end + 1;
    }
    if (found) texts.set(relativePath, text);
    return limitReached;
  };

  if (!options.isDirectory) {
    if (signal?.aborted) throw abortError();
    searchFile("", await ops.readFile(options.searchPath), true);
  } else {
    const root = resolvePath(options.searchPath);
    const cwd = resolvePath(options.cwd);
    const override = options.glob ? compileRgOverride(options.glob) : undefined;
    // The path rg's glob sees: relative to its working directory when inside it, else absolute.
    const globPath = (absolute: string) => {
      const relative = relativeTo(cwd, absolute);
      return relative && !relative.startsWith("..") ? relative : absolute;
    };
    await walk(ops, {
      root,
      ignore: { customName: ".rgignore", requireGit: true },
      signal,
      override: override && ((_relative, isDir, absolute) => override(globPath(absolute), isDir)),
      visit: async (entry) => {
        if (entry.kind !== "file") return false;
        if (signal?.aborted) throw abortError();
        let bytes: Uint8Array;
        try {
          bytes = await ops.readFile(entry.absolutePath);
        } catch {
          return false; // rg reports an unreadable file on stderr and goes on
        }
        return searchFile(entry.relativePath, bytes, false);
      },
    });
  }

  return {
    matches,
    limitReached,
    fileLines(relativePath) {
      const text = texts.get(relativePath);
      return text === undefined ? [] : text.replace(/\r\n/g, "\n").replace(/\r/g, "\n").split("\n");
    },
  };
}
