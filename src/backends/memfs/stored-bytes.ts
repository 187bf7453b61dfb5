/**
 * Byte hand-offs with memfs without the copies its public API makes. memfs keeps every file in a Buffer
 * (Node's in Node, the npm `buffer` port in a browser, where each copy is JavaScript and slow: a 5 MB
 * readFileSync or appendFileSync cost 20–25 ms each in Chromium).
 *
 * Stored bytes come through memfs-internals.ts; when it has no answer, the public API's results and
 * errors (Node's texts) are the same.
 */
import { storedBytesView } from "./memfs-internals";
import type { MemfsWorkspace } from "./workspace";

function asBytes(data: unknown): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data as ArrayBuffer);
}

/**
 * The file's bytes as stored, without the copy readFile makes: a view that a later write to the file may
 * change, so callers must use it at once (decode it, hash it) and not keep it. Errors (missing file,
 * a folder) come from readFileSync, in Node's words.
 */
export function readStored(workspace: MemfsWorkspace, absolutePath: string): Uint8Array {
  return storedBytesView(workspace.vol, absolutePath) ?? asBytes(workspace.fs.readFileSync(absolutePath));
}

/** Node's Buffer class, when the host has one (a browser worker has none). */
const NodeBuffer = (globalThis as { Buffer?: { isBuffer(value: unknown): boolean } }).Buffer;

/**
 * The bytes as a string of one char per byte (latin1), natively when they are a Node Buffer (memfs
 * stores Node Buffers in Node), through Buffer's documented `toString("latin1")`: 0.5 ms for 5 MB against 17–26 ms for the portable way, which is a
 * TextDecoder for ASCII (Node 20's TextDecoder has no fast path). Undefined when there is no native way.
 * (Node's UTF-8 `utf8Slice` was measured too: slower than TextDecoder for non-ASCII text, so unused.)
 */
export function nativeLatin1(bytes: Uint8Array): string | undefined {
  if (!NodeBuffer?.isBuffer(bytes)) return undefined;
  return (bytes as unknown as { toString(encoding: string): string }).toString("latin1");
}

interface BufferClass {
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): Uint8Array;
  isBuffer(value: unknown): boolean;
}
let bufferClass: BufferClass | null | undefined;

/**
 * `data` as memfs's own Buffer class, sharing its memory (no copy), so that a write takes it as is
 * instead of copying it into a Buffer first (memfs then copies it once into the file's storage). The
 * class comes from a Buffer memfs itself returns. Only for data the caller will not change afterwards.
 */
export function asMemfsBuffer(workspace: MemfsWorkspace, data: Uint8Array): Uint8Array {
  if (bufferClass === undefined) {
    try {
      const sample = workspace.fs.realpathSync("/", { encoding: "buffer" }) as unknown as {
        constructor?: Partial<BufferClass>;
      };
      const candidate = sample?.constructor;
      bufferClass =
        typeof candidate?.from === "function" &&
        typeof candidate.isBuffer === "function" &&
        candidate.isBuffer(sample)
          ? (candidate as BufferClass)
          : null;
    } catch {
      bufferClass = null;
    }
  }
  if (!bufferClass || bufferClass.isBuffer(data)) return data;
  return bufferClass.from(data.buffer, data.byteOffset, data.byteLength);
}
