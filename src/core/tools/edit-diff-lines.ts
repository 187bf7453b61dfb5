/**
 * edit's numbered diff, as pi 0.73.1's `generateDiffString` (`dist/core/tools/edit-diff.js`) renders
 * jsdiff's line diff; checked against pi's own function on thousands of random edits.
 */
import { diffArrays, diffLines } from "diff";

function splitLines(value: string): string[] {
  const lines = value.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

function countNewlines(text: string, end = text.length): number {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < end; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

/** Where the first line that differs starts (both texts are equal before it). */
function commonPrefixLineEnd(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  // Compare in chunks first: most of a large file is usually unchanged.
  const chunk = 4096;
  while (i + chunk <= n && a.slice(i, i + chunk) === b.slice(i, i + chunk)) i += chunk;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i === 0 ? 0 : a.lastIndexOf("\n", i - 1) + 1;
}

/** The last `count` lines of text[0, end), which ends with a newline. */
function lastLines(text: string, end: number, count: number): string[] {
  let from = end;
  for (let k = 0; k < count && from > 0; k++) from = text.lastIndexOf("\n", from - 2) + 1;
  return splitLines(text.slice(from, end));
}

interface DiffPart {
  added?: boolean;
  removed?: boolean;
  /** Number of lines. */
  count: number;
  /** The lines from index `from` (inclusive) to `to` (exclusive). */
  lines(from: number, to: number): string[];
}

/**
 * jsdiff's line diff, with the unchanged head of the files left out of the diffing: jsdiff takes the
 * common prefix as one unchanged part before anything else, so this gives the same parts, and a one-line
 * edit in a large file only diffs from that line on.
 */
function diffParts(oldContent: string, newContent: string): DiffPart[] {
  const prefixEnd = commonPrefixLineEnd(oldContent, newContent);
  const parts: DiffPart[] = diffLines(oldContent.slice(prefixEnd), newContent.slice(prefixEnd)).map(
    (part) => {
      const lines = splitLines(part.value);
      return {
        added: part.added,
        removed: part.removed,
        count: lines.length,
        lines: (a, b) => lines.slice(a, b),
      };
    },
  );
  return withPrefix(oldContent, prefixEnd, parts);
}

/**
 * The parts of a diff of the files from line start `prefixEnd` on, with the unchanged lines before it
 * put in front (merged into a leading unchanged part, as jsdiff would have it).
 */
function withPrefix(oldContent: string, prefixEnd: number, parts: DiffPart[]): DiffPart[] {
  if (prefixEnd === 0) return parts;
  const prefixCount = countNewlines(oldContent, prefixEnd);
  const first = parts[0];
  const merged = first && !first.added && !first.removed;
  const restCount = merged ? first.count : 0;
  const count = prefixCount + restCount;
  const prefixPart: DiffPart = {
    count,
    // Only the tail of a leading unchanged part is ever shown (as context before the first change).
    lines(from, to) {
      const tail = [
        ...lastLines(oldContent, prefixEnd, Math.max(0, count - from)),
        ...(merged ? first.lines(0, restCount) : []),
      ];
      return tail.slice(tail.length - (count - from), tail.length - (count - to));
    },
  };
  return merged ? [prefixPart, ...parts.slice(1)] : [prefixPart, ...parts];
}

/**
 * Which lines of an unchanged run of `n` lines a diff shows, in order: `[from, to)` ranges and "skip" for
 * the elided middle. After a change it shows the first `contextLines`, before one the last, between two
 * both (or the whole run when that is shorter), and nothing for a run touching no change.
 */
export function unchangedRun(
  n: number,
  contextLines: number,
  afterChange: boolean | undefined,
  beforeChange: boolean | undefined,
): ([number, number] | "skip")[] {
  if (afterChange && beforeChange)
    return n <= contextLines * 2 ? [[0, n]] : [[0, contextLines], "skip", [n - contextLines, n]];
  if (afterChange) return n > contextLines ? [[0, contextLines], "skip"] : [[0, n]];
  if (beforeChange) return n > contextLines ? ["skip", [n - contextLines, n]] : [[0, n]];
  return [];
}

/**
 * A numbered diff: `+<n> ` added (new numbering), `-<n> ` removed and ` <n> ` context (old
 * numbering), numbers padded to the width of the longer file's line count, up to `contextLines` of
 * context around each change and ` <pad> ...` for what is left out.
 */
export function generateDiffString(
  oldContent: string,
  newContent: string,
  contextLines = 4,
): { diff: string; firstChangedLine: number | undefined } {
  return renderDiff(
    diffParts(oldContent, newContent),
    shapeOf(oldContent),
    shapeOf(newContent),
    contextLines,
  );
}

/** What the line count needs of a file besides its lines: is it empty, does it end with a newline. */
interface Shape {
  empty: boolean;
  endsWithNewline: boolean;
}

function shapeOf(content: string): Shape {
  return { empty: content === "", endsWithNewline: content.endsWith("\n") };
}

/** A change as edit makes it: old[start, end) (whole lines) becomes `text`, the rest stays. */
export interface LineChange {
  start: number;
  end: number;
  text: string;
}

/**
 * The same as `generateDiffString(old, old.slice(0, start) + text + old.slice(end))`, without building
 * the new file: the lines after the change are shared between both sides and jsdiff runs on line
 * arrays (the same algorithm and equality as its line diff on LF text), so no joined copy of the
 * unchanged rest is made either. Needs `start` at a line start and `end` at a line start or the end.
 */
export function generateDiffForChange(
  oldContent: string,
  change: LineChange,
  contextLines = 4,
): { diff: string; firstChangedLine: number | undefined } {
  let { end, text } = change;
  // The new text must end a line, or its last line would run into the next one.
  while (text !== "" && !text.endsWith("\n") && end < oldContent.length) {
    const next = oldContent.indexOf("\n", end);
    const to = next === -1 ? oldContent.length : next + 1;
    text += oldContent.slice(end, to);
    end = to;
  }
  const { start } = change;
  const oldTokens = lineTokens(oldContent.slice(start));
  const changedCount = lineTokens(oldContent.slice(start, end)).length;
  const newTokens = lineTokens(text).concat(oldTokens.slice(changedCount));
  const parts: DiffPart[] = diffArrays(oldTokens, newTokens).map((part) => ({
    added: part.added,
    removed: part.removed,
    count: part.count ?? part.value.length,
    lines: (a, b) => part.value.slice(a, b).map(stripNewline),
  }));
  const newShape: Shape =
    end < oldContent.length
      ? shapeOf(oldContent)
      : text !== ""
        ? { empty: false, endsWithNewline: text.endsWith("\n") }
        : { empty: start === 0, endsWithNewline: start > 0 };
  return renderDiff(withPrefix(oldContent, start, parts), shapeOf(oldContent), newShape, contextLines);
}

/** jsdiff's line tokens of LF text: each line with its newline, the last one without when unended. */
function lineTokens(text: string): string[] {
  const lines = text.split("\n");
  const last = lines.pop() as string;
  const tokens = lines.map((line) => `${line}\n`);
  if (last !== "") tokens.push(last);
  return tokens;
}

function stripNewline(token: string): string {
  return token.endsWith("\n") ? token.slice(0, -1) : token;
}

function renderDiff(
  parts: DiffPart[],
  oldShape: Shape,
  newShape: Shape,
  contextLines: number,
): { diff: string; firstChangedLine: number | undefined } {
  // pi pads to the digits of max(old.split("\n").length, new.split("\n").length). Every diff part is
  // whole lines, each ending in "\n" but a file's last, so the counts come from the parts, not a scan.
  const lineCount = (shape: Shape, side: "old" | "new") => {
    let tokens = 0;
    for (const part of parts) if (side === "old" ? !part.added : !part.removed) tokens += part.count;
    return shape.empty ? 1 : tokens + (shape.endsWithNewline ? 1 : 0);
  };
  const width = String(Math.max(lineCount(oldShape, "old"), lineCount(newShape, "new"))).length;
  const num = (n: number) => String(n).padStart(width, " ");
  const ellipsis = ` ${" ".repeat(width)} ...`;
  const out: string[] = [];
  let oldLine = 1;
  let newLine = 1;
  let lastWasChange = false;
  let firstChangedLine: number | undefined;

  parts.forEach((part, i) => {
    if (part.added || part.removed) {
      firstChangedLine ??= newLine;
      for (const line of part.lines(0, part.count)) {
        if (part.added) out.push(`+${num(newLine++)} ${line}`);
        else out.push(`-${num(oldLine++)} ${line}`);
      }
      lastWasChange = true;
      return;
    }
    const next = parts[i + 1];
    const nextIsChange = next !== undefined && (next.added || next.removed);
    const n = part.count;
    const context = (from: number, to: number) => {
      part.lines(from, to).forEach((line, k) => {
        out.push(` ${num(oldLine + from + k)} ${line}`);
      });
    };
    for (const piece of unchangedRun(n, contextLines, lastWasChange, nextIsChange)) {
      if (piece === "skip") out.push(ellipsis);
      else context(piece[0], piece[1]);
    }
    oldLine += n;
    newLine += n;
    lastWasChange = false;
  });
  return { diff: out.join("\n"), firstChangedLine };
}
