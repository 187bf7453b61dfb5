/**
 * A tiny in-memory file system for the core tools' unit tests (core may not import memfs). Errors
 * imitate Node's (code + text), which is all the tools look at.
 */
import { utf8Encode } from "../bytes";
import { dirnamePath } from "../path-utils";
import type { EditOperations } from "./edit";
import type { LsOperations } from "./ls";
import type { ReadOperations } from "./read";
import type { WriteOperations } from "./write";

function nodeError(code: string, text: string, syscall: string, path: string): Error {
  return Object.assign(new Error(`${code}: ${text}, ${syscall} '${path}'`), { code });
}

export class FakeFs {
  readonly files = new Map<string, Uint8Array>();
  readonly dirs = new Set<string>(["/"]);
  readonly links = new Map<string, string>();
  readonly log: string[] = [];

  constructor(files: Record<string, string | Uint8Array> = {}) {
    for (const [path, content] of Object.entries(files)) this.put(path, content);
  }

  put(path: string, content: string | Uint8Array): void {
    this.mkdirp(dirnamePath(path));
    this.files.set(path, typeof content === "string" ? utf8Encode(content) : content);
  }

  mkdirp(path: string): void {
    for (let p = path; p !== "/" && !this.dirs.has(p); p = dirnamePath(p)) this.dirs.add(p);
  }

  text(path: string): string | undefined {
    const bytes = this.files.get(path);
    return bytes && new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  }

  resolve(path: string): string {
    const target = this.links.get(path);
    return target ? this.resolve(target) : path;
  }

  exists = (path: string): boolean => {
    const real = this.resolve(path);
    return this.files.has(real) || this.dirs.has(real);
  };

  readOps(extra: Partial<ReadOperations> = {}): ReadOperations {
    return {
      readFile: async (path) => {
        const real = this.resolve(path);
        if (this.dirs.has(real)) throw nodeError("EISDIR", "illegal operation on a directory", "read", path);
        const bytes = this.files.get(real);
        if (!bytes) throw nodeError("ENOENT", "no such file or directory", "open", path);
        return bytes;
      },
      access: async (path) => {
        if (!this.exists(path)) throw nodeError("ENOENT", "no such file or directory", "access", path);
      },
      exists: this.exists,
      ...extra,
    };
  }

  writeOps(): WriteOperations {
    return {
      writeFile: async (path, content) => {
        this.log.push(`write ${path}`);
        this.put(path, content);
      },
      mkdir: async (path) => {
        this.log.push(`mkdir ${path}`);
        this.mkdirp(path);
      },
    };
  }

  /** `bytes`: with writeBytes, which records its calls in `log` as "writeBytes <path>". */
  editOps({ bytes = false } = {}): EditOperations {
    const read = this.readOps();
    const ops: EditOperations = {
      readFile: read.readFile,
      access: read.access,
      writeFile: this.writeOps().writeFile,
    };
    if (bytes)
      ops.writeBytes = async (path, content) => {
        this.log.push(`writeBytes ${path}`);
        this.files.set(this.resolve(path), content.slice());
      };
    return ops;
  }

  lsOps(): LsOperations {
    return {
      exists: this.exists,
      stat: (path) => {
        const real = this.resolve(path);
        if (this.dirs.has(real)) return { isDirectory: () => true };
        if (this.files.has(real)) return { isDirectory: () => false };
        throw nodeError("ENOENT", "no such file or directory", "stat", path);
      },
      readdir: (path) => {
        const prefix = path === "/" ? "/" : `${path}/`;
        const names = new Set<string>();
        for (const p of [...this.files.keys(), ...this.dirs, ...this.links.keys()]) {
          if (p.startsWith(prefix) && p.length > prefix.length && !p.slice(prefix.length).includes("/")) {
            names.add(p.slice(prefix.length));
          }
        }
        return [...names];
      },
    };
  }
}
