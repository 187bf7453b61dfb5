/** Byte helpers that work the same in a browser, a worker and Node, without Buffer. */

const encoder = new TextEncoder();

// Node's encoder reads V8 strings directly (under 1 ms for 5 MB of ASCII). A browser's first copies the
// whole string into its own string type (Chromium: 57 of 77 ms for 5 MB of ASCII, 12–16 ms for 1 MB), so
// in a browser the ASCII start goes through a JavaScript loop and the rest to the encoder in 64 KB
// slices, which it copies one at a time (1 MB of mixed text: 7 ms against 12–16). Only speed depends on
// this: the bytes are the same.
const inBrowser =
  typeof (globalThis as { document?: unknown }).document !== "undefined" ||
  typeof (globalThis as { WorkerGlobalScope?: unknown }).WorkerGlobalScope !== "undefined";

/** Slices of this many UTF-16 units are handed to the browser's encoder (see above). */
export const ENCODE_SLICE = 64 * 1024;

/**
 * UTF-8 bytes of `text` (lone surrogates become U+FFFD, as TextEncoder does). Large strings are encoded
 * into a buffer of the exact size with `encodeInto` (Chromium's `encode` measured 100–250 ms for 5 MB,
 * and 35 ms against 13 for 1 MB of mixed text); in a browser, a slice at a time.
 */
export function utf8Encode(text: string): Uint8Array {
  if (text.length < 1024) return encoder.encode(text);
  if (inBrowser) return encodeInSlices(text, ENCODE_SLICE);
  // ASCII fills exactly `length` bytes; otherwise this stops at the first character that does not fit,
  // and the rest goes into a buffer sized by counting.
  const first = new Uint8Array(text.length);
  const { read, written } = encoder.encodeInto(text, first);
  if (read === text.length) return first;
  const out = new Uint8Array(written + utf8ByteLength(text, read));
  out.set(first.subarray(0, written));
  encoder.encodeInto(text.slice(read), out.subarray(written));
  return out;
}

/** utf8Encode's browser path, with the slice size a parameter (tests use small ones). */
export function encodeInSlices(text: string, size: number): Uint8Array {
  // Sized for ASCII; the first slice that does not fit sizes it exactly by counting.
  let out = new Uint8Array(text.length);
  let exact = false;
  // The ASCII start by a plain loop: once the JIT has it, 0.1 ms for 100 KB, where the encoder's string
  // copy alone took 0.6–0.9 ms (Chromium, measured in a worker and a page).
  let written = 0;
  for (; written < text.length; written++) {
    const code = text.charCodeAt(written);
    if (code > 0x7f) break;
    out[written] = code;
  }
  for (let at = written; at < text.length; ) {
    let end = Math.min(at + size, text.length);
    // A surrogate pair stays in one slice (split, each half would become U+FFFD).
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    const slice = text.slice(at, end);
    const done = encoder.encodeInto(slice, out.subarray(written));
    if (done.read < slice.length && !exact) {
      const bigger = new Uint8Array(written + utf8ByteLength(text, at));
      bigger.set(out.subarray(0, written));
      out = bigger;
      exact = true;
      written += encoder.encodeInto(slice, out.subarray(written)).written;
    } else written += done.written;
    at = end;
  }
  return out;
}

export function utf8Decode(bytes: Uint8Array): string {
  return decodeUtf8(bytes, false);
}

/** Inputs at least this long are decoded in pieces of this size in a browser (see decodeUtf8). */
export const DECODE_CHUNK = 64 * 1024;
const decoders = {
  keepBom: new TextDecoder("utf-8", { ignoreBOM: true }),
  dropBom: new TextDecoder("utf-8"),
};

/**
 * The bytes as UTF-8 text (malformed bytes become U+FFFD, as TextDecoder does). `ignoreBOM` keeps a leading
 * BOM in the text, as `new TextDecoder("utf-8", { ignoreBOM: true })` does.
 *
 * In a browser, large inputs are decoded 64 KB at a time (a streaming decoder, so a character split
 * between pieces is whole): Chromium's decoder took 7 ms for 1 MB of ASCII in one piece and 0.3 ms in
 * pieces, 28 ms against 0.6 ms once a single non-ASCII character is in it (the whole result then becomes
 * a two-byte string; in pieces only that piece does). Node decodes whole inputs fastest, so it keeps that.
 */
export function decodeUtf8(bytes: Uint8Array, ignoreBOM = true): string {
  const decoder = ignoreBOM ? decoders.keepBom : decoders.dropBom;
  if (!inBrowser || bytes.length <= DECODE_CHUNK) return decoder.decode(bytes);
  return decodeInPieces(bytes, ignoreBOM, DECODE_CHUNK);
}

/** decodeUtf8 (BOM kept) when the bytes are well-formed UTF-8, else undefined: one pass for both answers. */
export function decodeUtf8Strict(bytes: Uint8Array): string | undefined {
  // A fresh decoder each time: one that threw in the middle of a stream would carry that stream's state
  // into its next call.
  const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    return !inBrowser || bytes.length <= DECODE_CHUNK
      ? strict.decode(bytes)
      : piecewise(strict, bytes, DECODE_CHUNK);
  } catch {
    return undefined;
  }
}

/** decodeUtf8's browser path, with the piece size a parameter (tests use small ones). */
export function decodeInPieces(bytes: Uint8Array, ignoreBOM: boolean, size: number): string {
  return piecewise(ignoreBOM ? decoders.keepBom : decoders.dropBom, bytes, size);
}

function piecewise(decoder: TextDecoder, bytes: Uint8Array, size: number): string {
  let text = "";
  for (let at = 0; at < bytes.length; at += size)
    text += decoder.decode(bytes.subarray(at, at + size), { stream: true });
  return text + decoder.decode();
}

/** Byte length in UTF-8 of `text` from index `from` up to `to`, without allocating the bytes. */
export function utf8ByteLength(text: string, from = 0, to = text.length): number {
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < to) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

export function base64Encode(bytes: Uint8Array): string {
  let binary = "";
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

export function base64Decode(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** True when the bytes are well-formed UTF-8 (decoding them loses nothing). */
export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    strictDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** True when the bytes decode as UTF-8 without loss and hold no NUL (the parity rules' idea of "text"). */
export function isUtf8Text(bytes: Uint8Array): boolean {
  return !bytes.includes(0) && isValidUtf8(bytes);
}

/** One replacement in a text: `length` UTF-16 units at `index` become `text`. */
export interface TextReplacement {
  index: number;
  length: number;
  text: string;
}

/**
 * The UTF-8 bytes of `text` with `replacements` (ascending, disjoint) applied, built from `bytes`, which
 * hold `prefix` bytes (a BOM) and then `text` as well-formed UTF-8. Only the new texts are encoded; the
 * rest is copied as bytes, where encoding the whole result cost an edit of a 1 MB file 20 ms in Chromium.
 * Undefined when a replacement starts or ends inside a surrogate pair (the caller encodes the string).
 */
export function spliceUtf8(
  bytes: Uint8Array,
  prefix: number,
  text: string,
  replacements: readonly TextReplacement[],
): Uint8Array | undefined {
  const splitsPair = (i: number) => {
    if (i <= 0 || i >= text.length) return false;
    const before = text.charCodeAt(i - 1);
    const after = text.charCodeAt(i);
    return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
  };
  const parts: Uint8Array[] = [bytes.subarray(0, prefix)];
  let char = 0;
  let byte = prefix;
  for (const r of replacements) {
    if (splitsPair(r.index) || splitsPair(r.index + r.length)) return undefined;
    const keep = utf8ByteLength(text, char, r.index);
    parts.push(bytes.subarray(byte, byte + keep), utf8Encode(r.text));
    byte += keep + utf8ByteLength(text, r.index, r.index + r.length);
    char = r.index + r.length;
  }
  parts.push(bytes.subarray(byte));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** The chunks as one array (the chunk itself when there is one). */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  let size = 0;
  for (const c of chunks) size += c.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
