/**
 * The ls tool, as pi's `dist/core/tools/ls.js` behaves: entries sorted case-insensitively by
 * locale collation (files and folders interleaved), `/` after directories (stat follows symlinks),
 * entries whose stat fails skipped silently, an entry limit and the 50KB byte limit with pi's notices.
 * pi 1.6.0 rounds the limit down, to at least 1 (the profile's `ls.floorLimit`).
 *
 * Deviation: the collation is pinned to en-US (pi uses the process locale; the goldens were recorded
 * under en-US), so the order does not depend on the browser's language.
 */
import { type Static, Type } from "typebox";
import { joinPath, resolveToCwd } from "../path-utils";
import { DEFAULT_MAX_BYTES, formatSize, type TruncationResult, truncateHead } from "../truncate";
import { type PiToolProfile, TOOLS_0_73_1 } from "../versions/tools";
import { runAbortable } from "./abortable";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, ToolDefinition } from "./types";

export const lsSchema = Type.Object({
  path: Type.Optional(Type.String({ description: "Directory to list (default: the working directory)" })),
  limit: Type.Optional(Type.Number({ description: "Maximum number of entries to return (default: 500)" })),
});

type LsToolInput = Static<typeof lsSchema>;

export interface LsToolDetails {
  entryLimitReached?: number;
  truncation?: TruncationResult;
}

export interface LsOperations {
  exists(absolutePath: string): boolean | Promise<boolean>;
  /** Follows symlinks; throws for a broken link (such entries are skipped). */
  stat(absolutePath: string): { isDirectory(): boolean } | Promise<{ isDirectory(): boolean }>;
  /** Entry names, without `.` and `..`. */
  readdir(absolutePath: string): string[] | Promise<string[]>;
}

export interface LsToolOptions {
  operations: LsOperations;
  homeDir?: string;
  /** The pi version's behaviour (default: pi 0.73.1's). */
  profile?: PiToolProfile;
}

export const DEFAULT_LS_LIMIT = 500;

const DESCRIPTION = `List a directory: names sorted alphabetically, directories marked with a trailing "/", dotfiles included. Stops at ${DEFAULT_LS_LIMIT} entries (or the limit given) or ${DEFAULT_MAX_BYTES / 1024}KB of output.`;

const collator = new Intl.Collator("en-US");

export function createLsToolDefinition(
  cwd: string,
  options: LsToolOptions,
): ToolDefinition<typeof lsSchema, LsToolDetails | undefined> {
  const ops = options.operations;
  const profile = options.profile ?? TOOLS_0_73_1;
  return {
    name: "ls",
    label: "ls",
    description: DESCRIPTION,
    promptSnippet: "List directory contents",
    parameters: lsSchema,
    execute: (_toolCallId, { path, limit }: LsToolInput, signal, _onUpdate, ctx) =>
      runAbortable(signal, async () => {
        const dir = resolveToCwd(path || ".", (profile.perCallCwd && ctx?.cwd) || cwd, options.homeDir);
        const effectiveLimit = profile.ls.floorLimit
          ? Math.max(1, Math.floor(limit ?? DEFAULT_LS_LIMIT))
          : (limit ?? DEFAULT_LS_LIMIT);
        if (!(await ops.exists(dir))) throw new Error(`Path not found: ${dir}`);
        if (!(await ops.stat(dir)).isDirectory()) throw new Error(`Not a directory: ${dir}`);
        let entries: string[];
        try {
          entries = [...(await ops.readdir(dir))];
        } catch (error) {
          throw new Error(`Cannot read directory: ${error instanceof Error ? error.message : String(error)}`);
        }
        const keyed = entries.map((name) => ({ name, key: name.toLowerCase() }));
        keyed.sort((a, b) => collator.compare(a.key, b.key));

        const results: string[] = [];
        let entryLimitReached = false;
        // path.join(dir, name) for a plain name is the normalised dir plus "/name": normalise once.
        const base = joinPath(dir);
        const prefix = base === "/" ? "/" : `${base}/`;
        for (const { name } of keyed) {
          if (results.length >= effectiveLimit) {
            entryLimitReached = true;
            break;
          }
          try {
            const pending = ops.stat(prefix + name);
            // A synchronous backend (pi's default ops are) costs no await per entry.
            const stat = pending instanceof Promise ? await pending : pending;
            results.push(stat.isDirectory() ? `${name}/` : name);
          } catch {
            // pi skips entries it cannot stat (a broken symlink, say) without a word.
          }
        }
        if (results.length === 0)
          return { content: [{ type: "text", text: "(empty directory)" }], details: undefined };

        // pi repeats this notices tail in each tool too: it is kept per tool for side-by-side reading.
        const truncation = truncateHead(results.join("\n"), { maxLines: Number.MAX_SAFE_INTEGER });
        const details: LsToolDetails = {};
        const notices: string[] = [];
        if (entryLimitReached) {
          notices.push(`${effectiveLimit} entries limit reached. Use limit=${effectiveLimit * 2} for more`);
          details.entryLimitReached = effectiveLimit;
        }
        if (truncation.truncated) {
          notices.push(`${formatSize(DEFAULT_MAX_BYTES)} limit reached`);
          details.truncation = truncation;
        }
        const text =
          notices.length > 0 ? `${truncation.content}\n\n[${notices.join(". ")}]` : truncation.content;
        return { content: [{ type: "text", text }], details: notices.length > 0 ? details : undefined };
      }),
  };
}

/**
 * @public pi's own surface, mirrored for fidelity (tools/index.ts); the app builds its tools through the definitions
 */
export function createLsTool(
  cwd: string,
  options: LsToolOptions,
): AgentTool<typeof lsSchema, LsToolDetails | undefined> {
  return wrapToolDefinition(createLsToolDefinition(cwd, options));
}
