/**
 * The errors the faulty disk throws, shaped as Node's fs errors are: the text
 * `<CODE>: <description>, <syscall> '<path>'` and the fields `errno`, `code`, `syscall` and `path`.
 * Tools that recognise a code (edit's access check) read `code`; everything else shows the text, so
 * the text has to be the one a real disk would give.
 */

export type FaultCode = "EIO" | "ENOSPC" | "EACCES" | "ENOENT";

/** libuv's descriptions and Linux errno values, as Node reports them. */
const CODES: Readonly<Record<FaultCode, { errno: number; description: string }>> = {
  ENOENT: { errno: -2, description: "no such file or directory" },
  EIO: { errno: -5, description: "i/o error" },
  EACCES: { errno: -13, description: "permission denied" },
  ENOSPC: { errno: -28, description: "no space left on device" },
};

export interface FsError extends Error {
  errno: number;
  code: FaultCode;
  syscall: string;
  path?: string;
}

export function fsError(code: FaultCode, syscall: string, path?: string): FsError {
  const { errno, description } = CODES[code];
  const text = `${code}: ${description}, ${syscall}${path === undefined ? "" : ` '${path}'`}`;
  return Object.assign(new Error(text), { errno, code, syscall, ...(path === undefined ? {} : { path }) });
}

/** Node's error when a process cannot start: `spawn <file> <CODE>`, with the file as `path`. */
export function spawnError(code: FaultCode, file = "/bin/bash"): FsError {
  const { errno } = CODES[code];
  return Object.assign(new Error(`spawn ${file} ${code}`), {
    errno,
    code,
    syscall: `spawn ${file}`,
    path: file,
  });
}

/**
 * The system call Node names for each operation, so a message reads like the real one (`open` for a
 * whole-file read or write, `scandir` for a listing). A short write fails in `write`, after the open.
 */
const SYSCALLS: Readonly<Record<string, string>> = {
  readFile: "open",
  writeFile: "open",
  writeBytes: "open",
  appendFile: "open",
  access: "access",
  exists: "access",
  stat: "stat",
  isDirectory: "stat",
  readdir: "scandir",
  mkdir: "mkdir",
  realpath: "realpath",
  detectImageMimeType: "open",
};

export function syscallOf(method: string): string {
  return SYSCALLS[method] ?? method;
}
