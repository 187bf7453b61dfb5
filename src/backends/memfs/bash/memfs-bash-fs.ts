/**
 * just-bash's file-system interface (`IFileSystem`, just-bash 3.4.2 `fs/interface.ts`) over a folder of the
 * memfs volume, so bash and the other tools share one source of truth. just-bash mounts it with
 * `MountableFs`, which hands us paths relative to the mount point; the mount point and the memfs folder
 * are the same path (`/workspace` ↔ `/workspace`, `/tmp` ↔ `/tmp`), so absolute symlink targets mean the
 * same thing on both sides. Every method calls memfs's sync API: the volume is in memory, nothing waits.
 *
 * The pitfalls found in research (shared/research/bash-engine.md §1.3), each proved by a test:
 * 1. memfs `rmSync` on a symlink deletes the target: links and files are unlinked, rmSync only on real
 *    directories.
 * 2. just-bash's redirections assume a write creates missing parent folders (its own InMemoryFs does) and
 *    let the error escape `exec()` otherwise: writeFile/appendFile create them.
 * 3. /dev/null and friends: they come from just-bash's own base file system, not from here (see engine.ts).
 * 4. Node-only defence-in-depth blocks `process.cwd()`, which memfs calls: see engine.ts.
 */
import { decodeUtf8 } from "@core/bytes";
import type {
  BufferEncoding,
  CpOptions,
  FileContent,
  FsStat,
  IFileSystem,
  MkdirOptions,
  RmOptions,
} from "just-bash";
import { nativeLatin1, readStored } from "../stored-bytes";
import type { MemfsWorkspace } from "../workspace";

type MemfsFs = MemfsWorkspace["fs"];
type Encoding = BufferEncoding | null | undefined;
// Not exported by just-bash's entry points: taken from the interface itself.
type ReadFileOptions = Exclude<Parameters<IFileSystem["readFile"]>[1], BufferEncoding | undefined>;
type WriteFileOptions = Exclude<Parameters<IFileSystem["writeFile"]>[2], BufferEncoding | undefined>;
type DirentEntry = Awaited<ReturnType<NonNullable<IFileSystem["readdirWithFileTypes"]>>>[number];

/** Called after a write, with the memfs path (for listeners that want more than memfs's own events). */
export type FsMutationListener = (op: string, path: string) => void;

export class MemfsBashFs implements IFileSystem {
  private readonly fs: MemfsFs;

  /**
   * @param workspace the workspace whose memfs volume is mounted
   * @param folder the memfs folder mounted (and the mount point inside bash): absolute, no trailing slash
   */
  constructor(
    private readonly workspace: MemfsWorkspace,
    private readonly folder: string,
  ) {
    this.fs = workspace.fs;
  }

  /** Mount-relative path (`/`, `/a/b`) → memfs path. */
  private real(path: string): string {
    const relative = normalize(path);
    return relative === "/" ? this.folder : `${this.folder}${relative}`;
  }

  async readFile(path: string, options?: ReadFileOptions | BufferEncoding): Promise<string> {
    const encoding = encodingOf(options) ?? "utf8";
    return decode(this.view(path), encoding);
  }

  // A copy: just-bash may keep the bytes while the file changes.
  async readFileBuffer(path: string): Promise<Uint8Array> {
    return this.fs.readFileSync(this.real(path)) as Uint8Array;
  }

  // just-bash's ByteString is a latin1-shaped string; the type is opaque, hence the cast in engine terms.
  async readFileBytes(path: string): Promise<never> {
    return latin1(this.view(path)) as never;
  }

  /** The stored bytes without a copy (5 MB cost a 20 ms copy in a browser): only for an immediate decode. */
  private view(path: string): Uint8Array {
    return readStored(this.workspace, this.real(path));
  }

  async writeFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding) {
    const real = this.real(path);
    this.ensureParent(real);
    this.fs.writeFileSync(real, encode(content, encodingOf(options)));
  }

  async appendFile(path: string, content: FileContent, options?: WriteFileOptions | BufferEncoding) {
    const real = this.real(path);
    this.ensureParent(real);
    this.fs.appendFileSync(real, encode(content, encodingOf(options)));
  }

  /** Pitfall 2: a missing parent folder is created, as just-bash's own InMemoryFs does. */
  private ensureParent(real: string): void {
    const parent = real.slice(0, real.lastIndexOf("/")) || "/";
    if (!this.fs.existsSync(parent)) this.fs.mkdirSync(parent, { recursive: true });
  }

  async exists(path: string): Promise<boolean> {
    return this.fs.existsSync(this.real(path));
  }

  async stat(path: string): Promise<FsStat> {
    return toStat(this.fs.statSync(this.real(path)));
  }

  async lstat(path: string): Promise<FsStat> {
    return toStat(this.fs.lstatSync(this.real(path)));
  }

  async mkdir(path: string, options?: MkdirOptions): Promise<void> {
    const real = this.real(path);
    // `mkdir -p` of an existing folder is fine; plain mkdir of one reports EEXIST as memfs words it.
    if (options?.recursive && this.fs.existsSync(real) && this.fs.statSync(real).isDirectory()) return;
    this.fs.mkdirSync(real, { recursive: options?.recursive ?? false });
  }

  async readdir(path: string): Promise<string[]> {
    return (this.fs.readdirSync(this.real(path)) as string[]).map(String);
  }

  async readdirWithFileTypes(path: string): Promise<DirentEntry[]> {
    const entries = this.fs.readdirSync(this.real(path), { withFileTypes: true }) as unknown as {
      name: unknown;
      isFile(): boolean;
      isDirectory(): boolean;
      isSymbolicLink(): boolean;
    }[];
    return entries.map((d) => ({
      name: String(d.name),
      isFile: d.isFile(),
      isDirectory: d.isDirectory(),
      isSymbolicLink: d.isSymbolicLink(),
    }));
  }

  /** Pitfall 1: only a real folder goes through rmSync; a symlink (even to a folder) is unlinked. */
  async rm(path: string, options?: RmOptions): Promise<void> {
    const real = this.real(path);
    let isDir: boolean;
    try {
      const stat = this.fs.lstatSync(real);
      isDir = stat.isDirectory() && !stat.isSymbolicLink();
    } catch (error) {
      if (options?.force && isNotFound(error)) return;
      throw error;
    }
    if (isDir) this.fs.rmSync(real, { recursive: options?.recursive ?? false, force: options?.force });
    else this.fs.unlinkSync(real);
  }

  async cp(src: string, dest: string, options?: CpOptions): Promise<void> {
    const from = this.real(src);
    const to = this.real(dest);
    this.ensureParent(to);
    if (this.fs.statSync(from).isDirectory()) {
      if (!options?.recursive) throw new Error(`EISDIR: illegal operation on a directory, copy '${src}'`);
      this.fs.cpSync(from, to, { recursive: true });
    } else this.fs.copyFileSync(from, to);
  }

  async mv(src: string, dest: string): Promise<void> {
    const to = this.real(dest);
    this.ensureParent(to);
    this.fs.renameSync(this.real(src), to);
  }

  resolvePath(base: string, path: string): string {
    return path.startsWith("/") ? normalize(path) : normalize(`${base}/${path}`);
  }

  /** Only `ls` with an unexpanded glob asks; an empty list is allowed by the interface. */
  getAllPaths(): string[] {
    return [];
  }

  async chmod(path: string, mode: number): Promise<void> {
    this.fs.chmodSync(this.real(path), mode);
  }

  async symlink(target: string, linkPath: string): Promise<void> {
    this.fs.symlinkSync(target, this.real(linkPath));
  }

  async link(existingPath: string, newPath: string): Promise<void> {
    this.fs.linkSync(this.real(existingPath), this.real(newPath));
  }

  async readlink(path: string): Promise<string> {
    return String(this.fs.readlinkSync(this.real(path)));
  }

  /** Mount-relative, as MountableFs expects; a target outside this folder stays absolute (best effort). */
  async realpath(path: string): Promise<string> {
    const real = String(this.fs.realpathSync(this.real(path)));
    if (real === this.folder) return "/";
    return real.startsWith(`${this.folder}/`) ? real.slice(this.folder.length) : real;
  }

  async utimes(path: string, atime: Date, mtime: Date): Promise<void> {
    this.fs.utimesSync(this.real(path), atime, mtime);
  }
}

function isNotFound(error: unknown): boolean {
  return (error as { code?: string })?.code === "ENOENT";
}

function encodingOf(options: ReadFileOptions | WriteFileOptions | BufferEncoding | undefined): Encoding {
  if (options === undefined) return undefined;
  return typeof options === "string" ? options : (options.encoding ?? undefined);
}

interface MemfsStat {
  isFile(): boolean;
  isDirectory(): boolean;
  isSymbolicLink(): boolean;
  mode: number | bigint;
  size: number | bigint;
  mtime: Date;
  dev: number | bigint;
  ino: number | bigint;
}

function toStat(stat: MemfsStat): FsStat {
  return {
    isFile: stat.isFile(),
    isDirectory: stat.isDirectory(),
    isSymbolicLink: stat.isSymbolicLink(),
    mode: Number(stat.mode),
    size: Number(stat.size),
    mtime: stat.mtime,
    dev: stat.dev,
    ino: stat.ino,
  };
}

/** A POSIX normalise of an absolute path (no node:path in src/). */
export function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return `/${out.join("/")}`;
}

const CHUNK = 0x2000;

/** Bytes → a string with one char per byte (just-bash's ByteString shape). */
export function latin1(bytes: Uint8Array): string {
  const native = nativeLatin1(bytes);
  if (native !== undefined) return native;
  // Pure ASCII (most source and logs) decodes natively: UTF-8 and latin1 agree on it (in pieces in a
  // browser: 5 MB took Chromium 32 ms in one).
  let high = false;
  for (let i = 0; i < bytes.length; i++)
    if (bytes[i] > 0x7f) {
      high = true;
      break;
    }
  if (!high) return decodeUtf8(bytes);
  let out = "";
  for (let i = 0; i < bytes.length; i += CHUNK)
    out += String.fromCharCode.apply(null, bytes.subarray(i, i + CHUNK) as unknown as number[]);
  return out;
}

/** A one-char-per-byte string → bytes (chars above 0xFF keep their low byte, as Node's latin1 does). */
export function latin1Bytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function decode(bytes: Uint8Array, encoding: BufferEncoding): string {
  switch (encoding) {
    case "binary":
    case "latin1":
      return latin1(bytes);
    case "ascii": {
      const masked = new Uint8Array(bytes.length);
      for (let i = 0; i < bytes.length; i++) masked[i] = bytes[i] & 0x7f;
      return latin1(masked);
    }
    case "base64":
      return btoa(latin1(bytes));
    case "hex":
      return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    default:
      return new TextDecoder("utf-8").decode(bytes);
  }
}

function encode(content: FileContent, encoding: Encoding): Uint8Array {
  if (typeof content !== "string") return content;
  switch (encoding) {
    case "binary":
    case "latin1":
    case "ascii":
      return latin1Bytes(content);
    case "base64":
      return latin1Bytes(atob(content));
    case "hex": {
      const bytes = new Uint8Array(content.length >> 1);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(content.slice(i * 2, i * 2 + 2), 16);
      return bytes;
    }
    default:
      return new TextEncoder().encode(content);
  }
}
