/**
 * just-bash's file-system interface (`IFileSystem`, just-bash 3.4.2 `fs/interface.ts`) over a folder of the
 * memfs volume, so bash and the other tools share one source of truth. just-bash mounts it with
 * `MountableFs`, which hands us paths relative to the mount point; the mount point and the memfs folder
 * are the same path (`/workspace` ↔ `/workspace`, `/tmp` ↔ `/tmp`), so absolute symlink targets mean the
 * same thing on both sides. Every method calls memfs's sync API: the volume is in memory, nothing waits.
 *
 * The pitfalls of this pairing, each proved by a test:
 * 1. memfs `rmSync` on a symlink deletes the target: links and files are unlinked, rmSync only on real
 *    directories.
 * 2. just-bash's redirections assume a write creates missing parent folders (its own InMemoryFs does) and
 *    let the error escape `exec()` otherwise: writeFile/appendFile create them.
 * 3. /dev/null and friends: they come from just-bash's own base file system, not from here (see engine.ts).
 * 4. Node-only defence-in-depth blocks `process.cwd()`, which memfs calls: see engine.ts.
 */
import { normalizeAbsolute } from "@core/path-utils";
import type {
  BufferEncoding,
  CpOptions,
  FileContent,
  FsStat,
  IFileSystem,
  MkdirOptions,
  RmOptions,
} from "just-bash";
import { readStored } from "../stored-bytes";
import type { MemfsWorkspace } from "../workspace";
import { decode, encode, encodingOf, latin1, type ReadFileOptions, type WriteFileOptions } from "./encoding";

type MemfsFs = MemfsWorkspace["fs"];
type DirentEntry = Awaited<ReturnType<NonNullable<IFileSystem["readdirWithFileTypes"]>>>[number];

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
    const relative = normalizeAbsolute(path);
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
    return path.startsWith("/") ? normalizeAbsolute(path) : normalizeAbsolute(`${base}/${path}`);
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
