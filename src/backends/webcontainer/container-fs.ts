/**
 * The file calls the tools need, over a WebContainer's seven (readFile, writeFile, readdir, mkdir, rm,
 * rename, watch), with absolute workspace paths and Node's errors:
 *
 * - Paths: the tools see the workspace at `root` (e.g. `/workspace`); the container's fs API takes paths
 *   relative to its workdir, so `/workspace/src/a.ts` becomes `src/a.ts` and the root itself `.`.
 *   A path outside the workspace (bash's output logs in /tmp) cannot reach the container's fs at all: it
 *   goes to a small local volume instead (`outside`), so `read` can still open a log bash pointed to.
 * - No stat, lstat, realpath or access: an entry's kind is read from its folder's listing (DirEnt says
 *   only file or directory); an entry that is neither (a symlink, as far as the listing shows) is
 *   followed by trying to list it, then to read it. Nothing assumes a listing's order.
 * - Errors carry no code: it is read from the message and the error rebuilt with the tool's path
 *   (errors.ts).
 */
import type { DirEntry, EntryKind } from "@core/search/types";
import { nodeError, rewordError } from "./errors";
import type { WebContainerLike } from "./types";

/** The few synchronous calls the local volume for paths outside the workspace answers. */
export interface OutsideFs {
  readFileSync(path: string): unknown;
  writeFileSync(path: string, data: Uint8Array | string): void;
  appendFileSync(path: string, data: Uint8Array): void;
  mkdirSync(path: string, options: { recursive: true }): unknown;
  statSync(path: string): { isDirectory(): boolean; isFile(): boolean };
  readdirSync(path: string, options: { withFileTypes: true }): unknown;
  existsSync(path: string): boolean;
}

export type Kind = "file" | "directory";

export class ContainerFs {
  constructor(
    readonly container: WebContainerLike,
    readonly root: string,
    readonly outside: OutsideFs,
  ) {}

  /** The container-relative path of an absolute workspace path, or undefined when it is outside. */
  relative(absolutePath: string): string | undefined {
    if (absolutePath === this.root) return ".";
    if (absolutePath.startsWith(`${this.root}/`)) return absolutePath.slice(this.root.length + 1);
    return undefined;
  }

  async readFile(absolutePath: string): Promise<Uint8Array> {
    const rel = this.relative(absolutePath);
    if (rel === undefined) return new Uint8Array(this.outside.readFileSync(absolutePath) as Uint8Array);
    const kind = await this.kind(absolutePath);
    // The container may answer a read of a folder with bytes or an odd message; Node's is EISDIR.
    if (kind === "directory") throw nodeError("EISDIR", "read", absolutePath);
    try {
      const data = await this.container.fs.readFile(rel);
      return data instanceof Uint8Array ? data : new Uint8Array(data as ArrayLike<number>);
    } catch (error) {
      throw rewordError(error, "open", absolutePath);
    }
  }

  async writeFile(absolutePath: string, data: Uint8Array | string): Promise<void> {
    const rel = this.relative(absolutePath);
    if (rel === undefined) return void this.outside.writeFileSync(absolutePath, data);
    if ((await this.kind(absolutePath)) === "directory") throw nodeError("EISDIR", "open", absolutePath);
    try {
      await this.container.fs.writeFile(rel, data);
    } catch (error) {
      throw rewordError(error, "open", absolutePath);
    }
  }

  /** The entries of a folder with their kinds as listed (a symlink shows as "other"). */
  async readdir(absolutePath: string): Promise<DirEntry[]> {
    const rel = this.relative(absolutePath);
    if (rel === undefined) {
      const entries = this.outside.readdirSync(absolutePath, { withFileTypes: true }) as {
        name: unknown;
        isFile(): boolean;
        isDirectory(): boolean;
      }[];
      return entries.map((e) => ({ name: String(e.name), kind: listedKind(e) }));
    }
    try {
      const entries = await this.container.fs.readdir(rel, { withFileTypes: true });
      return entries.map((e) => ({ name: String(e.name), kind: listedKind(e) }));
    } catch (error) {
      throw rewordError(error, "scandir", absolutePath);
    }
  }

  /** The kind of the entry itself, as its folder lists it; undefined when there is none. */
  async listedKind(absolutePath: string): Promise<EntryKind | undefined> {
    if (absolutePath === this.root) return "directory";
    const slash = absolutePath.lastIndexOf("/");
    const parent = absolutePath.slice(0, slash) || "/";
    const name = absolutePath.slice(slash + 1);
    try {
      return (await this.readdir(parent)).find((e) => e.name === name)?.kind;
    } catch {
      return undefined;
    }
  }

  /** What the path is after following a link (file or directory), or undefined when it leads nowhere. */
  async kind(absolutePath: string): Promise<Kind | undefined> {
    const rel = this.relative(absolutePath);
    if (rel === undefined) {
      try {
        return this.outside.statSync(absolutePath).isDirectory() ? "directory" : "file";
      } catch {
        return undefined;
      }
    }
    const listed = await this.listedKind(absolutePath);
    if (listed === "file" || listed === "directory") return listed;
    if (listed === undefined) return undefined;
    // Neither in the listing: follow it the only ways the API allows.
    try {
      await this.container.fs.readdir(rel);
      return "directory";
    } catch {}
    try {
      await this.container.fs.readFile(rel);
      return "file";
    } catch {
      return undefined;
    }
  }

  /** Node's stat, as far as the tools use it: throws ENOENT when missing. */
  async stat(absolutePath: string): Promise<{ isDirectory(): boolean; isFile(): boolean }> {
    const kind = await this.kind(absolutePath);
    if (!kind) throw nodeError("ENOENT", "stat", absolutePath);
    return { isDirectory: () => kind === "directory", isFile: () => kind === "file" };
  }

  async exists(absolutePath: string): Promise<boolean> {
    return (await this.kind(absolutePath)) !== undefined;
  }

  /** The container has no permissions to check: a path that exists is readable and writable. */
  async access(absolutePath: string): Promise<void> {
    if (!(await this.exists(absolutePath))) throw nodeError("ENOENT", "access", absolutePath);
  }

  /** No links can be resolved through the API: the path itself, when it exists. */
  async realpath(absolutePath: string): Promise<string> {
    if (!(await this.exists(absolutePath))) throw nodeError("ENOENT", "realpath", absolutePath);
    return absolutePath;
  }

  /** `mkdir -p` with Node's errors when a component is a file (EEXIST for the last, ENOTDIR above it). */
  async mkdirp(absolutePath: string): Promise<void> {
    const rel = this.relative(absolutePath);
    if (rel === undefined) return void this.outside.mkdirSync(absolutePath, { recursive: true });
    if ((await this.kind(absolutePath)) === "directory") return;
    const parts = rel.split("/").filter((p) => p && p !== ".");
    let prefix = this.root;
    for (const [i, part] of parts.entries()) {
      prefix += `/${part}`;
      const kind = await this.kind(prefix);
      if (kind === "directory") continue;
      if (kind === "file")
        throw nodeError(i === parts.length - 1 ? "EEXIST" : "ENOTDIR", "mkdir", absolutePath);
      break;
    }
    try {
      await this.container.fs.mkdir(rel, { recursive: true });
    } catch (error) {
      throw rewordError(error, "mkdir", absolutePath);
    }
  }
}

function listedKind(entry: { isFile(): boolean; isDirectory(): boolean }): EntryKind {
  if (entry.isFile()) return "file";
  if (entry.isDirectory()) return "directory";
  return "symlink";
}
