/**
 * edit's numbered diff, as pi 0.73.1's `generateDiffString` (`dist/core/tools/edit-diff.js`) renders
 * jsdiff's line diff; checked against pi's own function on thousands of random edits.
 */
import { diffLines } from "diff";

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
 * A numbered diff: `+<n> ` added (new numbering), `-<n> ` removed and ` <n> ` context (old
 * numbering), numbers padded to the width of the longer file's line count, up to `contextLines` of
 * context around each change and ` <pad> ...` for what is left out.
 */
export function generateDiffString(
  oldContent: string,
  newContent: string,
  contextLines = 4,
): { diff: string; firstChangedLine: number | undefined } {
  const parts = diffParts(oldContent, newContent);
  // pi pads to the digits of max(old.split("\n").length, new.split("\n").length). Every diff part is
  // whole lines, each ending in "\n" but a file's last, so the counts come from the parts, not a scan.
  const lineCount = (content: string, side: "old" | "new") => {
    let tokens = 0;
    for (const part of parts) if (side === "old" ? !part.added : !part.removed) tokens += part.count;
    return content === "" ? 1 : tokens + (content.endsWith("\n") ? 1 : 0);
  };
  const width = String(Math.max(lineCount(oldContent, "old"), lineCount(newContent, "new"))).length;
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
    if (lastWasChange && nextIsChange) {
      if (n <= contextLines * 2) context(0, n);
      else {
        context(0, contextLines);
        out.push(ellipsis);
        context(n - contextLines, n);
      }
    } else if (lastWasChange) {
      context(0, Math.min(contextLines, n));
      if (n > contextLines) out.push(ellipsis);
    } else if (nextIsChange) {
      if (n > contextLines) out.push(ellipsis);
      context(Math.max(0, n - contextLines), n);
    }
    oldLine += n;
    newLine += n;
    lastWasChange = false;
  });
  return { diff: out.join("\n"), firstChangedLine };
}
