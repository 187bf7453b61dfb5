/**
 * find, as pi has it (`dist/core/tools/find.js`) on its fd branch: pi runs
 * `fd --glob --color=never --hidden --no-require-git --max-results <limit>` (with `--full-path` for
 * patterns containing `/`) and relativises fd's lines. Per version (the profile's `find` part): pi 0.73.1
 * puts `**∕` in front of a path pattern (it matches at any depth) and shows the limit notice once
 * `limit` results are found; pi 1.6.0 anchors a path pattern at the searched directory, asks for
 * limit + 1 results so the notice appears only when more exist, and rounds the limit down (at least 1). Here fd's walk and matching are a
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
import { type PiToolProfile, TOOLS_0_73_1 } from "../versions/tools";
import { ABORTED_MESSAGE } from "./abortable";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, ToolDefinition } from "./types";

function makeFindSchema(patternDescription: string) {
  return Type.Object({
    pattern: Type.String({ description: patternDescription }),
    path: Type.Optional(
      Type.String({ description: "Directory to search in (default: the working directory)" }),
    ),
    limit: Type.Optional(Type.Number({ description: "Stop after this many results (default: 1000)" })),
  });
}

export const findSchema = makeFindSchema(TOOLS_0_73_1.find.patternDescription);
const findSchemas = new Map([[TOOLS_0_73_1.find.patternDescription, findSchema]]);

type FindToolInput = Static<typeof findSchema>;

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
  /** The pi version's behaviour (default: pi 0.73.1's). */
  profile?: PiToolProfile;
}

const DEFAULT_LIMIT = 1000;

const DESCRIPTION = `Find files and directories by glob pattern. Paths come back relative to the searched directory; directories end with '/'. Entries ignored by .gitignore are left out. At most ${DEFAULT_LIMIT} results or ${DEFAULT_MAX_BYTES / 1024}KB of output are returned, whichever comes first.`;

export function createFindToolDefinition(
  cwd: string,
  options: FindToolOptions,
): ToolDefinition<typeof findSchema, FindToolDetails | undefined> {
  const ops = options.operations;
  const profile = options.profile ?? TOOLS_0_73_1;
  const knobs = profile.find;
  const beyond = knobs.limitNotice === "beyond-limit";
  let parameters = findSchemas.get(knobs.patternDescription);
  if (!parameters) {
    parameters = makeFindSchema(knobs.patternDescription);
    findSchemas.set(knobs.patternDescription, parameters);
  }
  return {
    name: "find",
    label: "find",
    description: DESCRIPTION,
    promptSnippet: "Find files by glob pattern (respects .gitignore)",
    parameters,
    async execute(_toolCallId, { pattern, path, limit }: FindToolInput, signal, _onUpdate, ctx) {
      if (signal?.aborted) throw new Error(ABORTED_MESSAGE);
      const searchPath = resolveToCwd(path || ".", (profile.perCallCwd && ctx?.cwd) || cwd);
      const effectiveLimit = knobs.floorLimit
        ? Math.max(1, Math.floor(limit ?? DEFAULT_LIMIT))
        : (limit ?? DEFAULT_LIMIT);
      const found = await runFindSearch(ops, {
        searchPath,
        pattern,
        limit: beyond ? effectiveLimit + 1 : effectiveLimit,
        signal,
        budget: startSearchBudget("find", options.timeBudgetMs),
        anchorPathPatterns: knobs.pathPatterns === "anchored",
      });
      if (signal?.aborted) throw new Error(ABORTED_MESSAGE);
      if (found.length === 0) {
        return { content: [{ type: "text", text: "No files found matching pattern" }], details: undefined };
      }
      const lines = beyond ? found.slice(0, effectiveLimit) : found;

      // pi 0.73.1's relativisation of fd's absolute lines, quirks included (a search path given with a
      // trailing slash loses one more character); pi 1.6.0 takes the plain relative path.
      const relativized = lines.map((line) => {
        const hadTrailingSlash = line.endsWith("/");
        let relative =
          !beyond && line.startsWith(searchPath)
            ? line.slice(searchPath.length + 1)
            : relativePath(searchPath, line);
        if (hadTrailingSlash && !relative.endsWith("/")) relative += "/";
        return relative;
      });
      const resultLimitReached = beyond
        ? found.length > effectiveLimit
        : relativized.length >= effectiveLimit;
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

/**
 * @public pi's own surface, mirrored for fidelity (tools/index.ts); the app builds its tools through the definitions
 */
export function createFindTool(
  cwd: string,
  options: FindToolOptions,
): AgentTool<typeof findSchema, FindToolDetails | undefined> {
  return wrapToolDefinition(createFindToolDefinition(cwd, options));
}
