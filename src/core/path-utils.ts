/**
 * Path resolution as pi 0.73.1 does it (`dist/core/tools/path-utils.js`), plus the few POSIX path
 * functions the tools need (core may not import node:path, and every backend speaks POSIX paths).
 *
 * Deviations from pi:
 * - `~` expands to a home directory passed in (default DEFAULT_HOME_DIR), not os.homedir().
 * - read's path-variant probing asks the backend through an injected `exists(abs)` instead of
 *   probing the local disk with fs.accessSync (pi probes the real disk even with custom operations).
 */

/** The home directory `~` expands to when the caller has none to offer. */
export const DEFAULT_HOME_DIR = "/home/user";

// U+00A0, U+2000–U+200A, U+202F, U+205F, U+3000: what models and macOS put where a space was meant.
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/** Strips one leading `@`, turns Unicode spaces into ASCII ones, expands `~` and `~/x` (not `~user`). */
export function expandPath(filePath: string, home: string = DEFAULT_HOME_DIR): string {
  let p = filePath.startsWith("@") ? filePath.slice(1) : filePath;
  p = p.replace(UNICODE_SPACES, " ");
  if (p === "~") return home;
  if (p.startsWith("~/")) return home + p.slice(1);
  return p;
}

export function isAbsolutePath(p: string): boolean {
  return p.startsWith("/");
}

/** Collapses `.`, `..` and repeated slashes of an absolute path (like path.posix.normalize). */
export function normalizeAbsolute(p: string): string {
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return `/${out.join("/")}`;
}

/** path.posix.resolve without a process cwd: segments right to left until one is absolute ("/" if none). */
export function resolvePath(...segments: string[]): string {
  let joined = "";
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i];
    if (!segment) continue;
    joined = joined ? `${segment}/${joined}` : segment;
    if (isAbsolutePath(segment)) break;
  }
  return normalizeAbsolute(isAbsolutePath(joined) ? joined : `/${joined}`);
}

/** path.posix.join: concatenates with `/` and normalises; keeps a relative result relative. */
export function joinPath(...segments: string[]): string {
  const joined = segments.filter((s) => s.length > 0).join("/");
  if (!joined) return ".";
  if (isAbsolutePath(joined)) return normalizeAbsolute(joined);
  const normalized = normalizeAbsolute(`/${joined}`).slice(1);
  return normalized || ".";
}

export function dirnamePath(p: string): string {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, "") : p;
  const i = trimmed.lastIndexOf("/");
  if (i < 0) return ".";
  if (i === 0) return "/";
  return trimmed.slice(0, i);
}

export function basenamePath(p: string): string {
  const trimmed = p.length > 1 ? p.replace(/\/+$/, "") : p;
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** path.posix.relative between two absolute paths (`""` when equal, `../x` when outside). */
export function relativePath(from: string, to: string): string {
  const a = resolvePath(from).split("/").filter(Boolean);
  const b = resolvePath(to).split("/").filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  return [...Array(a.length - common).fill(".."), ...b.slice(common)].join("/");
}

/**
 * Absolute paths are returned as expanded (pi does not normalise them); anything else is resolved
 * against cwd. No sandboxing: `..` and paths outside cwd are allowed, as in pi.
 */
export function resolveToCwd(filePath: string, cwd: string, home?: string): string {
  const expanded = expandPath(filePath, home);
  return isAbsolutePath(expanded) ? expanded : resolvePath(cwd, expanded);
}

/** Asks the backend whether an absolute path exists (read's variant probing). */
export type PathExists = (absolutePath: string) => boolean | Promise<boolean>;

/** The names macOS and some models produce for a file whose real name differs, in pi's probe order. */
export function readPathVariants(resolved: string): string[] {
  const screenshot = resolved.replace(/ (AM|PM)\./gi, "\u202F$1.");
  const nfd = resolved.normalize("NFD");
  const curly = resolved.replace(/'/g, "\u2019");
  const nfdCurly = nfd.replace(/'/g, "\u2019");
  return [screenshot, nfd, curly, nfdCurly];
}

/**
 * read only: like resolveToCwd, but when that file does not exist tries the variants (macOS
 * screenshot ` AM.` with U+202F, NFD, curly apostrophe, NFD + curly) and returns the first that
 * exists; the plain resolved path when none does.
 */
export async function resolveReadPath(
  filePath: string,
  cwd: string,
  exists: PathExists,
  home?: string,
): Promise<string> {
  const resolved = resolveToCwd(filePath, cwd, home);
  if (await safeExists(exists, resolved)) return resolved;
  for (const variant of readPathVariants(resolved)) {
    if (variant !== resolved && (await safeExists(exists, variant))) return variant;
  }
  return resolved;
}

async function safeExists(exists: PathExists, p: string): Promise<boolean> {
  try {
    return await exists(p);
  } catch {
    return false;
  }
}
