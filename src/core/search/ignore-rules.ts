/**
 * Ignore files as rg and fd read them (both use Rust's `ignore` crate): per directory a `.gitignore`, a
 * `.ignore` and the tool's own file (`.rgignore` / `.fdignore`), plus `.git/info/exclude` at a repository
 * root; directories above the search root count too. Precedence, from the crate: the tool's own file beats
 * `.ignore`, which beats `.gitignore`, which beats `info/exclude`; within one kind the deepest directory
 * with a matching rule decides; within one file the last matching rule.
 *
 * git rules (`.gitignore`, `info/exclude`) apply only inside a repository when `requireGit` is set (rg's
 * default; fd runs with --no-require-git), and then only from the nearest repository root down.
 */
import ignore, { type Ignore } from "ignore";
import type { DirEntry, SearchOperations } from "./types";

export type IgnoreVerdict = "ignore" | "whitelist" | "none";

type RuleKind = "custom" | "ignore" | "git" | "exclude";
const PRECEDENCE: readonly RuleKind[] = ["custom", "ignore", "git", "exclude"];

export interface IgnoreLevel {
  /** Absolute directory the rules are relative to. */
  dir: string;
  /** A `.git` entry is here (only looked for when git rules need a repository). */
  hasGit: boolean;
  rules: Partial<Record<RuleKind, RuleSet>>;
}

export interface IgnoreConfig {
  customName: string;
  requireGit: boolean;
}

const decoder = new TextDecoder("utf-8");

function join(dir: string, name: string): string {
  return dir === "/" ? `/${name}` : `${dir}/${name}`;
}

/** One ignore file's rules, with its answers remembered. */
export class RuleSet {
  private readonly rules: Ignore;
  private readonly answers = new Map<string, IgnoreVerdict>();

  constructor(text: string) {
    // Case-sensitive, as git and the ignore crate are on Linux.
    this.rules = ignore({ ignorecase: false }).add(text);
  }

  /** `relative` ends with `/` for a directory. */
  test(relative: string): IgnoreVerdict {
    let verdict = this.answers.get(relative);
    if (verdict === undefined) {
      const result = this.rules.test(relative);
      verdict = result.ignored ? "ignore" : result.unignored ? "whitelist" : "none";
      if (this.answers.size >= MAX_ANSWERS) this.answers.clear();
      this.answers.set(relative, verdict);
    }
    return verdict;
  }
}

// Rule sets by file content, kept across calls: an answer depends only on the text and the path asked
// about, so a repeated search over the same tree asks nothing new.
const parsed = new Map<string, RuleSet>();
const MAX_PARSED = 256;
const MAX_ANSWERS = 100_000;

function rulesFor(text: string): RuleSet {
  let rules = parsed.get(text);
  if (!rules) {
    if (parsed.size >= MAX_PARSED) parsed.clear();
    rules = new RuleSet(text);
    parsed.set(text, rules);
  }
  return rules;
}

async function readRules(ops: SearchOperations, path: string): Promise<RuleSet | undefined> {
  try {
    return rulesFor(decoder.decode(await ops.readFile(path)));
  } catch {
    return undefined;
  }
}

/** The rules a directory contributes, from its own listing. Undefined when it has none. */
export async function loadLevel(
  ops: SearchOperations,
  dir: string,
  entries: readonly DirEntry[],
  config: IgnoreConfig,
): Promise<IgnoreLevel | undefined> {
  let hasGit = false;
  const level: IgnoreLevel = { dir, hasGit: false, rules: {} };
  let any = false;
  for (const entry of entries) {
    const { name } = entry;
    if (name === ".git") {
      if (config.requireGit) {
        hasGit = true;
        if (entry.kind === "directory") {
          const exclude = await readRules(ops, join(dir, ".git/info/exclude"));
          if (exclude) level.rules.exclude = exclude;
        }
      }
      continue;
    }
    if (entry.kind !== "file" && entry.kind !== "symlink") continue;
    const kind: RuleKind | undefined =
      name === ".gitignore"
        ? "git"
        : name === ".ignore"
          ? "ignore"
          : name === config.customName
            ? "custom"
            : undefined;
    if (!kind) continue;
    const rules = await readRules(ops, join(dir, name));
    if (rules) {
      level.rules[kind] = rules;
      any = true;
    }
  }
  level.hasGit = hasGit;
  if (level.rules.exclude) any = true;
  return any || hasGit ? level : undefined;
}

/**
 * The ignore verdict for an absolute path, given the levels that apply to it (outermost first, its own
 * directory's level last).
 */
export function matchLevels(
  levels: readonly IgnoreLevel[],
  absolutePath: string,
  isDirectory: boolean,
  requireGit: boolean,
): IgnoreVerdict {
  if (levels.length === 0) return "none";
  const inRepo = !requireGit || levels.some((l) => l.hasGit);
  const found: Partial<Record<RuleKind, IgnoreVerdict>> = {};
  let sawGit = false;
  for (let i = levels.length - 1; i >= 0; i--) {
    const level = levels[i];
    const prefix = level.dir === "/" ? 1 : level.dir.length + 1;
    let relative: string | undefined;
    for (const kind of PRECEDENCE) {
      const rules = level.rules[kind];
      if (!rules || found[kind]) continue;
      if ((kind === "git" || kind === "exclude") && (!inRepo || sawGit)) continue;
      relative ??= absolutePath.slice(prefix) + (isDirectory ? "/" : "");
      const verdict = rules.test(relative);
      if (verdict !== "none") found[kind] = verdict;
    }
    if (level.hasGit) sawGit = true;
  }
  for (const kind of PRECEDENCE) {
    const verdict = found[kind];
    if (verdict) return verdict;
  }
  return "none";
}
