/**
 * Collects a command's streamed output with bounded memory, as pi's
 * `dist/core/tools/output-accumulator.js` does for bash (docs/pi-contract.md §1.3): raw byte chunks are decoded with a
 * streaming UTF-8 decoder (a character split across chunks survives), only a decoded tail is kept for
 * snapshots, the line and byte counters cover the whole stream, and a full-output log is opened as soon as
 * the output passes a limit, starting with the bytes seen before it was opened.
 *
 * Per version (`lineCounting`): pi 0.73.1 counts 1 + the newlines ("a\nb\n" is 3 lines); pi 1.6.0 counts
 * the newlines plus an unterminated last line ("a\nb\n" is 2, no output is 0). pi 1.6.0 also hands its
 * callers the whole output up to 1 MB (`fullOutput`, read back from its log); here the bytes it needs
 * (all of them up to the limit, else the first and last halves) are kept when `fullOutputBytes` is set.
 *
 * Deviations from pi:
 * - There is no OS temp folder: the log is written through injected `OutputLogOperations` (the memfs
 *   backend puts it in the volume's /tmp, where read and bash can open it). Its name is pi's
 *   (`<prefix>-<16 hex>.log`).
 * - Appends are queued promises instead of a Node write stream; `close()` waits for them and reports the
 *   first write error, as pi's `closeTempFile()` rejects on a stream error.
 */
import { concatBytes, utf8ByteLength, utf8Encode } from "./bytes";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  type LineCounting,
  type TruncationResult,
  truncateTail,
} from "./truncate";

/** Where full-output logs go; pi writes them with fs.createWriteStream into os.tmpdir(). */
export interface OutputLogOperations {
  /** Absolute folder for the logs (pi: os.tmpdir()). */
  readonly tempDir: string;
  /** Appends bytes to the file, creating it (and the folder) when missing. */
  appendFile(absolutePath: string, data: Uint8Array): void | Promise<void>;
}

export interface OutputAccumulatorOptions {
  maxLines?: number;
  maxBytes?: number;
  /** `pi-bash` for the bash tool; pi's default is `pi-output`. */
  tempFilePrefix?: string;
  logOperations: OutputLogOperations;
  /** Default "split" (pi 0.73.1). */
  lineCounting?: LineCounting;
  /** Keep the raw bytes `fullOutput(limit)` needs for this limit (pi 1.6.0 bash: 1 MB). */
  fullOutputBytes?: number;
}

/** The output for programmatic callers: whole, or its first and last halves around an omission marker. */
export interface FullOutput {
  content: string;
  truncated: boolean;
}

export interface OutputSnapshot {
  /** The kept tail (whole lines, or the end of one overlong last line). */
  content: string;
  /** truncateTail's result with the totals of the whole stream written over it. */
  truncation: TruncationResult;
  /** Set once the full-output log exists. */
  fullOutputPath?: string;
}

/** `<dir>/<prefix>-<16 hex>.log`, 8 random bytes as pi draws them. */
export function makeLogPath(dir: string, prefix: string): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  let hex = "";
  for (const b of bytes) hex += b.toString(16).padStart(2, "0");
  return `${dir.replace(/\/+$/, "")}/${prefix}-${hex}.log`;
}

/** Chunks made by `encodeOutputText`, with the text they were encoded from. */
const sourceText = new WeakMap<Uint8Array, string>();

/**
 * UTF-8 bytes of a producer's output text (e.g. an engine that hands over strings), remembered with the
 * text so `append` can take the text as is instead of decoding the bytes again: for 5 MB that saves a
 * full decode. Only well-formed text is remembered (a lone surrogate encodes as U+FFFD, so decoding
 * would not give the text back); the bytes are the same either way.
 */
export function encodeOutputText(text: string): Uint8Array {
  const bytes = utf8Encode(text);
  if (isWellFormed(text)) sourceText.set(bytes, text);
  return bytes;
}

export class OutputAccumulator {
  readonly maxLines: number;
  readonly maxBytes: number;
  /** The tail kept for snapshots; trimmed back to this once it grows past twice as much. */
  private readonly rollingBytes: number;
  private readonly prefix: string;
  private readonly log: OutputLogOperations;
  private readonly decoder = new TextDecoder("utf-8");
  /** The bytes of a character cut off at the end of the last chunk, decoded with the next one. */
  private carry: Uint8Array = new Uint8Array(0);
  private pending: Uint8Array[] = [];
  private tail = "";
  private tailBytes = 0;
  /** False once a trim cut the tail mid-line: that partial first line is left out of snapshots. */
  private tailAtLineStart = true;
  private rawBytes = 0;
  private decodedBytes = 0;
  private newlines = 0;
  private readonly lineCounting: LineCounting;
  private lastLineBytes = 0;
  private readonly fullLimit: number | undefined;
  /** Raw bytes for fullOutput: every chunk while within the limit, then the first half ... */
  private fullHead: Uint8Array[] = [];
  /** ... and chunks covering at least the last half. */
  private fullTail: Uint8Array[] = [];
  private fullTailBytes = 0;
  private done = false;
  private logPath: string | undefined;
  private writes: Promise<void> = Promise.resolve();
  private writeError: unknown;

  constructor(options: OutputAccumulatorOptions) {
    this.maxLines = options.maxLines ?? DEFAULT_MAX_LINES;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.rollingBytes = Math.max(this.maxBytes * 2, 1);
    this.prefix = options.tempFilePrefix ?? "pi-output";
    this.log = options.logOperations;
    this.lineCounting = options.lineCounting ?? "split";
    this.fullLimit = options.fullOutputBytes;
  }

  /** Lines so far, counted as the version counts them. */
  private get lines(): number {
    if (this.lineCounting === "split") return this.newlines + 1;
    return this.newlines + (this.lastLineBytes > 0 ? 1 : 0);
  }

  append(data: Uint8Array): void {
    if (this.done) throw new Error("Cannot append to a finished output accumulator");
    if (this.fullLimit !== undefined) this.keepForFullOutput(data, this.fullLimit);
    this.rawBytes += data.length;
    this.decodeChunk(data);
    if (this.logPath !== undefined || this.overLimits()) {
      this.openLog();
      this.write(data);
    } else if (data.length > 0) this.pending.push(data);
  }

  /** Flushes the decoder (a dangling partial character becomes U+FFFD). */
  finish(): void {
    if (this.done) return;
    this.done = true;
    if (this.carry.length > 0) this.addText(this.decoder.decode(this.carry), this.carry.length);
    this.carry = new Uint8Array(0);
    if (this.overLimits()) this.openLog();
  }

  snapshot(options: { persistIfTruncated?: boolean } = {}): OutputSnapshot {
    const tail = truncateTail(this.snapshotText(), {
      maxLines: this.maxLines,
      maxBytes: this.maxBytes,
      lineCounting: this.lineCounting,
    });
    const truncated = this.lines > this.maxLines || this.decodedBytes > this.maxBytes;
    const truncatedBy = !truncated
      ? null
      : (tail.truncatedBy ?? (this.decodedBytes > this.maxBytes ? "bytes" : "lines"));
    const truncation: TruncationResult = {
      ...tail,
      truncated,
      truncatedBy,
      totalLines: this.lines,
      totalBytes: this.decodedBytes,
      maxLines: this.maxLines,
      maxBytes: this.maxBytes,
    };
    if (options.persistIfTruncated && truncated) this.openLog();
    return { content: truncation.content, truncation, fullOutputPath: this.logPath };
  }

  /**
   * The whole output (call after finish) when it is at most `limit` raw bytes (the limit given as
   * `fullOutputBytes`), else its first `limit / 2` and last `limit / 2` bytes, cut at character
   * boundaries, around `[... N bytes omitted ...]`. Decoded as a default TextDecoder does.
   */
  fullOutput(): FullOutput {
    const limit = this.fullLimit ?? 0;
    if (this.rawBytes <= limit)
      return { content: new TextDecoder().decode(concatBytes(this.fullHead)), truncated: false };
    const headBytes = Math.floor(limit / 2);
    const tailBytes = limit - headBytes;
    const head = concatBytes(this.fullHead).subarray(0, headBytes);
    const tailAll = concatBytes(this.fullTail);
    const tail = tailAll.subarray(tailAll.length - tailBytes);
    let from = 0;
    while (from < tail.length && (tail[from] & 0xc0) === 0x80) from++;
    // A streaming decode holds back an unfinished character at the end of the head.
    const headText = new TextDecoder().decode(head, { stream: true });
    const tailText = new TextDecoder().decode(tail.subarray(from));
    const omitted = this.rawBytes - headBytes - tailBytes;
    return { content: `${headText}\n\n[... ${omitted} bytes omitted ...]\n\n${tailText}`, truncated: true };
  }

  private keepForFullOutput(data: Uint8Array, limit: number): void {
    if (data.length === 0) return;
    const headBytes = Math.floor(limit / 2);
    const tailBytes = limit - headBytes;
    if (this.rawBytes + data.length <= limit) {
      this.fullHead.push(data.slice());
      return;
    }
    if (this.rawBytes <= limit) {
      // Passing the limit: keep the first half as the head; everything so far also feeds the tail.
      const all = concatBytes([...this.fullHead, data]);
      this.fullHead = [all.slice(0, headBytes)];
      this.fullTail = [all.slice(Math.max(0, all.length - tailBytes))];
      this.fullTailBytes = this.fullTail[0].length;
      return;
    }
    this.fullTail.push(data.slice(Math.max(0, data.length - tailBytes)));
    this.fullTailBytes += this.fullTail[this.fullTail.length - 1].length;
    while (this.fullTail.length > 1 && this.fullTailBytes - this.fullTail[0].length >= tailBytes) {
      this.fullTailBytes -= this.fullTail[0].length;
      this.fullTail.shift();
    }
  }

  /** UTF-8 bytes of the stream's current (last) line. */
  getLastLineBytes(): number {
    return this.lastLineBytes;
  }

  /** Waits for every queued write of the log; rejects with the first write error. */
  async close(): Promise<void> {
    await this.writes;
    if (this.writeError !== undefined) throw this.writeError;
  }

  private overLimits(): boolean {
    return this.rawBytes > this.maxBytes || this.decodedBytes > this.maxBytes || this.lines > this.maxLines;
  }

  /**
   * Streaming decode, done by hand: Node's `TextDecoder.decode(x, {stream: true})` is 20–50× slower than
   * a plain decode on large input (200 ms for 5 MB), so a character cut at the end of a chunk is held back
   * and the rest decoded in one call. Same result as a streaming decoder, replacement characters included.
   */
  private decodeChunk(data: Uint8Array): void {
    // Bytes from encodeOutputText decode to their source text: same result, no decode. Only when no
    // partial character waits from an earlier chunk (the text starts on a character boundary).
    const text = this.carry.length === 0 ? sourceText.get(data) : undefined;
    if (text !== undefined) {
      if (data.length > 0) this.addText(text, data.length);
      return;
    }
    let bytes = data;
    if (this.carry.length > 0) {
      bytes = new Uint8Array(this.carry.length + data.length);
      bytes.set(this.carry);
      bytes.set(data, this.carry.length);
    }
    const cut = incompleteTail(bytes);
    this.carry = bytes.slice(bytes.length - cut);
    const whole = cut === 0 ? bytes : bytes.subarray(0, bytes.length - cut);
    if (whole.length > 0) this.addText(this.decoder.decode(whole), whole.length);
  }

  /** `sourceBytes`: the UTF-8 length of `text` when the decode was lossless (no U+FFFD), saving a count. */
  private addText(text: string, sourceBytes?: number): void {
    if (text.length === 0) return;
    const bytes = sourceBytes !== undefined && !text.includes("\uFFFD") ? sourceBytes : utf8ByteLength(text);
    this.decodedBytes += bytes;
    this.tail += text;
    this.tailBytes += bytes;
    if (this.tailBytes > this.rollingBytes * 2) this.trimTail();
    let count = 0;
    let last = -1;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) {
      count++;
      last = i;
    }
    if (count === 0) this.lastLineBytes += bytes;
    else {
      this.newlines += count;
      this.lastLineBytes = last === text.length - 1 ? 0 : utf8ByteLength(text.slice(last + 1));
    }
  }

  /** Keeps the last `rollingBytes` bytes, starting on a character boundary. */
  private trimTail(): void {
    // Every UTF-16 unit is at least one byte, so the last rollingBytes units hold enough bytes: encoding
    // only those keeps a 5 MB burst from being encoded whole. Back off a low surrogate so no pair is split.
    let from = Math.max(0, this.tail.length - this.rollingBytes);
    if (from > 0 && isLowSurrogate(this.tail.charCodeAt(from))) from--;
    const cutBefore = from > 0 ? this.tail.charCodeAt(from - 1) : -1;
    const encoded = utf8Encode(this.tail.slice(from));
    if (encoded.length <= this.rollingBytes) {
      if (from > 0) this.tailAtLineStart = cutBefore === 0x0a;
      this.tail = this.tail.slice(from);
      this.tailBytes = encoded.length;
      return;
    }
    let start = encoded.length - this.rollingBytes;
    while (start < encoded.length && (encoded[start] & 0xc0) === 0x80) start++;
    this.tailAtLineStart = encoded[start - 1] === 0x0a;
    const kept = encoded.subarray(start);
    this.tail = new TextDecoder("utf-8").decode(kept);
    this.tailBytes = kept.length;
  }

  private snapshotText(): string {
    if (this.tailAtLineStart) return this.tail;
    const newline = this.tail.indexOf("\n");
    return newline === -1 ? this.tail : this.tail.slice(newline + 1);
  }

  private openLog(): void {
    if (this.logPath !== undefined) return;
    this.logPath = makeLogPath(this.log.tempDir, this.prefix);
    const earlier = this.pending;
    this.pending = [];
    for (const chunk of earlier) this.write(chunk);
  }

  private write(data: Uint8Array): void {
    const path = this.logPath as string;
    this.writes = this.writes.then(async () => {
      if (this.writeError !== undefined) return;
      try {
        await this.log.appendFile(path, data);
      } catch (error) {
        this.writeError = error;
      }
    });
  }
}

/** How many bytes at the end start a UTF-8 character that the chunk does not finish (0–3). */
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const b = bytes[bytes.length - back];
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: keep looking for its lead
    const need = b < 0xc2 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : b <= 0xf4 ? 4 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

// String.prototype.isWellFormed is ES2024 (Node 20, Chromium 111); without it, scan for lone surrogates.
const wellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;
function isWellFormed(text: string): boolean {
  if (wellFormed) return wellFormed.call(text);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code > 0xdbff || !isLowSurrogate(text.charCodeAt(i + 1))) return false;
    i++;
  }
  return true;
}
