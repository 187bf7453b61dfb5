/**
 * find, as pi 0.73.1 has it (`dist/core/tools/find.js`) on its fd branch: pi runs
 * `fd --glob --color=never --hidden --no-require-git --max-results <limit>` (with `--full-path` and a
 * `**∕` prefix for patterns containing `/`) and relativises fd's lines. Here fd's walk and matching are a
 * JavaScript engine (`../search/find-engine.ts`); the lines it produces go through pi's own formatting.
 *
 * Deviations from pi:
 * - No fd process: "fd is not available" and "Failed to run fd" cannot happen; fd's own errors (a missing
 *   search path, an invalid --max-results value) are reproduced as fd prints them.
 * - FindOperations are the walk (isDirectory, readdir, readFile), not pi's `exists` + `glob`; pi's custom
 *   `glob` branch (no "Use limit=" hint, node_modules and .git excluded) is not offered.
 * - With a limit below the number of matches, the first ones in fd's sorted order are kept (fd keeps
 *   whichever its threads find first).
 * - A call that searches longer than SEARCH_TIME_BUDGET_MS ends with an error (`../search/budget.ts`).
 */
import { type Static, Type } from "typebox";
import { relativePath, resolveToCwd } from "../path-utils";
import { startSearchBudget } from "../search/budget";
import { runFindSearch } from "../search/find-engine";
import type { SearchOperations } from "../search/types";
import { DEFAULT_MAX_BYTES, formatSize, type TruncationResult, truncateHead } from "../truncate";
import { ABORTED_MESSAGE } from "./abortable";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, ToolDefinition } from "./types";

export const findSchema = Type.Object({
  pattern: Type.String({
    description: "Glob the file names or paths must match, e.g. '*.ts', '**/*.json' or 'src/**/*.spec.ts'",
  }),
  path: Type.Optional(
    Type.String({ description: "Directory to search in (default: the working directory)" }),
  ),
  limit: Type.Optional(Type.Number({ description: "Stop after this many results (default: 1000)" })),
});

export type FindToolInput = Static<typeof findSchema>;

export interface FindToolDetails {
  truncation?: TruncationResult;
  resultLimitReached?: number;
}

/** The walk and the ignore files' bytes; matching happens in the tool. */
export type FindOperations = SearchOperations;

export interface FindToolOptions {
  /** Required: where the files live (no hidden default backend). */
  operations: FindOperations;
  /** How long one call may search, in ms (default SEARCH_TIME_BUDGET_MS; pi has no such limit). */
  timeBudgetMs?: number;
}

const DEFAULT_LIMIT = 1000;

const DESCRIPTION = `Find files and directories by glob pattern. Paths come back relative to the searched directory; directories end with '/'. Entries ignored by .gitignore are left out. At most ${DEFAULT_LIMIT} results or ${DEFAULT_MAX_BYTES / 1024}KB of output are returned, whichever comes first.`;

export function createFindToolDefinition(
  cwd: string,
  options: FindToolOptions,
): ToolDefinition<typeof findSchema, FindToolDetails | undefined> {
  const ops = options.operations;
  return {
    name: "find",
    label: "find",
    description: DESCRIPTION,
    promptSnippet: "Find files by glob pattern (respects .gitignore)",
    parameters: findSchema,
    async execute(_toolCallId, { pattern, path, limit }, signal) {
      if (signal?.aborted) throw new Error(ABORTED_MESSAGE);
      const searchPath = resolveToCwd(path || ".", cwd);
      const effectiveLimit = limit ?? DEFAULT_LIMIT;
      const lines = await runFindSearch(ops, {
        searchPath,
        pattern,
        limit: effectiveLimit,
        signal,
        budget: startSearchBudget("find", options.timeBudgetMs),
      });
      if (signal?.aborted) throw new Error(ABORTED_MESSAGE);
      if (lines.length === 0) {
        return { content: [{ type: "text", text: "No files found matching pattern" }], details: undefined };
      }

      // pi's relativisation of fd's absolute lines, quirks included (a search path given with a trailing
      // slash loses one more character, as it does in pi).
      const relativized = lines.map((line) => {
        const hadTrailingSlash = line.endsWith("/");
        let relative = line.startsWith(searchPath)
          ? line.slice(searchPath.length + 1)
          : relativePath(searchPath, line);
        if (hadTrailingSlash && !relative.endsWith("/")) relative += "/";
        return relative;
      });
      const resultLimitReached = relativized.length >= effectiveLimit;
      // pi repeats this notices tail in each tool too: it is kept per tool for side-by-side reading.
      const truncation = truncateHead(relativized.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
      let text = truncation.content;
      const details: FindToolDetails = {};
      const notices: string[] = [];
      if (resultLimitReached) {
        notices.push(
          `${effectiveLimit} results limit reached. Use limit=${effectiveLimit * 2} for more, or refine pattern`,
        );
        details.resultLimitReached = effectiveLimit;
      }
      if (truncation.truncated) {
        notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
        details.truncation = truncation;
      }
      if (notices.length > 0) text += `\n\n[${notices.join(". ")}]`;
      return {
        content: [{ type: "text", text }],
        details: Object.keys(details).length > 0 ? details : undefined,
      };
    },
  };
}

export function createFindTool(
  cwd: string,
  options: FindToolOptions,
): AgentTool<typeof findSchema, FindToolDetails | undefined> {
  return wrapToolDefinition(createFindToolDefinition(cwd, options));
}
