/**
 * `mkdir -p` on a memfs volume with the errors Node's `fs.mkdir(path, { recursive: true })` gives, which
 * pi's write shows the model as they are. memfs differs where a path component is not a folder: with the
 * last one a file it creates nothing and reports no error (the write then fails with `ENOTDIR … open`),
 * through a dangling symlink it creates the target's folders, and two levels below a file its message
 * loses the syscall. Node, for the requested path P:
 * - the last component exists and is not a folder (after symlinks): `EEXIST: file already exists, mkdir 'P'`
 * - an earlier component is a file: `ENOTDIR: not a directory, mkdir 'P'`
 * - a component is a dangling symlink: `ENOENT: no such file or directory, mkdir 'P'`
 */

/** The memfs calls this needs (memfs's IFs satisfies it). */
export interface MkdirFs {
  statSync(path: string): { isDirectory(): boolean };
  lstatSync(path: string): unknown;
  mkdirSync(path: string, options: { recursive: true }): unknown;
}

const ERRORS = {
  EEXIST: { errno: -17, text: "file already exists" },
  ENOTDIR: { errno: -20, text: "not a directory" },
  ENOENT: { errno: -2, text: "no such file or directory" },
} as const;

function mkdirError(code: keyof typeof ERRORS, path: string): Error {
  const { errno, text } = ERRORS[code];
  return Object.assign(new Error(`${code}: ${text}, mkdir '${path}'`), {
    code,
    errno,
    syscall: "mkdir",
    path,
  });
}

/** "dir", "other" (exists, not a folder), "dangling" (a symlink to nothing) or "missing". */
function kindOf(fs: MkdirFs, path: string): "dir" | "other" | "dangling" | "missing" {
  try {
    return fs.statSync(path).isDirectory() ? "dir" : "other";
  } catch (error) {
    // ENOTDIR: a component above is not a folder; the walk in mkdirRecursive finds which.
    const code = (error as { code?: string }).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
  }
  try {
    fs.lstatSync(path);
    return "dangling";
  } catch {
    return "missing";
  }
}

/** Creates the absolute folder `path` and any missing parents; throws as Node would when it cannot. */
export function mkdirRecursive(fs: MkdirFs, path: string): void {
  if (kindOf(fs, path) === "dir") return; // the usual case: the folder is there already
  const parts = path.split("/").filter(Boolean);
  let prefix = "";
  for (const [i, part] of parts.entries()) {
    prefix += `/${part}`;
    const kind = kindOf(fs, prefix);
    if (kind === "dir") continue;
    if (kind === "other") throw mkdirError(i === parts.length - 1 ? "EEXIST" : "ENOTDIR", path);
    if (kind === "dangling") throw mkdirError("ENOENT", path);
    break; // missing: everything below it is missing too, and memfs creates it all as Node would
  }
  fs.mkdirSync(path, { recursive: true });
}
