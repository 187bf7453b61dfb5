/**
 * just-bash's file contents in the encodings its commands ask for, to and from the bytes memfs stores.
 * just-bash passes binary data as "byte strings" (one char per byte, latin1-shaped).
 */
import { decodeUtf8 } from "@core/bytes";
import type { BufferEncoding, FileContent, IFileSystem } from "just-bash";
import { nativeLatin1 } from "../stored-bytes";

type Encoding = BufferEncoding | null | undefined;
// Not exported by just-bash's entry points: taken from the interface itself.
type ReadFileOptions = Exclude<Parameters<IFileSystem["readFile"]>[1], BufferEncoding | undefined>;
type WriteFileOptions = Exclude<Parameters<IFileSystem["writeFile"]>[2], BufferEncoding | undefined>;

export type { ReadFileOptions, WriteFileOptions };

/** The encoding named by a readFile/writeFile options argument. */
export function encodingOf(
  options: ReadFileOptions | WriteFileOptions | BufferEncoding | undefined,
): Encoding {
  if (options === undefined) return undefined;
  return typeof options === "string" ? options : (options.encoding ?? undefined);
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

export function decode(bytes: Uint8Array, encoding: BufferEncoding): string {
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

export function encode(content: FileContent, encoding: Encoding): Uint8Array {
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
