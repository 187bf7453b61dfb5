/**
 * The text work behind edit, as pi 0.73.1's `dist/core/tools/edit-diff.js` does it: line endings and
 * BOM, the fuzzy fallback, applying several edits against the original, and the numbered diff.
 *
 * What a model can observe and this file keeps: uniqueness is always counted in fuzzy-normalised
 * space; if any edit needs the fuzzy fallback the whole file is normalised before any edit applies
 * (and the diff, computed from that base, does not show it); error texts are pi's, with the raw path.
 * The numbered diff lives in ./edit-diff-lines.ts.
 */

import type { TextReplacement } from "../bytes";
import type { LineChange } from "./edit-diff-lines";

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

// Each step runs only when the text holds something it would change, so the common case (ASCII
// source without trailing blanks) costs three scans instead of a rewrite of the whole file. These are
// optimisations only: the result is the same as running every step.
/**
 * A character NFKC may change: anything outside ASCII and the Latin-1 letters and signs that NFKC keeps as
 * they are (none of which combines with a neighbour). Most non-English text in code (ä, é, ß, ©, «») is
 * made of those, and skipping `normalize` for it saves 11 ms on a 1 MB file in Chromium. The test beside
 * this checks the set against `normalize` itself, one character and every pair.
 */
export const MAY_CHANGE_UNDER_NFKC = /[^\x00-\x9f\xa1-\xa7\xa9\xab-\xae\xb0\xb1\xb6\xb7\xbb\xbf-\xff]/;
const MAY_CHANGE_ALL = new RegExp(MAY_CHANGE_UNDER_NFKC.source, "g");

/**
 * `text.normalize("NFKC")`, computed only for the lines that hold a character NFKC may change. Lines are
 * independent under NFKC (a newline neither decomposes nor combines with anything), so the result is
 * the same; a 1 MB file whose only such character is an em dash in its first line costs a scan, not a
 * rewrite (13 ms in Chromium).
 */
export function nfkcByLine(text: string): string {
  MAY_CHANGE_ALL.lastIndex = 0;
  let out = "";
  let done = 0;
  for (let m = MAY_CHANGE_ALL.exec(text); m !== null; m = MAY_CHANGE_ALL.exec(text)) {
    const start = text.lastIndexOf("\n", m.index) + 1;
    let end = text.indexOf("\n", m.index);
    if (end < 0) end = text.length;
    const line = text.slice(start, end);
    const normalized = line.normalize("NFKC");
    if (normalized !== line) {
      out += text.slice(done, start) + normalized;
      done = end;
    }
    MAY_CHANGE_ALL.lastIndex = end;
  }
  // Nothing changed: the text itself, not a copy (a new 1 MB string costs a copy to search it).
  return done === 0 ? text : out + text.slice(done);
}
const TRAILING_BLANK = /[^\S\n](?:\n|$)/;
const FUZZY_CHARS = /[\u2018-\u201F\u2010-\u2015\u2212\u00A0\u2002-\u200A\u202F\u205F\u3000]/;

/** NFKC, per-line trimEnd, then smart quotes, dashes and Unicode spaces to their ASCII forms. */
export function normalizeForFuzzyMatch(text: string): string {
  return new FuzzyText(text).text;
}

/** The first two steps (NFKC, per-line trimEnd); each runs only when the text holds what it changes. */
function nfkcAndTrim(text: string): string {
  let out = nfkcByLine(text);
  if (TRAILING_BLANK.test(out)) {
    out = out
      .split("\n")
      .map((line) => line.trimEnd())
      .join("\n");
  }
  return out;
}

/**
 * A text in fuzzy-normalised form, kept as the text after NFKC and trimEnd plus the positions of the
 * characters the last step maps one-to-one (quotes, dashes, spaces). Counting occurrences then needs no
 * second copy of the whole text: for a 1 MB file, building one (and the copy V8 makes to flatten it for
 * a search) measured 7 ms, most of an edit's uniqueness check.
 */
export class FuzzyText {
  /** The text after NFKC and trimEnd. */
  private readonly stable: string;
  /** Ascending indexes in `stable` of the characters the last step replaces. */
  private readonly mapped: number[] = [];
  private full: string | undefined;

  constructor(text: string) {
    this.stable = nfkcAndTrim(text);
    if (!FUZZY_CHARS.test(this.stable)) return;
    FUZZY_CHARS_ALL.lastIndex = 0;
    for (let m = FUZZY_CHARS_ALL.exec(this.stable); m !== null; m = FUZZY_CHARS_ALL.exec(this.stable))
      this.mapped.push(m.index);
  }

  /** The whole normalised text (built on first use). */
  get text(): string {
    this.full ??= this.mapRange(0, this.stable.length);
    return this.full;
  }

  /** The normalised text of [from, to): `stable` with the mapped characters replaced. */
  private mapRange(from: number, to: number): string {
    let result = "";
    let last = from;
    for (let k = lowerBound(this.mapped, from); k < this.mapped.length && this.mapped[k] < to; k++) {
      const at = this.mapped[k];
      result += this.stable.slice(last, at) + FUZZY_REPLACEMENT[this.stable[at]];
      last = at + 1;
    }
    return result + this.stable.slice(last, to);
  }

  /**
   * Occurrences of `needle` in `text`, counted as pi does (`split(needle).length - 1`: left to right,
   * not overlapping). A match either lies where `text` equals `stable` (found in `stable`), or covers a
   * mapped character (found in a small stretch around it, built by mapRange); every start position of
   * both kinds, in order, then goes through the same left-to-right count.
   */
  count(needle: string): number {
    const n = needle.length;
    if (n === 0) return this.stable.length - 1;
    if (this.full !== undefined || this.mapped.length === 0) return countOccurrences(this.text, needle);
    if (this.mapped.length * n > this.stable.length / 4) return countOccurrences(this.text, needle);
    const starts: number[] = [];
    // Matches in stretches holding mapped characters: clusters whose neighbours are less than n apart,
    // so that every window starting in [first - n + 1, last] covers one of them and none covers two
    // clusters.
    const local: number[] = [];
    for (let k = 0; k < this.mapped.length; ) {
      let end = k;
      while (end + 1 < this.mapped.length && this.mapped[end + 1] - this.mapped[end] < n) end++;
      const lo = Math.max(0, this.mapped[k] - n + 1);
      const hi = Math.min(this.stable.length, this.mapped[end] + n);
      const stretch = this.mapRange(lo, hi);
      for (
        let i = stretch.indexOf(needle);
        i !== -1 && lo + i <= this.mapped[end];
        i = stretch.indexOf(needle, i + 1)
      )
        local.push(lo + i);
      k = end + 1;
    }
    // Matches in `stable` that cover no mapped character (one that does cannot match there: the
    // needle would hold the unmapped character, which `text` does not).
    let j = 0;
    for (let i = this.stable.indexOf(needle); i !== -1; i = this.stable.indexOf(needle, i + 1)) {
      const next = this.mapped[lowerBound(this.mapped, i)];
      if (next !== undefined && next < i + n) continue;
      while (j < local.length && local[j] < i) starts.push(local[j++]);
      starts.push(i);
    }
    while (j < local.length) starts.push(local[j++]);
    let count = 0;
    let free = 0;
    for (const start of starts) {
      if (start < free) continue;
      count++;
      free = start + n;
    }
    return count;
  }
}

/** The first index whose value is >= target in an ascending array. */
function lowerBound(values: readonly number[], target: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// Quotes to ' and ", dashes and minus to -, Unicode spaces to a space (pi applies these in that order;
// no replacement is itself replaced, so one pass gives the same text).
const FUZZY_CHARS_ALL = new RegExp(FUZZY_CHARS.source, "g");
const FUZZY_REPLACEMENT: Record<string, string> = {};
for (const c of "\u2018\u2019\u201A\u201B") FUZZY_REPLACEMENT[c] = "'";
for (const c of "\u201C\u201D\u201E\u201F") FUZZY_REPLACEMENT[c] = '"';
for (const c of "\u2010\u2011\u2012\u2013\u2014\u2015\u2212") FUZZY_REPLACEMENT[c] = "-";
for (const c of "\u00A0\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200A\u202F\u205F\u3000") {
  FUZZY_REPLACEMENT[c] = " ";
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

function countOccurrences(haystack: string, needle: string): number {
  // pi counts with split(needle).length - 1; an empty needle (an oldText of only blanks) splits into
  // single code units.
  if (needle.length === 0) return haystack.length - 1;
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}

/**
 * Applies every edit against the (LF, BOM-less) original. Returns the base the edits were applied to
 * (the original, or its fuzzy form) and the new content; throws pi's texts for empty, missing,
 * ambiguous, overlapping and no-op edits.
 */
export function applyEditsToNormalizedContent(
  normalizedContent: string,
  edits: readonly EditInput[],
  path: string,
): { baseContent: string; newContent: string; change: LineChange; replacements: TextReplacement[] } {
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
  const unchanged = text === baseContent.slice(start, end);
  if (unchanged) {
    throw new Error(
      several
        ? `No changes made to ${path}. The replacements produced identical content.`
        : `No changes made to ${path}. The replacement produced identical content. This might indicate an issue with special characters or the text not existing as expected.`,
    );
  }
  const replacements = matches.map((m) => ({ index: m.index, length: m.length, text: m.newText }));
  return { baseContent, newContent, change, replacements };
}

export { generateDiffForChange, generateDiffString, type LineChange } from "./edit-diff-lines";
