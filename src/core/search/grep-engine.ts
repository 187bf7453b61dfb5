/**
 * The search behind grep: what `rg --json --line-number --hidden [--ignore-case] [--fixed-strings]
 * [--glob G] -- PATTERN PATH` reports as pi drives it, in rg's `--sort=path` order.
 * - Walked files: .gitignore only inside a git repository, `.ignore` / `.rgignore` always, `.git/`
 *   searched, symlinks skipped, files holding a NUL byte skipped as binary; `--glob` overrides the rest.
 * - A file given as the path is always searched.
 * - Lines are split on `\n`; the text after a final `\n` is not a line; a UTF-8 BOM is not part of line 1.
 * - The search stops at `limit` matching lines, as pi stops rg.
 */
import { isValidUtf8 } from "../bytes";
import { resolvePath } from "../path-utils";
import { NO_BUDGET, type SearchBudget } from "./budget";
import { countByte, hasNul } from "./byte-search";
import { compileRgOverride } from "./glob";
import { compileLineMatcher } from "./line-matcher";
import type { SearchOperations } from "./types";
import { abortError, isThenable, walk } from "./walk";

export interface GrepSearchOptions {
  /** The resolved search path (a directory or a file). */
  searchPath: string;
  isDirectory: boolean;
  /**
   * rg matches --glob against paths relative to its working directory: the tool's cwd (pi 0.73.1), or
   * the searched directory (pi 1.6.0 runs rg there).
   */
  cwd: string;
  pattern: string;
  ignoreCase: boolean;
  literal: boolean;
  glob: string | undefined;
  limit: number;
  signal?: AbortSignal;
  /** The call's time limit; none when absent. */
  budget?: SearchBudget;
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
  /**
   * A matched file's lines as rg reports them: split on "\n" only (a CR stays), no line after a final
   * newline, no BOM on line 1, invalid UTF-8 as U+FFFD.
   */
  rawLines(relativePath: string): string[];
}

// ignoreBOM keeps a BOM in the text, as Node's readFile(utf-8) does for pi's context lines.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

function stripBom(line: string, lineStart: number): string {
  return lineStart === 0 && line.charCodeAt(0) === 0xfeff ? line.slice(1) : line;
}

/** The bytes of line `lineNumber` (1-based, split on \\n). */
function lineBytesOf(bytes: Uint8Array, lineNumber: number): Uint8Array {
  let start = 0;
  for (let n = 1; n < lineNumber && start >= 0; n++) {
    const i = bytes.indexOf(10, start);
    start = i < 0 ? -1 : i + 1;
  }
  if (start < 0) return new Uint8Array(0);
  const end = bytes.indexOf(10, start);
  return bytes.subarray(start, end < 0 ? bytes.length : end);
}

export async function runGrepSearch(
  ops: SearchOperations,
  options: GrepSearchOptions,
): Promise<GrepSearchResult> {
  const { signal, limit } = options;
  const budget = options.budget ?? NO_BUDGET;
  const matcher = compileLineMatcher(options.pattern, { ...options, budget });
  const matches: GrepMatchLine[] = [];
  const matchedFiles = new Map<string, { bytes: Uint8Array; text?: string }>();
  let limitReached = false;

  const record = (
    relativePath: string,
    lineNumber: number,
    line: string,
    lineBytes: () => Uint8Array,
  ): boolean => {
    // rg gives no text for a line that is not valid UTF-8; pi then reads the line from the file.
    const lineText = line.includes("\uFFFD") && !isValidUtf8(lineBytes()) ? undefined : line;
    matches.push({ relativePath, lineNumber, lineText });
    if (matches.length >= limit) limitReached = true;
    return limitReached;
  };

  /** The byte path: only the lines holding the required literal are decoded. True at the limit. */
  const searchByLiteral = (relativePath: string, bytes: Uint8Array, explicit: boolean): boolean => {
    const find = matcher.byteFinder!;
    let at = find(bytes, 0);
    if (at < 0 || (!explicit && hasNul(bytes))) return false;
    let lineNumber = 1;
    let counted = 0;
    let found = false;
    while (at >= 0) {
      budget.check();
      const start = at === 0 ? 0 : bytes.lastIndexOf(10, at - 1) + 1;
      let end = bytes.indexOf(10, at);
      if (end < 0) end = bytes.length;
      lineNumber += countByte(bytes, 10, counted, start);
      counted = start;
      const line = stripBom(decoder.decode(bytes.subarray(start, end)), start);
      if (matcher.byteFinderExact || matcher.matchesLine(line)) {
        found = true;
        if (record(relativePath, lineNumber, line, () => bytes.subarray(start, end))) break;
      }
      at = end + 1 < bytes.length ? find(bytes, end + 1) : -1;
    }
    if (found) matchedFiles.set(relativePath, { bytes });
    return limitReached;
  };

  /** The text path, for patterns with no literal to look for: the whole file is decoded and scanned. */
  const searchByText = (relativePath: string, bytes: Uint8Array, explicit: boolean): boolean => {
    if (!explicit && hasNul(bytes)) return false;
    const text = decoder.decode(bytes);
    let from = 0;
    let lineNumber = 1;
    let counted = 0;
    let found = false;
    while (from < text.length) {
      const hit = matcher.nextLine(text, from);
      if (!hit || hit[0] >= text.length) break;
      const [start, end] = hit;
      for (let i = text.indexOf("\n", counted); i >= 0 && i < start; i = text.indexOf("\n", i + 1))
        lineNumber++;
      counted = start;
      found = true;
      const line = stripBom(text.slice(start, end), start);
      // Line offsets are in UTF-16 units here; an invalid line is rare enough to re-encode to check it.
      if (record(relativePath, lineNumber, line, () => lineBytesOf(bytes, lineNumber))) break;
      from = end + 1;
    }
    if (found) matchedFiles.set(relativePath, { bytes, text });
    return limitReached;
  };

  const searchFile = (relativePath: string, bytes: Uint8Array, explicit: boolean): boolean =>
    matcher.byteFinder
      ? searchByLiteral(relativePath, bytes, explicit)
      : searchByText(relativePath, bytes, explicit);

  if (!options.isDirectory) {
    if (signal?.aborted) throw abortError();
    searchFile("", await ops.readFile(options.searchPath), true);
  } else {
    const root = resolvePath(options.searchPath);
    const cwd = resolvePath(options.cwd);
    const override = options.glob ? compileRgOverride(options.glob) : undefined;
    // The path rg's glob sees: relative to its working directory when inside it, else absolute.
    const cwdPrefix = cwd === "/" ? "/" : `${cwd}/`;
    const globPath = (absolute: string) =>
      absolute.startsWith(cwdPrefix) ? absolute.slice(cwdPrefix.length) : absolute;
    await walk(ops, {
      root,
      ignore: { customName: ".rgignore", requireGit: true },
      signal,
      budget,
      override: override && ((_relative, isDir, absolute) => override(globPath(absolute), isDir)),
      visit: (entry) => {
        if (entry.kind !== "file") return false;
        if (signal?.aborted) throw abortError();
        // rg reports an unreadable file on stderr and goes on. Only the read is guarded: an error from
        // the search itself (the time budget) must end the call.
        const skip = () => false;
        let read: ReturnType<SearchOperations["readFile"]>;
        try {
          read = ops.readFile(entry.absolutePath);
        } catch {
          return false;
        }
        if (isThenable(read))
          return Promise.resolve(read).then((b) => searchFile(entry.relativePath, b, false), skip);
        return searchFile(entry.relativePath, read, false);
      },
    });
  }

  return {
    matches,
    limitReached,
    fileLines(relativePath) {
      const file = matchedFiles.get(relativePath);
      if (!file) return [];
      const text = file.text ?? decoder.decode(file.bytes);
      return text.replace(/\r\n/g, "\n").replace(/\r/g, "\n").split("\n");
    },
    rawLines(relativePath) {
      const file = matchedFiles.get(relativePath);
      if (!file) return [];
      const text = file.text ?? decoder.decode(file.bytes);
      if (text === "") return [];
      const lines = text.split("\n");
      if (text.endsWith("\n")) lines.pop();
      lines[0] = stripBom(lines[0], 0);
      return lines;
    },
  };
}
