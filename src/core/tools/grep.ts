/**
 * grep, as pi has it (`dist/core/tools/grep.js`): the same schema, output lines, notices, limits
 * and errors. pi spawns ripgrep (`--json --line-number --color=never --hidden` [`--ignore-case`]
 * [`--fixed-strings`] [`--glob`]); here the search is a JavaScript engine (`../search/grep-engine.ts`)
 * over the backend's directory walk, with rg's observable behaviour and rg's `--sort=path` order.
 *
 * Per version (the profile's `grep` part): pi 0.73.1 builds context by reading each matched file back,
 * one block per match (overlapping blocks repeat lines, every CR is removed, a final newline gives an
 * empty last line), matches a glob against paths relative to the working directory, and shows the limit
 * notice once `limit` matches are found. pi 1.6.0 takes rg's merged context (each line once, only the
 * line terminator removed), roots the glob at the searched directory (a leading `./` dropped), shows the
 * notice only when a match beyond the limit exists, and rounds `limit` and `context` down. *
 * Deviations from pi:
 * - No ripgrep process: the "ripgrep (rg) is not available" and "Failed to run ripgrep" errors cannot happen.
 * - GrepOperations return bytes and add `readdir` (the walk); pi's only replace isDirectory and readFile.
 * - Output order is rg's `--sort=path` order every time (pi's rg walks in parallel, so its order varies).
 * - Regex syntax errors name the problem in rg's words where the engines agree (see `../search/rg-syntax.ts`).
 * - A call that searches longer than SEARCH_TIME_BUDGET_MS ends with an error (`../search/budget.ts`).
 */
import { type Static, Type } from "typebox";
import { basenamePath, resolveToCwd } from "../path-utils";
import { startSearchBudget } from "../search/budget";
import { runGrepSearch } from "../search/grep-engine";
import type { SearchOperations } from "../search/types";
import {
  DEFAULT_MAX_BYTES,
  formatSize,
  GREP_MAX_LINE_LENGTH,
  type TruncationResult,
  truncateHead,
  truncateLine,
} from "../truncate";
import { type PiToolProfile, TOOLS_0_73_1 } from "../versions/tools";
import { ABORTED_MESSAGE } from "./abortable";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, ToolDefinition } from "./types";

function makeGrepSchema(globDescription: string) {
  return Type.Object({
    pattern: Type.String({
      description: "What to look for: a regular expression, or plain text with literal: true",
    }),
    path: Type.Optional(
      Type.String({ description: "Directory or file to search in (default: the working directory)" }),
    ),
    glob: Type.Optional(Type.String({ description: globDescription })),
    ignoreCase: Type.Optional(
      Type.Boolean({ description: "Match without regard to letter case (default: false)" }),
    ),
    literal: Type.Optional(
      Type.Boolean({
        description: "Take the pattern as plain text, not a regular expression (default: false)",
      }),
    ),
    context: Type.Optional(
      Type.Number({ description: "Lines to show before and after each match (default: 0)" }),
    ),
    limit: Type.Optional(Type.Number({ description: "Stop after this many matches (default: 100)" })),
  });
}

export const grepSchema = makeGrepSchema(TOOLS_0_73_1.grep.globDescription);
const grepSchemas = new Map([[TOOLS_0_73_1.grep.globDescription, grepSchema]]);

type GrepToolInput = Static<typeof grepSchema>;

export interface GrepToolDetails {
  truncation?: TruncationResult;
  matchLimitReached?: number;
  linesTruncated?: boolean;
}

/** The walk and the file bytes the engine searches; nothing else touches the backend. */
export type GrepOperations = SearchOperations;

export interface GrepToolOptions {
  /** Required: where the files live (no hidden default backend). */
  operations: GrepOperations;
  /** How long one call may search, in ms (default SEARCH_TIME_BUDGET_MS; pi has no such limit). */
  timeBudgetMs?: number;
  /** The pi version's behaviour (default: pi 0.73.1's). */
  profile?: PiToolProfile;
}

const DEFAULT_LIMIT = 100;

const DESCRIPTION = `Search the contents of files for a pattern and get back each matching line with its file path and line number. Files listed in .gitignore are skipped. At most ${DEFAULT_LIMIT} matches or ${DEFAULT_MAX_BYTES / 1024}KB of output are returned, whichever comes first; lines longer than ${GREP_MAX_LINE_LENGTH} characters are cut.`;

export function createGrepToolDefinition(
  cwd: string,
  options: GrepToolOptions,
): ToolDefinition<typeof grepSchema, GrepToolDetails | undefined> {
  const ops = options.operations;
  const profile = options.profile ?? TOOLS_0_73_1;
  const knobs = profile.grep;
  const merged = knobs.context === "merged";
  const beyond = knobs.limitNotice === "beyond-limit";
  let parameters = grepSchemas.get(knobs.globDescription);
  if (!parameters) {
    parameters = makeGrepSchema(knobs.globDescription);
    grepSchemas.set(knobs.globDescription, parameters);
  }
  return {
    name: "grep",
    label: "grep",
    description: DESCRIPTION,
    promptSnippet: "Search file contents for patterns (respects .gitignore)",
    parameters,
    async execute(
      _toolCallId,
      { pattern, path, glob, ignoreCase, literal, context, limit }: GrepToolInput,
      signal,
      _u,
      ctx,
    ) {
      if (signal?.aborted) throw new Error(ABORTED_MESSAGE);
      const callCwd = (profile.perCallCwd && ctx?.cwd) || cwd;
      const searchPath = resolveToCwd(path || ".", callCwd);
      let isDirectory: boolean;
      try {
        isDirectory = await ops.isDirectory(searchPath);
      } catch {
        throw new Error(`Path not found: ${searchPath}`);
      }
      const contextLines =
        context && context > 0
          ? knobs.floorArguments
            ? Math.min(Math.floor(context), Number.MAX_SAFE_INTEGER)
            : context
          : 0;
      const effectiveLimit = knobs.floorArguments
        ? Math.max(1, Math.floor(limit ?? DEFAULT_LIMIT))
        : Math.max(1, limit ?? DEFAULT_LIMIT);
      const rootedAtSearch = knobs.globRoot === "search-path";

      const search = await runGrepSearch(ops, {
        searchPath,
        isDirectory,
        cwd: rootedAtSearch ? searchPath : callCwd,
        pattern,
        ignoreCase: ignoreCase === true,
        literal: literal === true,
        glob: (rootedAtSearch && glob ? glob.replace(/^(!?)(?:\.\/)+/, "$1") : glob) || undefined,
        // One match more than shown tells whether the limit cut anything off.
        limit: beyond ? effectiveLimit + 1 : effectiveLimit,
        signal,
        budget: startSearchBudget("grep", options.timeBudgetMs),
      });
      if (signal?.aborted) throw new Error(ABORTED_MESSAGE);
      if (search.matches.length === 0)
        return { content: [{ type: "text", text: "No matches found" }], details: undefined };

      // pi shows paths relative to a searched directory, and a searched file by its name.
      const display = (relative: string) => (isDirectory && relative ? relative : basenamePath(searchPath));
      let linesTruncated = false;
      const cut = (text: string) => {
        const result = truncateLine(text);
        if (result.wasTruncated) linesTruncated = true;
        return result.text;
      };
      const shownMatches = beyond ? search.matches.slice(0, effectiveLimit) : search.matches;
      const limitReached = beyond ? search.matches.length > effectiveLimit : search.limitReached;
      const out: string[] = merged ? mergedContext(search, shownMatches, contextLines, display, cut) : [];
      for (const match of merged ? [] : shownMatches) {
        const shown = display(match.relativePath);
        if (contextLines === 0 && match.lineText !== undefined) {
          out.push(`${shown}:${match.lineNumber}: ${cut(match.lineText)}`);
          continue;
        }
        // As pi: the block comes from the file read back, split on normalised line endings, no merging.
        const lines = search.fileLines(match.relativePath);
        if (lines.length === 0) {
          out.push(`${shown}:${match.lineNumber}: (unable to read file)`);
          continue;
        }
        const start = contextLines > 0 ? Math.max(1, match.lineNumber - contextLines) : match.lineNumber;
        const end =
          contextLines > 0 ? Math.min(lines.length, match.lineNumber + contextLines) : match.lineNumber;
        for (let n = start; n <= end; n++) {
          const text = cut((lines[n - 1] ?? "").replace(/\r/g, ""));
          out.push(n === match.lineNumber ? `${shown}:${n}: ${text}` : `${shown}-${n}- ${text}`);
        }
      }

      // pi repeats this notices tail in each tool too: it is kept per tool for side-by-side reading.
      const truncation = truncateHead(out.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
      let text = truncation.content;
      const details: GrepToolDetails = {};
      const notices: string[] = [];
      if (limitReached) {
        notices.push(
          `${effectiveLimit} matches limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`,
        );
        details.matchLimitReached = effectiveLimit;
      }
      if (truncation.truncated) {
        notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
        details.truncation = truncation;
      }
      if (linesTruncated) {
        notices.push(
          `Some lines truncated to ${GREP_MAX_LINE_LENGTH} chars. Use read tool to see full lines`,
        );
        details.linesTruncated = true;
      }
      if (notices.length > 0) text += `\n\n[${notices.join(". ")}]`;
      return {
        content: [{ type: "text", text }],
        details: Object.keys(details).length > 0 ? details : undefined,
      };
    },
  };
}

/**
 * pi 1.6.0's output, as rg's `--context` reports it: per file, the lines within `context` of a shown
 * match, each once and in order, matches as `path:N: text` and the rest as `path-N- text`, with only
 * the line terminator removed. After the last shown match, lines of its trailing context that match
 * are shown as context.
 */
function mergedContext(
  search: Awaited<ReturnType<typeof runGrepSearch>>,
  matches: readonly { relativePath: string; lineNumber: number; lineText: string | undefined }[],
  contextLines: number,
  display: (relative: string) => string,
  cut: (text: string) => string,
): string[] {
  const out: string[] = [];
  const strip = (line: string) => (line.endsWith("\r") ? line.slice(0, -1) : line);
  for (let i = 0; i < matches.length; ) {
    const file = matches[i].relativePath;
    let j = i;
    while (j < matches.length && matches[j].relativePath === file) j++;
    const group = matches.slice(i, j);
    i = j;
    const shown = display(file);
    if (contextLines === 0) {
      const lines = group.some((m) => m.lineText === undefined) ? search.rawLines(file) : [];
      for (const m of group)
        out.push(`${shown}:${m.lineNumber}: ${cut(strip(m.lineText ?? lines[m.lineNumber - 1] ?? ""))}`);
      continue;
    }
    const lines = search.rawLines(file);
    const isShownMatch = new Set(group.map((m) => m.lineNumber));
    let next = 1;
    for (const m of group) {
      const from = Math.max(next, m.lineNumber - contextLines);
      const to = Math.min(lines.length, m.lineNumber + contextLines);
      for (let n = from; n <= to; n++) {
        const text = cut(strip(lines[n - 1] ?? ""));
        out.push(isShownMatch.has(n) ? `${shown}:${n}: ${text}` : `${shown}-${n}- ${text}`);
      }
      next = Math.max(next, to + 1);
    }
  }
  return out;
}

/**
 * @public pi's own surface, mirrored for fidelity (tools/index.ts); the app builds its tools through the definitions
 */
export function createGrepTool(
  cwd: string,
  options: GrepToolOptions,
): AgentTool<typeof grepSchema, GrepToolDetails | undefined> {
  return wrapToolDefinition(createGrepToolDefinition(cwd, options));
}
