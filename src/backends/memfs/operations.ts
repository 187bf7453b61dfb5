/**
 * Operations for read, write, edit and ls on a memfs workspace: async fs.promises calls with absolute
 * paths, so errors carry Node's texts (`ENOENT: no such file or directory, access '<abs>'`), which
 * memfs reproduces and pi shows the model as they are.
 */
import { detectImageMime, IMAGE_SNIFF_BYTES } from "@core/image/sniff";
import type { EditOperations } from "@core/tools/edit";
import type { LsOperations } from "@core/tools/ls";
import type { ReadOperations } from "@core/tools/read";
import type { WriteOperations } from "@core/tools/write";
import type { MemfsWorkspace } from "./workspace";

// fs.constants.R_OK | W_OK (pi's edit checks both).
const R_OK = 4;
const W_OK = 2;

function asBytes(data: unknown): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data as ArrayBuffer);
}

export function createMemfsReadOperations(workspace: MemfsWorkspace): ReadOperations {
  const { fs } = workspace;
  return {
    async readFile(absolutePath) {
      return asBytes(await fs.promises.readFile(absolutePath));
    },
    async access(absolutePath) {
      await fs.promises.access(absolutePath, R_OK);
    },
    exists(absolutePath) {
      return fs.existsSync(absolutePath);
    },
    async detectImageMimeType(absolutePath) {
      // pi sniffs the first 4100 bytes; a directory or unreadable file is simply "not an image".
      try {
        const handle = await fs.promises.open(absolutePath, "r");
        try {
          const buffer = new Uint8Array(IMAGE_SNIFF_BYTES);
          const { bytesRead } = await handle.read(buffer, 0, IMAGE_SNIFF_BYTES, 0);
          return detectImageMime(buffer.subarray(0, bytesRead));
        } finally {
          await handle.close();
        }
      } catch {
        return null;
      }
    },
  };
}

async function realpath(workspace: MemfsWorkspace, absolutePath: string): Promise<string> {
  return String(await workspace.fs.promises.realpath(absolutePath));
}

export function createMemfsWriteOperations(workspace: MemfsWorkspace): WriteOperations {
  const { fs } = workspace;
  return {
    async writeFile(absolutePath, content) {
      await fs.promises.writeFile(absolutePath, content);
    },
    async mkdir(absolutePath) {
      await fs.promises.mkdir(absolutePath, { recursive: true });
    },
    realpath: (absolutePath) => realpath(workspace, absolutePath),
  };
}

export function createMemfsEditOperations(workspace: MemfsWorkspace): EditOperations {
  const { fs } = workspace;
  return {
    async readFile(absolutePath) {
      return asBytes(await fs.promises.readFile(absolutePath));
    },
    async writeFile(absolutePath, content) {
      await fs.promises.writeFile(absolutePath, content);
    },
    async access(absolutePath) {
      await fs.promises.access(absolutePath, R_OK | W_OK);
    },
    realpath: (absolutePath) => realpath(workspace, absolutePath),
  };
}

export function createMemfsLsOperations(workspace: MemfsWorkspace): LsOperations {
  const { fs } = workspace;
  return {
    exists(absolutePath) {
      return fs.existsSync(absolutePath);
    },
    async stat(absolutePath) {
      return fs.promises.stat(absolutePath);
    },
    async readdir(absolutePath) {
      return (await fs.promises.readdir(absolutePath)).map(String);
    },
  };
}
