/**
 * The directory walk under grep and find: depth first, each directory's entries sorted by name byte-wise
 * (rg's `--sort=path` order, and the order fd sorts its results into), hidden entries and `.git/`
 * included (both tools run with --hidden), symlinks reported but never entered, ignored entries pruned
 * before their directories are read.
 */

import { ABORTED_MESSAGE } from "../tools/abortable";
import { NO_BUDGET, type SearchBudget } from "./budget";
import { compareBytewise } from "./byte-order";
import type { OverrideVerdict } from "./glob";
import { type IgnoreConfig, type IgnoreLevel, loadLevel, matchLevels } from "./ignore-rules";
import type { DirEntry, EntryKind, SearchOperations } from "./types";

export interface WalkEntry {
  /** Normalised absolute path. */
  absolutePath: string;
  /** Relative to the walk's root, with `/` separators. */
  relativePath: string;
  name: string;
  kind: EntryKind;
}

export interface WalkOptions {
  /** Normalised absolute directory to walk. */
  root: string;
  ignore: IgnoreConfig;
  signal?: AbortSignal;
  /** The call's time limit, checked per directory and per entry. */
  budget?: SearchBudget;
  /** rg's --glob: consulted before the ignore rules, and a whitelist beats them. */
  override?: (relativePath: string, isDirectory: boolean, absolutePath: string) => OverrideVerdict;
  /** Called for every entry kept, in order; a directory before its contents. Return true to stop. */
  visit(entry: WalkEntry): boolean | undefined | Promise<boolean | undefined>;
}

function join(dir: string, name: string): string {
  return dir === "/" ? `/${name}` : `${dir}/${name}`;
}

function ancestorsOf(root: string): string[] {
  const out: string[] = [];
  let dir = root;
  while (dir !== "/") {
    const i = dir.lastIndexOf("/");
    dir = i <= 0 ? "/" : dir.slice(0, i);
    out.unshift(dir);
  }
  return out;
}

/** Backend answers are awaited only when they are promises: memfs answers at once, and an await costs a tick. */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | undefined)?.then === "function";
}

// How long the walk may run before it lets the event loop in, so that an abort (a message to the worker)
// can arrive while a large tree is searched: awaits alone only run microtasks.
const YIELD_EVERY_MS = 25;

export function abortError(): Error {
  return new Error(ABORTED_MESSAGE);
}

/** Reads the ignore files of the root's ancestors (the crate's `parents` option, on in rg and fd). */
async function ancestorLevels(
  ops: SearchOperations,
  root: string,
  config: IgnoreConfig,
): Promise<IgnoreLevel[]> {
  const levels: IgnoreLevel[] = [];
  for (const dir of ancestorsOf(root)) {
    let entries: DirEntry[];
    try {
      entries = await ops.readdir(dir);
    } catch {
      continue;
    }
    const level = await loadLevel(ops, dir, entries, config);
    if (level) levels.push(level);
  }
  return levels;
}

export async function walk(ops: SearchOperations, options: WalkOptions): Promise<void> {
  const { root, ignore: config, signal, override, visit } = options;
  const budget = options.budget ?? NO_BUDGET;
  const levels = await ancestorLevels(ops, root, config);
  let lastYield = Date.now();

  const keep = (absolutePath: string, relativePath: string, isDirectory: boolean): boolean => {
    const verdict = override?.(relativePath, isDirectory, absolutePath) ?? "none";
    if (verdict !== "none") return verdict === "whitelist";
    return matchLevels(levels, absolutePath, isDirectory, config.requireGit) !== "ignore";
  };

  // Returns true when the visitor asked to stop.
  const walkDir = async (dir: string, relativeDir: string): Promise<boolean> => {
    if (Date.now() - lastYield > YIELD_EVERY_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = Date.now();
    }
    if (signal?.aborted) throw abortError();
    budget.check();
    let entries: DirEntry[];
    try {
      const listed = ops.readdir(dir);
      entries = isThenable(listed) ? await listed : listed;
    } catch {
      return false; // an unreadable directory is skipped, as rg and fd skip it (with a warning)
    }
    const level = await loadLevel(ops, dir, entries, config);
    if (level) levels.push(level);
    try {
      const sorted = entries.slice().sort((a, b) => compareBytewise(a.name, b.name));
      for (const entry of sorted) {
        budget.check();
        const absolutePath = join(dir, entry.name);
        const relativePath = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
        const isDirectory = entry.kind === "directory";
        if (!keep(absolutePath, relativePath, isDirectory)) continue;
        const stop = visit({ absolutePath, relativePath, name: entry.name, kind: entry.kind });
        if (stop === true || (isThenable(stop) && (await stop))) return true;
        if (isDirectory && (await walkDir(absolutePath, relativePath))) return true;
      }
      return false;
    } finally {
      if (level) levels.pop();
    }
  };

  await walkDir(root, "");
}
