/**
 * edit the pi 1.6.0 way (the profile's `edit.fuzzyRewrite: "touched-lines"`, `lineEndings:
 * "keep-original"`, `patch`), after the same matching as 0.73.1 (./edit-diff.ts `matchEdits`):
 * - After a fuzzy match, only the lines an edit touches are rewritten, from the fuzzy form; every other
 *   line keeps its text (trailing blanks, smart quotes, dashes). Edits touching a common line rewrite it
 *   together.
 * - The result is spliced into the original text, so an untouched line keeps its own ending (a CRLF in
 *   an LF file stays); a newline inside new text gets the ending of the line where its edit starts.
 * - The numbered diff and a unified patch are computed in windows of 32 unchanged lines around each
 *   change, then joined, so their cost follows the change, not the file.
 */
import { diffLines, FILE_HEADERS_ONLY, formatPatch, type StructuredPatchHunk, structuredPatch } from "diff";
import { type EditInput, matchEdits, noChangeError } from "./edit-diff";
import { unchangedRun } from "./edit-diff-lines";

/** A replacement of [index, index + length) in LF text. */
export interface LineReplacement {
  index: number;
  length: number;
  newText: string;
}

/** Offsets of the lines of `text`, each with its "\n" (the last one may have none). */
function lineSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline + 1;
    spans.push({ start, end });
    start = end;
  }
  return spans;
}

/**
 * Edits matched in `base` (the fuzzy form of `original`, same line count) become replacements of
 * whole lines of `original`: each group of edits sharing lines replaces those lines with the base's
 * lines after its edits.
 */
function widenToLines(
  original: string,
  base: string,
  matches: readonly LineReplacement[],
): LineReplacement[] {
  const originalLines = lineSpans(original);
  const baseLines = lineSpans(base);
  if (originalLines.length !== baseLines.length)
    throw new Error("Cannot preserve unchanged lines because the base content has a different line count.");
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = baseLines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (baseLines[mid].end <= offset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const groups: { first: number; last: number; edits: LineReplacement[] }[] = [];
  for (const m of matches) {
    const first = lineOf(m.index);
    const last = lineOf(m.index + m.length - 1);
    const current = groups[groups.length - 1];
    if (current && first <= current.last) {
      current.last = Math.max(current.last, last);
      current.edits.push(m);
    } else groups.push({ first, last, edits: [m] });
  }
  return groups.map(({ first, last, edits }) => {
    const from = baseLines[first].start;
    let text = "";
    let at = from;
    for (const e of edits) {
      text += base.slice(at, e.index) + e.newText;
      at = e.index + e.length;
    }
    text += base.slice(at, baseLines[last].end);
    const start = originalLines[first].start;
    return { index: start, length: originalLines[last].end - start, newText: text };
  });
}

function applyReplacements(text: string, replacements: readonly LineReplacement[]): string {
  let out = "";
  let at = 0;
  for (const r of replacements) {
    out += text.slice(at, r.index) + r.newText;
    at = r.index + r.length;
  }
  return out + text.slice(at);
}

/**
 * pi 1.6.0's application of edits to the LF, BOM-less text: the new text and the replacements that
 * made it (sorted; after a fuzzy match, whole lines of the original). Throws pi's texts.
 */
export function applyEditsTouchedLines(
  normalizedContent: string,
  edits: readonly EditInput[],
  path: string,
): { newContent: string; replacements: LineReplacement[] } {
  const { baseContent, usedFuzzy, matches } = matchEdits(normalizedContent, edits, path);
  const found = matches.map((m) => ({ index: m.index, length: m.length, newText: m.newText }));
  const replacements = usedFuzzy ? widenToLines(normalizedContent, baseContent, found) : found;
  const newContent = applyReplacements(normalizedContent, replacements);
  if (newContent === normalizedContent) throw noChangeError(path, edits.length > 1);
  return { newContent, replacements };
}

/** The ending of the line holding `offset` in `text` (an unended last line takes the one before it). */
function lineEndingAt(text: string, offset: number): string {
  let newline = text.indexOf("\n", offset);
  if (newline === -1) newline = text.lastIndexOf("\n", offset);
  // No LF at all: a file of lone CRs (old Mac endings) uses CR; otherwise a CR is just a character.
  if (newline === -1) return text.includes("\r") ? "\r" : "\n";
  return text.charCodeAt(newline - 1) === 13 ? "\r\n" : "\n";
}

/**
 * Applies replacements found in `original` with its line endings made LF to `original` itself: text
 * outside them keeps its bytes. A replacement covering the LF of a CRLF covers the CR too.
 */
export function applyReplacementsToOriginal(
  original: string,
  replacements: readonly LineReplacement[],
): string {
  // Only a CRLF changes length when made LF, so an LF offset plus the CRLFs before it is the original offset.
  let crlfSeen = 0;
  let nextCrlf = original.indexOf("\r\n");
  const toOriginal = (offset: number) => {
    while (nextCrlf !== -1 && nextCrlf - crlfSeen < offset) {
      crlfSeen++;
      nextCrlf = original.indexOf("\r\n", nextCrlf + 2);
    }
    return offset + crlfSeen;
  };
  const parts: string[] = [];
  let lastEndsWithCr = false;
  const add = (part: string) => {
    if (part === "") return;
    // A CR left before a seam and an LF after it would read as one CRLF: the CR gets an LF of its own.
    if (lastEndsWithCr && part[0] === "\n") parts.push("\n");
    parts.push(part);
    lastEndsWithCr = part.charCodeAt(part.length - 1) === 13;
  };
  let at = 0;
  for (const r of replacements) {
    const start = toOriginal(r.index);
    add(original.slice(at, start));
    const ending = lineEndingAt(original, start);
    add(ending === "\n" ? r.newText : r.newText.replaceAll("\n", ending));
    at = toOriginal(r.index + r.length);
  }
  add(original.slice(at));
  return parts.join("");
}

/** Unchanged lines diffed on each side of a change: far more than the 4 shown, so jsdiff aligns as over the file. */
const WINDOW_MARGIN_LINES = 32;

function countNewlines(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) count++;
  return count;
}

function lineStartBefore(text: string, offset: number): number {
  return offset === 0 ? 0 : text.lastIndexOf("\n", offset - 1) + 1;
}

interface DiffWindow {
  oldStart: number;
  oldEnd: number;
  /** Lines of the old text before the window. */
  oldLine: number;
  newStart: number;
  newEnd: number;
  newLine: number;
}

/** Whole-line windows around the (sorted, disjoint) replacements; windows that meet are merged. */
function diffWindows(oldText: string, replacements: readonly LineReplacement[]): DiffWindow[] {
  const windows: DiffWindow[] = [];
  let offsetShift = 0;
  let lineShift = 0;
  let countedTo = 0;
  let linesBefore = 0;
  for (const r of replacements) {
    const matchEnd = r.index + r.length;
    let start = lineStartBefore(oldText, r.index);
    for (let k = 0; k < WINDOW_MARGIN_LINES && start > 0; k++) start = lineStartBefore(oldText, start - 1);
    let end = matchEnd;
    for (let k = 0; k <= WINDOW_MARGIN_LINES && end < oldText.length; k++) {
      const newline = oldText.indexOf("\n", k === 0 ? Math.max(matchEnd - 1, r.index) : end);
      end = newline === -1 ? oldText.length : newline + 1;
    }
    const shift = r.newText.length - r.length;
    const lines = countNewlines(r.newText) - countNewlines(oldText, r.index, matchEnd);
    const previous = windows[windows.length - 1];
    if (previous && start <= previous.oldEnd) {
      previous.oldEnd = Math.max(previous.oldEnd, end);
      previous.newEnd = previous.oldEnd + offsetShift + shift;
    } else {
      linesBefore += countNewlines(oldText, countedTo, start);
      countedTo = start;
      windows.push({
        oldStart: start,
        oldEnd: end,
        oldLine: linesBefore,
        newStart: start + offsetShift,
        newEnd: end + offsetShift + shift,
        newLine: linesBefore + lineShift,
      });
    }
    offsetShift += shift;
    lineShift += lines;
  }
  return windows;
}

/** Numbered diff lines of jsdiff parts, numbered from the given lines (as ./edit-diff-lines.ts renders). */
function renderParts(
  parts: ReturnType<typeof diffLines>,
  firstOld: number,
  firstNew: number,
  width: number,
  contextLines: number,
): { lines: string[]; firstChangedLine: number | undefined } {
  const out: string[] = [];
  const num = (n: number) => String(n).padStart(width, " ");
  const skipped = ` ${" ".repeat(width)} ...`;
  let oldLine = firstOld;
  let newLine = firstNew;
  let lastWasChange = false;
  let firstChangedLine: number | undefined;
  parts.forEach((part, i) => {
    const lines = part.value.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    if (part.added || part.removed) {
      firstChangedLine ??= newLine;
      for (const line of lines) {
        if (part.added) out.push(`+${num(newLine++)} ${line}`);
        else out.push(`-${num(oldLine++)} ${line}`);
      }
      lastWasChange = true;
      return;
    }
    const next = parts[i + 1];
    const nextIsChange = next !== undefined && (next.added || next.removed);
    const show = (from: number, to: number) => {
      for (let k = from; k < to; k++) out.push(` ${num(oldLine + k)} ${lines[k]}`);
    };
    const n = lines.length;
    for (const piece of unchangedRun(n, contextLines, lastWasChange, nextIsChange)) {
      if (piece === "skip") out.push(skipped);
      else show(piece[0], piece[1]);
    }
    oldLine += n;
    newLine += n;
    lastWasChange = false;
  });
  return { lines: out, firstChangedLine };
}

/**
 * pi 1.6.0's `details` for an edit: the numbered diff (as 0.73.1's, but of the original text), the
 * line of the first change, and a unified patch (`--- path` / `+++ path` headers, 4 lines of context).
 */
export function generateTouchedLinesDiff(
  path: string,
  oldText: string,
  newText: string,
  replacements: readonly LineReplacement[],
  contextLines = 4,
): { diff: string; patch: string; firstChangedLine: number | undefined } {
  const width = String(Math.max(countNewlines(oldText) + 1, countNewlines(newText) + 1)).length;
  const skipped = ` ${" ".repeat(width)} ...`;
  const out: string[] = [];
  const hunks: StructuredPatchHunk[] = [];
  let firstChangedLine: number | undefined;
  for (const w of diffWindows(oldText, replacements)) {
    const before = oldText.slice(w.oldStart, w.oldEnd);
    const after = newText.slice(w.newStart, w.newEnd);
    const shown = renderParts(diffLines(before, after), w.oldLine + 1, w.newLine + 1, width, contextLines);
    firstChangedLine ??= shown.firstChangedLine;
    // Two windows both mark the unchanged run between them as skipped; the file-wide diff marks it once.
    if (out[out.length - 1] === skipped && shown.lines[0] === skipped) shown.lines.shift();
    for (const line of shown.lines) out.push(line);
    const patch = structuredPatch(path, path, before, after, undefined, undefined, { context: contextLines });
    for (const hunk of patch.hunks)
      hunks.push({ ...hunk, oldStart: hunk.oldStart + w.oldLine, newStart: hunk.newStart + w.newLine });
  }
  const patch = formatPatch(
    { oldFileName: path, newFileName: path, oldHeader: undefined, newHeader: undefined, hunks },
    FILE_HEADERS_ONLY,
  );
  return { diff: out.join("\n"), patch, firstChangedLine };
}
