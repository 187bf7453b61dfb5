/**
 * Output truncation as pi does it (`dist/core/tools/truncate.js`): whole lines from the head
 * (read, grep, find, ls) or from the tail (bash), limited by a line count and a UTF-8 byte count,
 * whichever is hit first. How lines are counted depends on the version (`lineCounting`): pi 0.73.1
 * splits on "\n", so a trailing newline counts as one more (empty) line; pi 1.6.0 does not count that
 * empty piece, and counts "" as no line. Every "of N" a model sees depends on that.
 *
 * Written from the contract (docs/pi-contract.md §1.1); no deviations known.
 */
import { utf8ByteLength, utf8Decode, utf8Encode } from "./bytes";

export const DEFAULT_MAX_LINES = 2000;
export const DEFAULT_MAX_BYTES = 50 * 1024;
/** grep cuts match lines at this many UTF-16 code units (not bytes). */
export const GREP_MAX_LINE_LENGTH = 500;

/**
 * "split": the lines of `text.split("\n")` ("a\nb\n" is 3 lines, "" is 1): pi 0.73.1.
 * "terminated": the same without the empty piece after a final newline ("a\nb\n" is 2, "" is 0): pi 1.6.0.
 */
export type LineCounting = "split" | "terminated";

export interface TruncationOptions {
  maxLines?: number;
  maxBytes?: number;
  /** Default "split" (pi 0.73.1). */
  lineCounting?: LineCounting;
}

/** The lines truncation works on: `split("\n")`, less the empty piece after a final newline when "terminated". */
export function splitLinesForCounting(content: string, counting: LineCounting = "split"): string[] {
  if (counting === "split") return content.split("\n");
  if (content.length === 0) return [];
  const lines = content.split("\n");
  if (content.endsWith("\n")) lines.pop();
  return lines;
}

/** pi serialises this whole object into `details.truncation` (content included). */
export interface TruncationResult {
  content: string;
  truncated: boolean;
  truncatedBy: "lines" | "bytes" | null;
  totalLines: number;
  totalBytes: number;
  outputLines: number;
  outputBytes: number;
  lastLinePartial: boolean;
  firstLineExceedsLimit: boolean;
  maxLines: number;
  maxBytes: number;
}

/** `512B`, `1.5KB`, `2.0MB`: pi's rendering, one decimal above a KiB. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)}MB`;
}

function limits(options: TruncationOptions): { maxLines: number; maxBytes: number } {
  return { maxLines: options.maxLines ?? DEFAULT_MAX_LINES, maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES };
}

function untouched(content: string, totalLines: number, totalBytes: number, max: ReturnType<typeof limits>) {
  return {
    content,
    truncated: false,
    truncatedBy: null,
    totalLines,
    totalBytes,
    outputLines: totalLines,
    outputBytes: totalBytes,
    lastLinePartial: false,
    firstLineExceedsLimit: false,
    ...max,
  } satisfies TruncationResult;
}

/** pi's answer when the first line alone is over the byte limit: nothing kept, and the flag for read's notice. */
function firstLineTooLong(totalLines: number, totalBytes: number, max: ReturnType<typeof limits>) {
  return {
    content: "",
    truncated: true,
    truncatedBy: "bytes",
    totalLines,
    totalBytes,
    outputLines: 0,
    outputBytes: 0,
    lastLinePartial: false,
    firstLineExceedsLimit: true,
    ...max,
  } satisfies TruncationResult;
}

/** Keeps whole lines from the start; never a partial line. */
export function truncateHead(content: string, options: TruncationOptions = {}): TruncationResult {
  const max = limits(options);
  const totalBytes = utf8ByteLength(content);
  const lines = splitLinesForCounting(content, options.lineCounting);
  const totalLines = lines.length;
  if (totalLines <= max.maxLines && totalBytes <= max.maxBytes)
    return untouched(content, totalLines, totalBytes, max);

  const base = { truncated: true, totalLines, totalBytes, lastLinePartial: false, ...max };
  if (utf8ByteLength(lines[0]) > max.maxBytes) return firstLineTooLong(totalLines, totalBytes, max);
  let kept = 0;
  let bytes = 0;
  let truncatedBy: "lines" | "bytes" = "lines";
  for (; kept < lines.length && kept < max.maxLines; kept++) {
    const cost = utf8ByteLength(lines[kept]) + (kept > 0 ? 1 : 0);
    if (bytes + cost > max.maxBytes) {
      truncatedBy = "bytes";
      break;
    }
    bytes += cost;
  }
  const output = lines.slice(0, kept).join("\n");
  return {
    ...base,
    content: output,
    truncatedBy,
    outputLines: kept,
    outputBytes: utf8ByteLength(output),
    firstLineExceedsLimit: false,
  };
}

/**
 * Keeps whole lines from the end. When the last line alone is over the byte limit, keeps its last
 * bytes (moved forward to a character boundary) and sets `lastLinePartial`.
 */
export function truncateTail(content: string, options: TruncationOptions = {}): TruncationResult {
  const max = limits(options);
  const totalBytes = utf8ByteLength(content);
  const lines = splitLinesForCounting(content, options.lineCounting);
  const totalLines = lines.length;
  if (totalLines <= max.maxLines && totalBytes <= max.maxBytes)
    return untouched(content, totalLines, totalBytes, max);

  const base = { truncated: true, totalLines, totalBytes, firstLineExceedsLimit: false, ...max };
  const kept: string[] = [];
  let bytes = 0;
  let truncatedBy: "lines" | "bytes" = "lines";
  let lastLinePartial = false;
  for (let i = lines.length - 1; i >= 0 && kept.length < max.maxLines; i--) {
    const cost = utf8ByteLength(lines[i]) + (kept.length > 0 ? 1 : 0);
    if (bytes + cost > max.maxBytes) {
      truncatedBy = "bytes";
      if (kept.length === 0) {
        kept.unshift(tailBytes(lines[i], max.maxBytes));
        bytes = utf8ByteLength(kept[0]);
        lastLinePartial = true;
      }
      break;
    }
    kept.unshift(lines[i]);
    bytes += cost;
  }
  const output = kept.join("\n");
  return {
    ...base,
    content: output,
    truncatedBy,
    outputLines: kept.length,
    outputBytes: utf8ByteLength(output),
    lastLinePartial,
  };
}

/** The last `maxBytes` bytes of a line, starting at a UTF-8 character boundary. */
function tailBytes(line: string, maxBytes: number): string {
  const bytes = utf8Encode(line);
  let start = Math.max(0, bytes.length - maxBytes);
  while (start < bytes.length && (bytes[start] & 0xc0) === 0x80) start++;
  return utf8Decode(bytes.subarray(start));
}

/** Cuts a line longer than `maxChars` UTF-16 units and marks it. */
export function truncateLine(
  line: string,
  maxChars: number = GREP_MAX_LINE_LENGTH,
): { text: string; wasTruncated: boolean } {
  if (line.length <= maxChars) return { text: line, wasTruncated: false };
  return { text: `${line.slice(0, maxChars)}... [truncated]`, wasTruncated: true };
}

/**
 * Byte offset where line `line` (0-based) of a UTF-8 buffer with `totalLines` lines starts: scanned
 * from whichever end is nearer, so reading the last lines of a large file does not walk all of it.
 */
export function utf8LineStart(bytes: Uint8Array, line: number, totalLines: number): number {
  if (line <= 0) return 0;
  if (line <= totalLines - line) {
    let position = -1;
    for (let k = 0; k < line; k++) position = bytes.indexOf(10, position + 1);
    return position + 1;
  }
  let position = bytes.length;
  for (let k = totalLines - line; k > 0; k--) position = bytes.lastIndexOf(10, position - 1);
  return position + 1;
}

/** True when bytes[start, end) are all below 0x80 (checked four at a time where aligned). */
export function isAsciiRange(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
  let i = start;
  while (i < end && (bytes.byteOffset + i) % 4 !== 0) if (bytes[i++] & 0x80) return false;
  const words = Math.floor((end - i) / 4);
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + i, words);
    for (let w = 0; w < words; w++) if (view[w] & 0x80808080) return false;
    i += words * 4;
  }
  while (i < end) if (bytes[i++] & 0x80) return false;
  return true;
}

/**
 * truncateHead over the text held in bytes[start, end) (`totalLines` lines), without decoding more
 * than what is kept: the same result as `truncateHead(decode(bytes[start, end)))` provided those
 * bytes are valid UTF-8 (then a decoded line's UTF-8 length is its byte length). The caller checks.
 */
export function truncateHeadUtf8(
  bytes: Uint8Array,
  start: number,
  end: number,
  totalLines: number,
  decode: (bytes: Uint8Array) => string,
  options: TruncationOptions = {},
): TruncationResult {
  const max = limits(options);
  const totalBytes = end - start;
  if (totalLines <= max.maxLines && totalBytes <= max.maxBytes) {
    return untouched(decode(bytes.subarray(start, end)), totalLines, totalBytes, max);
  }
  const lineEnd = (from: number) => {
    const newline = bytes.indexOf(10, from);
    return newline === -1 || newline >= end ? end : newline;
  };
  const base = { truncated: true, totalLines, totalBytes, lastLinePartial: false, ...max };
  if (lineEnd(start) - start > max.maxBytes) return firstLineTooLong(totalLines, totalBytes, max);
  let kept = 0;
  let used = 0;
  let truncatedBy: "lines" | "bytes" = "lines";
  for (let position = start; kept < totalLines && kept < max.maxLines; kept++) {
    const stop = lineEnd(position);
    const cost = stop - position + (kept > 0 ? 1 : 0);
    if (used + cost > max.maxBytes) {
      truncatedBy = "bytes";
      break;
    }
    used += cost;
    position = stop + 1;
  }
  return {
    ...base,
    content: decode(bytes.subarray(start, start + used)),
    truncatedBy,
    outputLines: kept,
    outputBytes: used,
    firstLineExceedsLimit: false,
  };
}
