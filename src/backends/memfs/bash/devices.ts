/**
 * Endless sources in a bash whose pipes are not streamed. just-bash hands each command the whole output
 * of the one before it, so nothing can be endless: `/dev/zero` was an empty file (`head -c 30000000
 * /dev/zero | wc -c` printed 0), `/dev/urandom` did not exist, and a write to `/dev/zero` replaced its
 * content. Here:
 *
 * - reading `/dev/zero`, `/dev/urandom` or `/dev/random` as a whole (cat, `<`, od) gives ENDLESS_READ_BYTES
 *   of NUL or random bytes, then ends;
 * - `head -c N` on one of them makes exactly N bytes (so any size up to the engine's string limit);
 * - writes to them, and to /dev/null, are discarded, as on Linux.
 * See docs/bash-engine.md §2.3.
 */
import type { Command, ExecResult, IFileSystem } from "just-bash";
import { latin1 } from "./byte-output";

/**
 * What one whole read of an endless device gives, and what `yes` prints (yes.ts): 16 MiB. Handed on as
 * bytes it crosses a pipe in about 0.1 s with 18 MB of memory in Node; 64 MiB took 0.3–0.6 s and 68 MB
 * (docs/bash-engine.md §2.3).
 */
export const ENDLESS_READ_BYTES = 16 * 1024 * 1024;

const ZERO = "/dev/zero";
const RANDOM = new Set(["/dev/urandom", "/dev/random"]);

export const isEndlessDevice = (path: string) => path === ZERO || RANDOM.has(path);
// /dev/null too: just-bash's own store appended `echo x >> /dev/null` to it, so `cat /dev/null` printed x
const swallowsWrites = (path: unknown) =>
  typeof path === "string" && (path === "/dev/null" || isEndlessDevice(path));

/** `size` bytes of `device` as a byte string (one char per byte), which just-bash's byte output wants. */
export function deviceBytes(device: string, size: number): string {
  if (device === ZERO) return "\0".repeat(size);
  const bytes = new Uint8Array(size);
  // getRandomValues fills at most 65,536 bytes per call
  for (let at = 0; at < size; at += 65_536) crypto.getRandomValues(bytes.subarray(at, at + 65_536));
  return latin1(bytes);
}

/** `fs` with the endless devices: whole reads give a bounded block, writes vanish. */
export function withEndlessDevices(fs: IFileSystem): IFileSystem {
  const device = (path: unknown) => typeof path === "string" && isEndlessDevice(path);
  const overrides: Partial<IFileSystem> = {
    ...(fs.readFileBytes && {
      async readFileBytes(path: string) {
        if (!device(path)) return (fs.readFileBytes as NonNullable<IFileSystem["readFileBytes"]>)(path);
        return deviceBytes(path, ENDLESS_READ_BYTES) as unknown as Awaited<
          ReturnType<NonNullable<IFileSystem["readFileBytes"]>>
        >;
      },
    }),
    async readFile(path, options) {
      if (!device(path)) return fs.readFile(path, options);
      return deviceBytes(path, ENDLESS_READ_BYTES);
    },
    async readFileBuffer(path) {
      if (!device(path)) return fs.readFileBuffer(path);
      if (path === ZERO) return new Uint8Array(ENDLESS_READ_BYTES);
      return Uint8Array.from(deviceBytes(path, ENDLESS_READ_BYTES), (c) => c.charCodeAt(0));
    },
    async writeFile(path, content, options) {
      if (!swallowsWrites(path)) return fs.writeFile(path, content, options);
    },
    async appendFile(path, content, options) {
      if (!swallowsWrites(path)) return fs.appendFile(path, content, options);
    },
    async exists(path) {
      return device(path) || fs.exists(path);
    },
    async stat(path) {
      return fs.stat(device(path) ? ZERO : path);
    },
  };
  return new Proxy(fs, {
    get(target, key, receiver) {
      if (typeof key === "string" && key in overrides) return overrides[key as keyof IFileSystem];
      const value = Reflect.get(target, key, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** The byte count of `head -c N FILE` when FILE is an endless device, else null (the bundled head runs). */
export function headBytesFromDevice(args: readonly string[]): { device: string; size: number } | null {
  let size: number | null = null;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = arg === "-c" || arg === "--bytes" ? args[++i] : /^(-c|--bytes=)(.+)$/.exec(arg)?.[2];
    if (value !== undefined) {
      if (!/^\d+$/.test(value)) return null;
      size = Number(value);
    } else if (arg.startsWith("-") && arg !== "-") return null;
    else files.push(arg);
  }
  if (size === null || files.length !== 1 || !isEndlessDevice(files[0])) return null;
  return { device: files[0], size };
}

export const headCommand: Command = {
  name: "head",
  async execute(args, ctx): Promise<ExecResult> {
    if (!ctx.origCommand)
      throw new Error("head: the bundled head is not registered; keep it in the command list");
    const request = headBytesFromDevice(args);
    if (!request) return ctx.origCommand(args);
    const most = ctx.limits.maxStringLength;
    if (request.size > most)
      return {
        stdout: "",
        stderr:
          `head: ${request.device}: cannot make more than ${most.toLocaleString("en-US")} bytes at once in this ` +
          "in-browser bash (a command's whole output is held in memory). Ask for fewer bytes.\n",
        exitCode: 1,
      };
    return {
      stdout: deviceBytes(request.device, request.size),
      stderr: "",
      exitCode: 0,
      stdoutKind: "bytes",
    };
  },
};
