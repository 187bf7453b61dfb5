/**
 * Glob matching with fd's and rg's rules, on picomatch. Both tools use Rust's `globset`, so picomatch
 * runs with the options that make it agree: dot files match `*`, no extglobs (`@(a)` is literal in
 * globset), and a leading `!` is not picomatch's negation (rg's `--glob !x` is handled here).
 */
import picomatch from "picomatch";

const BASE_OPTIONS = { dot: true, noextglob: true, nonegate: true } as const;

/**
 * fd `--glob`: without `--full-path` the glob is matched against the entry's name; with it, against the
 * absolute path, where `*` does not cross `/` (fd builds the glob with literal_separator in that mode).
 * Smart case: a pattern with no uppercase letter matches regardless of case (`nocase` overrides it, as
 * fd's `--ignore-case` does).
 */
export function compileFdGlob(
  pattern: string,
  nocase = pattern === pattern.toLowerCase(),
): (candidate: string) => boolean {
  // picomatch's `*` never crosses `/`: right for full paths, and a name holds no `/` anyway.
  return picomatch(pattern, { ...BASE_OPTIONS, nocase });
}

export type OverrideVerdict = "whitelist" | "ignore" | "none";

/**
 * rg `--glob`, which overrides every other ignore rule. Gitignore-style: a glob with no `/` (a trailing
 * one aside) matches the name at any depth, one with a `/` is anchored; a trailing `/` matches
 * directories only; `!` excludes. A file that matches no include glob is ignored; a directory is only
 * ever excluded by a `!` glob, so the walk still enters it.
 */
export function compileRgOverride(
  glob: string,
): (relativePath: string, isDirectory: boolean) => OverrideVerdict {
  let g = glob;
  const negated = g.startsWith("!");
  if (negated) g = g.slice(1);
  const dirOnly = g.endsWith("/") && g.length > 1;
  if (dirOnly) g = g.slice(0, -1);
  const anchored = g.includes("/");
  if (g.startsWith("/")) g = g.slice(1);
  const source = anchored ? g : `**/${g}`;
  const isMatch = picomatch(source, BASE_OPTIONS);
  return (relativePath, isDirectory) => {
    const matched = (!dirOnly || isDirectory) && isMatch(relativePath);
    if (matched) return negated ? "ignore" : "whitelist";
    // An include glob that does not match a file leaves it out; directories are left to the other rules.
    if (!negated && !isDirectory) return "ignore";
    return "none";
  };
}
