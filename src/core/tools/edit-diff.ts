/**
 * The text work behind edit, as pi's `dist/core/tools/edit-diff.js` does it: line endings and
 * BOM, the fuzzy fallback, applying several edits against the original, and the numbered diff. Matching
 * is the same in both versions; this file applies edits the 0.73.1 way, ./edit-touched-lines.ts the
 * 1.6.0 way (only touched lines rewritten, untouched bytes kept).
 *
 * What a model can observe and this file keeps: uniqueness is always counted in fuzzy-normalised
 * space; in 0.73.1, if any edit needs the fuzzy fallback the whole file is normalised before any edit applies
 * (and the diff, computed from that base, does not show it); error texts are pi's, with the raw path.
 * The numbered diff lives in ./edit-diff-lines.ts, the fuzzy-normalised text in ./edit-fuzzy.ts.
 */

import type { TextReplacement } from "../bytes";
import type { LineChange } from "./edit-diff-lines";
import { FuzzyText } from "./edit-fuzzy";

export type LineEnding = "\r\n" | "\n";

export interface EditInput {
  oldText: string;
  newText: string;
}

/** CRLF if and only if the first `\n` is preceded by `\r`; a file without newline counts as LF. */
export function detectLineEnding(content: string): LineEnding {
  const lf = content.indexOf("\n");
  return lf > 0 && content.charCodeAt(lf - 1) === 13 ? "\r\n" : "\n";
}

/** CRLF and lone CR both become LF. */
export function normalizeToLF(text: string): string {
  return text.indexOf("\r") === -1 ? text : text.replace(/\r\n?/g, "\n");
}

/** Every `\n` becomes CRLF for a CRLF file, so mixed files come out uniform. */
export function restoreLineEndings(text: string, ending: LineEnding): string {
  return ending === "\r\n" ? text.replace(/\n/g, "\r\n") : text;
}

export function stripBom(content: string): { bom: string; text: string } {
  return content.charCodeAt(0) === 0xfeff
    ? { bom: "\uFEFF", text: content.slice(1) }
    : { bom: "", text: content };
}

/** NFKC, per-line trimEnd, then smart quotes, dashes and Unicode spaces to their ASCII forms. */
export function normalizeForFuzzyMatch(text: string): string {
  return new FuzzyText(text).text;
}

export interface FuzzyMatch {
  found: boolean;
  index: number;
  matchLength: number;
  usedFuzzyMatch: boolean;
}

/** Exact `indexOf` first, then the same search in fuzzy space (`fuzzyContent` may be passed in). */
export function fuzzyFindText(content: string, oldText: string, fuzzyContent?: string): FuzzyMatch {
  const exact = content.indexOf(oldText);
  if (exact !== -1) return { found: true, index: exact, matchLength: oldText.length, usedFuzzyMatch: false };
  const fuzzyOld = normalizeForFuzzyMatch(oldText);
  const index = (fuzzyContent ?? normalizeForFuzzyMatch(content)).indexOf(fuzzyOld);
  if (index === -1) return { found: false, index: -1, matchLength: 0, usedFuzzyMatch: false };
  return { found: true, index, matchLength: fuzzyOld.length, usedFuzzyMatch: true };
}

/** An edit found in the base text: [index, index + length) becomes newText. */
export interface MatchedEdit {
  editIndex: number;
  index: number;
  length: number;
  newText: string;
}

/**
 * Finds every edit in the (LF, BOM-less) original, as both pi versions do: empty, missing, ambiguous
 * and overlapping edits throw pi's texts. The base is the original, or its fuzzy form when any edit
 * needed the fuzzy fallback; the matches are in the base, sorted by position.
 */
export function matchEdits(
  normalizedContent: string,
  edits: readonly EditInput[],
  path: string,
): { baseContent: string; usedFuzzy: boolean; matches: MatchedEdit[] } {
  const several = edits.length > 1;
  const normalized = edits.map((e) => ({
    oldText: normalizeToLF(e.oldText),
    newText: normalizeToLF(e.newText),
  }));
  normalized.forEach((edit, i) => {
    if (edit.oldText.length === 0) {
      throw new Error(
        several
          ? `edits[${i}].oldText must not be empty in ${path}.`
          : `oldText must not be empty in ${path}.`,
      );
    }
  });

  const fuzzyOriginal = new FuzzyText(normalizedContent);
  const anyFuzzy = normalized.some(
    (e) =>
      normalizedContent.indexOf(e.oldText) === -1 &&
      fuzzyFindText(normalizedContent, e.oldText, fuzzyOriginal.text).found,
  );
  const baseContent = anyFuzzy ? fuzzyOriginal.text : normalizedContent;
  const fuzzyBase = anyFuzzy ? new FuzzyText(baseContent) : fuzzyOriginal;

  const matches = normalized.map((edit, i) => {
    // The fuzzy form of the base is only built (whole) when an exact search fails.
    const exact = baseContent.indexOf(edit.oldText);
    const match: FuzzyMatch =
      exact !== -1
        ? { found: true, index: exact, matchLength: edit.oldText.length, usedFuzzyMatch: false }
        : fuzzyFindText(baseContent, edit.oldText, fuzzyBase.text);
    if (!match.found) {
      throw new Error(
        several
          ? `Could not find edits[${i}] in ${path}. The oldText must match exactly including all whitespace and newlines.`
          : `Could not find the exact text in ${path}. The old text must match exactly including all whitespace and newlines.`,
      );
    }
    const occurrences = fuzzyBase.count(normalizeForFuzzyMatch(edit.oldText));
    if (occurrences > 1) {
      throw new Error(
        several
          ? `Found ${occurrences} occurrences of edits[${i}] in ${path}. Each oldText must be unique. Please provide more context to make it unique.`
          : `Found ${occurrences} occurrences of the text in ${path}. The text must be unique. Please provide more context to make it unique.`,
      );
    }
    return { editIndex: i, index: match.index, length: match.matchLength, newText: edit.newText };
  });

  matches.sort((a, b) => a.index - b.index);
  for (let i = 1; i < matches.length; i++) {
    const previous = matches[i - 1];
    const current = matches[i];
    if (previous.index + previous.length > current.index) {
      throw new Error(
        `edits[${previous.editIndex}] and edits[${current.editIndex}] overlap in ${path}. Merge them into one edit or target disjoint regions.`,
      );
    }
  }
  return { baseContent, usedFuzzy: anyFuzzy, matches };
}

/** pi's text when the edits change nothing. */
export function noChangeError(path: string, several: boolean): Error {
  return new Error(
    several
      ? `No changes made to ${path}. The replacements produced identical content.`
      : `No changes made to ${path}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.`,
  );
}

/**
 * pi 0.73.1: applies every edit against the (LF, BOM-less) original. Returns the base the edits were
 * applied to (the original, or its fuzzy form: then the whole file is written in that form) and the new
 * content; throws pi's texts for empty, missing, ambiguous, overlapping and no-op edits.
 */
export function applyEditsToNormalizedContent(
  normalizedContent: string,
  edits: readonly EditInput[],
  path: string,
): { baseContent: string; newContent: string; change: LineChange; replacements: TextReplacement[] } {
  const { baseContent, matches } = matchEdits(normalizedContent, edits, path);

  // The whole lines the edits touch, and what they become (the diff needs no more than this).
  const first = matches[0].index;
  const start = first === 0 ? 0 : baseContent.lastIndexOf("\n", first - 1) + 1;
  const last = matches[matches.length - 1];
  const lineEnd = baseContent.indexOf("\n", last.index + last.length - 1);
  const end = lineEnd === -1 ? baseContent.length : lineEnd + 1;
  let text = "";
  let from = start;
  for (const m of matches) {
    text += baseContent.slice(from, m.index) + m.newText;
    from = m.index + m.length;
  }
  text += baseContent.slice(from, end);
  const change: LineChange = { start, end, text };
  const newContent = baseContent.slice(0, start) + text + baseContent.slice(end);
  // The rest of the file is the same on both sides: only the changed lines need comparing.
  if (text === baseContent.slice(start, end)) throw noChangeError(path, edits.length > 1);
  const replacements = matches.map((m) => ({ index: m.index, length: m.length, text: m.newText }));
  return { baseContent, newContent, change, replacements };
}

export { generateDiffForChange, generateDiffString, type LineChange } from "./edit-diff-lines";
