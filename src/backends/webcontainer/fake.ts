/**
 * A fake WebContainer for tests and the test build's page: the `@webcontainer/api` 1.6.4 types over a
 * memfs volume, with the real runtime's limits reproduced so that the backend cannot lean on anything
 * the real one lacks:
 * - the file system has the seven calls and nothing else (no stat, lstat, realpath, access, symlink);
 * - paths are rooted at the workdir (`a.txt`, `./a.txt` and `/a.txt` are the same file), and `..` stops
 *   at the workdir;
 * - errors are plain `Error(message)` with no `code` (the client forwards only the message);
 * - a DirEnt has only `name`, `isFile()` and `isDirectory()`, and listings come in reverse name order,
 *   so nothing may assume an order;
 * - `readFile` gives a plain Uint8Array (no Buffer), a copy;
 * - `spawn('jsh', ['-c', command])` runs the command on the volume with the playground's bash
 *   interpreter, streaming `\r\n`-ended output as a terminal does; `kill()` stops it (exit code 130,
 *   this fake's choice);
 * - one booted instance at a time, as the real client allows per page: `boot()` while one is alive
 *   throws the client's own error, until that one's `teardown()`.
 */
import { createMemfsBashOperations } from "@backends/memfs/bash/index";
import { createMemfsWorkspace, type MemfsWorkspace } from "@backends/memfs/workspace";
import { utf8Decode } from "@core/bytes";
import type {
  BufferEncoding,
  DirEnt,
  FileSystemAPI,
  FileSystemTree,
  FSWatchCallback,
  FSWatchOptions,
  IFSWatcher,
  SpawnOptions,
  WebContainerProcess,
} from "@webcontainer/api";
import type { WebContainerLike } from "./types";

export const FAKE_WORKDIR = "/home/playground";

function withoutCode(error: unknown): Error {
  return new Error(error instanceof Error ? error.message : String(error));
}

class FakeFileSystem implements FileSystemAPI {
  constructor(private readonly volume: MemfsWorkspace) {}

  /** The volume's path for a container path: rooted at the workdir, `..` stopping there. */
  resolve(path: string): string {
    const parts: string[] = [];
    for (const part of path.split("/")) {
      if (!part || part === ".") continue;
      if (part === "..") parts.pop();
      else parts.push(part);
    }
    return [this.volume.root, ...parts].join("/");
  }

  private run<T>(work: () => T): Promise<T> {
    // A message to the container's frame and back: never synchronous.
    return new Promise((resolve, reject) => {
      queueMicrotask(() => {
        try {
          resolve(work());
        } catch (error) {
          reject(withoutCode(error));
        }
      });
    });
  }

  readdir(
    path: string,
    options: "buffer" | { encoding: "buffer"; withFileTypes?: false },
  ): Promise<Uint8Array[]>;
  readdir(
    path: string,
    options?: { encoding?: BufferEncoding | null; withFileTypes?: false } | BufferEncoding | null,
  ): Promise<string[]>;
  readdir(path: string, options: { encoding: "buffer"; withFileTypes: true }): Promise<DirEnt<Uint8Array>[]>;
  readdir(
    path: string,
    options: { encoding?: BufferEncoding | null; withFileTypes: true },
  ): Promise<DirEnt<string>[]>;
  readdir(path: string, options?: unknown): Promise<unknown[]> {
    const withTypes = typeof options === "object" && options !== null && "withFileTypes" in options;
    return this.run(() => {
      const entries = this.volume.fs.readdirSync(this.resolve(path), { withFileTypes: true }) as unknown as {
        name: unknown;
        isFile(): boolean;
        isDirectory(): boolean;
      }[];
      const listed = entries.map((e) => {
        const name = String(e.name);
        const file = e.isFile();
        const directory = e.isDirectory();
        return withTypes ? { name, isFile: () => file, isDirectory: () => directory } : name;
      });
      return listed.reverse();
    });
  }

  readFile(path: string, encoding?: null): Promise<Uint8Array>;
  readFile(path: string, encoding: BufferEncoding): Promise<string>;
  readFile(path: string, encoding?: BufferEncoding | null): Promise<Uint8Array | string> {
    return this.run(() => {
      const bytes = new Uint8Array(this.volume.fs.readFileSync(this.resolve(path)) as Uint8Array);
      return encoding ? utf8Decode(bytes) : bytes;
    });
  }

  writeFile(path: string, data: string | Uint8Array): Promise<void> {
    // The real client copies a Uint8Array before sending it: the caller's buffer stays usable.
    const copy = typeof data === "string" ? data : new Uint8Array(data);
    return this.run(() => this.volume.fs.writeFileSync(this.resolve(path), copy));
  }

  mkdir(path: string, options?: { recursive?: false }): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<string>;
  mkdir(path: string, options?: { recursive?: boolean }): Promise<unknown> {
    return this.run(() => {
      const made = this.volume.fs.mkdirSync(this.resolve(path), { recursive: options?.recursive === true });
      return typeof made === "string" ? made : undefined;
    });
  }

  rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void> {
    return this.run(() => this.volume.fs.rmSync(this.resolve(path), options ?? {}));
  }

  rename(oldPath: string, newPath: string): Promise<void> {
    return this.run(() => this.volume.fs.renameSync(this.resolve(oldPath), this.resolve(newPath)));
  }

  watch(filename: string, options?: FSWatchOptions, listener?: FSWatchCallback): IFSWatcher;
  watch(filename: string, listener?: FSWatchCallback): IFSWatcher;
  watch(filename: string, a?: FSWatchOptions | FSWatchCallback, b?: FSWatchCallback): IFSWatcher {
    const listener = typeof a === "function" ? a : b;
    const recursive = typeof a === "object" && a !== null && a.recursive === true;
    const watcher = this.volume.fs.watch(
      this.resolve(filename),
      { recursive, persistent: false },
      (event, name) => listener?.(event === "rename" ? "rename" : "change", String(name)),
    );
    return { close: () => watcher.close() };
  }
}

export class FakeWebContainer implements WebContainerLike {
  /** `release` is called by `teardown()`: `boot()` passes the one that lets the next boot go ahead. */
  constructor(private readonly release: () => void = () => {}) {}

  readonly volume: MemfsWorkspace = createMemfsWorkspace({}, FAKE_WORKDIR);
  readonly fs = new FakeFileSystem(this.volume);
  private readonly shell = createMemfsBashOperations(this.volume);

  get workdir(): string {
    return FAKE_WORKDIR;
  }

  spawn(command: string, args: string[], options?: SpawnOptions): Promise<WebContainerProcess>;
  spawn(command: string, options?: SpawnOptions): Promise<WebContainerProcess>;
  async spawn(command: string, a?: string[] | SpawnOptions, b?: SpawnOptions): Promise<WebContainerProcess> {
    const args = Array.isArray(a) ? a : [];
    const options = (Array.isArray(a) ? b : a) ?? {};
    if (command !== "jsh" || args[0] !== "-c" || args.length !== 2)
      throw new Error(
        `The fake WebContainer runs only jsh -c <command>, not ${[command, ...args].join(" ")}`,
      );
    const stop = new AbortController();
    let push: (text: string) => void = () => {};
    let close: () => void = () => {};
    const output = new ReadableStream<string>({
      start(controller) {
        push = (text) => controller.enqueue(text);
        close = () => controller.close();
      },
    });
    const cwd = this.fs.resolve(options.cwd ?? ".");
    const env = Object.fromEntries(Object.entries(options.env ?? {}).map(([k, v]) => [k, String(v)]));
    const exit = this.shell
      .exec(args[1], cwd, {
        onData: (data) => push(utf8Decode(data).replace(/\r?\n/g, "\r\n")),
        signal: stop.signal,
        env,
      })
      .then(
        (r) => r.exitCode ?? 1,
        (error: Error) => {
          if (error.message === "aborted") return 130;
          push(`jsh: ${error.message}\r\n`);
          return 127;
        },
      )
      .finally(() => close());
    return {
      exit,
      output,
      input: new WritableStream<string>(),
      kill: () => stop.abort(),
      resize: () => {},
    };
  }

  async mount(snapshotOrTree: FileSystemTree | Uint8Array | ArrayBuffer, options?: { mountPoint?: string }) {
    if (snapshotOrTree instanceof Uint8Array || snapshotOrTree instanceof ArrayBuffer)
      throw new Error("The fake WebContainer mounts file trees only, not binary snapshots.");
    const base = this.fs.resolve(options?.mountPoint ?? ".");
    const { fs } = this.volume;
    const write = (dir: string, tree: FileSystemTree) => {
      fs.mkdirSync(dir, { recursive: true });
      for (const [name, node] of Object.entries(tree)) {
        const path = `${dir}/${name}`;
        if ("directory" in node) write(path, node.directory);
        else if ("symlink" in node.file) fs.symlinkSync(node.file.symlink, path);
        else fs.writeFileSync(path, node.file.contents);
      }
    };
    write(base, snapshotOrTree);
  }

  /** Ends this instance, as the real `teardown()` does: another may be booted afterwards. */
  teardown(): void {
    this.release();
  }
}

/** The instance booted and not torn down (the real client keeps it in `WebContainer._instance`). */
let booted: FakeWebContainer | null = null;

/**
 * Boots the fake: the same shape as `WebContainer.boot`, for WEBCONTAINER_FAKE and the test hook, and
 * the same rule: one instance at a time, with the real client's message for a second.
 */
export async function boot(): Promise<FakeWebContainer> {
  if (booted) throw new Error("Only a single WebContainer instance can be booted");
  const instance: FakeWebContainer = new FakeWebContainer(() => {
    if (booted === instance) booted = null;
  });
  booted = instance;
  return instance;
}
