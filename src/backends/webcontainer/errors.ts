/**
 * WebContainer's errors reach the page without a `code`: its client forwards only the message (and
 * name and stack) across the frame boundary. The message still starts with Node's code
 * (`ENOENT: no such file or directory, open '…'`), so the code is read from there, and the error is
 * rebuilt with Node's text for the path the tool asked about, the way memfs and Node word it: the
 * container's own path (under its workdir) would mean nothing to the model.
 */

const TEXTS: Record<string, string> = {
  ENOENT: "no such file or directory",
  EEXIST: "file already exists",
  ENOTDIR: "not a directory",
  EISDIR: "illegal operation on a directory",
  EACCES: "permission denied",
  ENOTEMPTY: "directory not empty",
  EPERM: "operation not permitted",
  EIO: "i/o error",
  ENOSPC: "no space left on device",
};

/** The Node error code a message starts with, or undefined. */
export function codeOfMessage(message: string): string | undefined {
  return /^(E[A-Z]+)\b/.exec(message)?.[1];
}

export function codeOf(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === "string") return own;
  return codeOfMessage(error instanceof Error ? error.message : String(error));
}

/**
 * Syscalls that work on an open descriptor: Node's message for them names no path (a read of a folder
 * is `EISDIR: illegal operation on a directory, read`, the text pi's read tool gives).
 */
const DESCRIPTOR_SYSCALLS = new Set(["read", "write"]);

/**
 * Node's error for `syscall` on `path`: `CODE: text, syscall 'path'` (no path for a descriptor's
 * syscall), with code, syscall and path set.
 */
export function nodeError(code: string, syscall: string, path: string): Error {
  const text = TEXTS[code] ?? code.toLowerCase();
  const where = DESCRIPTOR_SYSCALLS.has(syscall) ? "" : ` '${path}'`;
  return Object.assign(new Error(`${code}: ${text}, ${syscall}${where}`), { code, syscall, path });
}

/** The container's error, reworded for the tool's path; an error with no code is passed on as it is. */
export function rewordError(error: unknown, syscall: string, path: string): Error {
  const code = codeOf(error);
  if (code) return nodeError(code, syscall, path);
  return error instanceof Error ? error : new Error(String(error));
}
