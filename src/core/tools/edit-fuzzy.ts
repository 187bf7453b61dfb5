/**
 * edit's fuzzy-normalised text (NFKC, per-line trimEnd, then quotes, dashes and Unicode spaces to ASCII),
 * built and searched without a second copy of a large file. edit-diff.ts's `normalizeForFuzzyMatch` and
 * uniqueness counts use it; the results are those of normalising the whole text.
 */

// Each step runs only when the text holds something it would change, so the common case (ASCII
// source without trailing blanks) costs three scans instead of a rewrite of the whole file. These are
// optimisations only: the result is the same as running every step.
/**
 * A character NFKC may change: anything outside ASCII and the Latin-1 letters and signs that NFKC keeps as
 * they are (none of which combines with a neighbour). Most non-English text in code (ä, é, ß, ©, «») is
 * made of those, and skipping `normalize` for it saves 11 ms on a 1 MB file in Chromium. edit-diff.test.ts
 * checks the set against `normalize` itself, one character and every pair.
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

function countOccurrences(haystack: string, needle: string): number {
  // pi counts with split(needle).length - 1; an empty needle (an oldText of only blanks) splits into
  // single code units.
  if (needle.length === 0) return haystack.length - 1;
  let count = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) count++;
  return count;
}
