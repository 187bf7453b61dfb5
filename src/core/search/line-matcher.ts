/**
 * Finds the lines of a text that match a grep pattern, as rg does: a line matches when the pattern
 * matches somewhere inside it (a match never spans a line break). Every regex runs on RE2 (re2js), whose
 * time is linear in the input it is given (`(a+)+$` included); the scan keeps the whole search linear by
 * never giving it the same text twice over: it is only ever run on one line, or once on the rest of a
 * file up to the next hit. Speed comes from doing as little as possible with it:
 * - a literal search (`literal: true`, or a pattern with no regex syntax) never touches a regex engine
 *   when case matters (`indexOf`), and uses V8's RegExp on the escaped text when it does not (a literal
 *   cannot backtrack);
 * - a regex with a literal every match must contain is only run on the lines holding that literal;
 * - only yes/no is ever asked of RE2, never a position, which lets re2js use its DFA.
 */
import { RE2JS, RE2JSException, RE2JSSyntaxException } from "re2js";
import { NO_BUDGET, type SearchBudget } from "./budget";
import { type ByteFinder, createByteFinder } from "./byte-search";
import {
  isPlainLiteral,
  newlineNotAllowed,
  regexParseError,
  requiredLiteral,
  translateToRe2,
} from "./rg-syntax";

export interface LineMatcher {
  /**
   * The first line starting at or after `from` (itself a line start) that holds a match, as
   * [start, end) offsets without the line break; undefined when there is none.
   */
  nextLine(text: string, from: number): [number, number] | undefined;
  /**
   * When present: finds, in a file's bytes, the next place a literal every match needs occurs. A file
   * it finds nothing in needs no decoding; a line it finds something in is decoded alone and checked.
   */
  byteFinder?: ByteFinder;
  /** True when a hit of byteFinder is a match by itself (a literal search), so lines need no check. */
  byteFinderExact: boolean;
  /** Whether one line (no line break in it) holds a match. */
  matchesLine(line: string): boolean;
}

export interface MatcherOptions {
  ignoreCase: boolean;
  literal: boolean;
  /** Checked between lines, so that a long scan ends at the call's time limit. */
  budget?: SearchBudget;
}

type Finder = (text: string, from: number) => number;

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}

/** Where the next occurrence of `literal` starts, or -1. */
function literalFinder(literal: string, ignoreCase: boolean): Finder {
  if (!ignoreCase || literal.toLowerCase() === literal.toUpperCase()) {
    return (text, from) => text.indexOf(literal, from);
  }
  // `u` makes `i` use Unicode simple case folding, as Rust's regex does (K matches the Kelvin sign).
  const re = new RegExp(escapeRegExp(literal), "giu");
  return (text, from) => {
    re.lastIndex = from;
    const m = re.exec(text);
    return m ? m.index : -1;
  };
}

function lineStart(text: string, at: number): number {
  return at === 0 ? 0 : text.lastIndexOf("\n", at - 1) + 1;
}

function lineEnd(text: string, at: number): number {
  const i = text.indexOf("\n", at);
  return i < 0 ? text.length : i;
}

function literalMatcher(find: Finder): LineMatcher {
  return {
    byteFinderExact: false,
    matchesLine: (line) => find(line, 0) >= 0,
    nextLine(text, from) {
      const i = find(text, from);
      if (i < 0) return undefined;
      return [lineStart(text, i), lineEnd(text, i)];
    },
  };
}

function compileRe2(pattern: string, ignoreCase: boolean): RE2JS {
  const translated = translateToRe2(pattern);
  try {
    return RE2JS.compile(translated, RE2JS.MULTILINE | (ignoreCase ? RE2JS.CASE_INSENSITIVE : 0));
  } catch (error) {
    if (error instanceof RE2JSSyntaxException) {
      const fragment = error.input ?? "";
      const at = fragment ? pattern.indexOf(fragment) : -1;
      throw regexParseError(pattern, rustMessage(error.error), at >= 0 ? at : undefined, fragment.length);
    }
    if (error instanceof RE2JSException) throw regexParseError(pattern, error.message);
    throw error;
  }
}

/** RE2's parse errors in the words of Rust's regex-syntax, which is what rg prints. */
function rustMessage(re2Error: string): string {
  const map: Record<string, string> = {
    "missing closing )": "unclosed group",
    "unexpected )": "unopened group",
    "missing closing ]": "unclosed character class",
    "missing argument to repetition operator": "repetition operator missing expression",
    "invalid escape sequence": "unrecognized escape sequence",
    "invalid character class range": "invalid character class range, the start must be <= the end",
    "invalid repeat count": "invalid repetition count range, the start must be <= the end",
    "trailing backslash at end of expression":
      "incomplete escape sequence, reached end of pattern prematurely",
    "invalid or unsupported Perl syntax": "unrecognized flag",
  };
  return map[re2Error] ?? re2Error;
}

/** How many lines after a hit are tried one by one before the rest of the text is tested at once. */
const PROBE_LINES = 8;

/**
 * `probe`: whether lines may be tried one by one before the rest of the text is tested. Not for a
 * pattern with `\A`, `\z` or inline flags, where a line alone and the rest of the text can disagree (rg
 * looks for a candidate in the rest of its buffer first; so does the pass over the rest).
 */
function re2Matcher(
  re: RE2JS,
  prefilter: Finder | undefined,
  budget: SearchBudget,
  probe: boolean,
): LineMatcher {
  // `test` asks for no positions, which lets re2js run its DFA. Each line is tested on its own, so a
  // match can never run past its line end (`\s` and `[^x]` take a '\n'; rg's lines forbid that).
  const matchesLine = (line: string) => re.test(line);
  if (prefilter) {
    return {
      byteFinderExact: false,
      matchesLine,
      nextLine(text, from) {
        let pos = from;
        while (pos < text.length) {
          budget.check();
          const i = prefilter(text, pos);
          if (i < 0) return undefined;
          const start = lineStart(text, i);
          const end = lineEnd(text, i);
          if (matchesLine(text.slice(start, end))) return [start, end];
          pos = end + 1;
        }
        return undefined;
      },
    };
  }
  // While hits come close together (on every line, for `(\w+\s?)*$`), the next few lines are tried
  // alone before the pass over the rest: that pass is cheap when a hit is near, but re2js's own prefilter
  // looks for literals first, and for some alternations that is a scan to the end, once per hit.
  let dense = false;
  const scan = (text: string, from: number, lines: number): [number, number] | number => {
    let start = from;
    for (let n = 0; n < lines && start < text.length; n++) {
      budget.check();
      const end = lineEnd(text, start);
      if (matchesLine(text.slice(start, end))) {
        dense = probe && n < PROBE_LINES;
        return [start, end];
      }
      start = end + 1;
    }
    return start;
  };
  return {
    byteFinderExact: false,
    matchesLine,
    nextLine(text, from) {
      if (from === 0) dense = false;
      let start = from;
      if (dense) {
        const probed = scan(text, start, PROBE_LINES);
        if (typeof probed !== "number") return probed;
        start = probed;
      }
      // One DFA pass over the rest: it stops where the first match ends, so it costs no more than the
      // lines up to the next hit, and a rest without any match is skipped in one pass. (A search for the
      // match's position over the whole text instead is what made `(\w+\s?)*$` quadratic: its match
      // ran on through every following line of words, once per line found.)
      dense = false;
      if (start >= text.length || !re.test(start === 0 ? text : text.slice(start))) return undefined;
      const hit = scan(text, start, Number.POSITIVE_INFINITY);
      return typeof hit === "number" ? undefined : hit;
    },
  };
}

/** Compiles a grep pattern; throws an Error in rg's words when rg would refuse it. */
export function compileLineMatcher(pattern: string, options: MatcherOptions): LineMatcher {
  if (options.literal || isPlainLiteral(pattern)) {
    if (pattern.includes("\n")) throw newlineNotAllowed();
    const matcher = literalMatcher(literalFinder(pattern, options.ignoreCase));
    matcher.byteFinder = createByteFinder(pattern, options.ignoreCase);
    matcher.byteFinderExact = true;
    return matcher;
  }
  const re = compileRe2(pattern, options.ignoreCase);
  const budget = options.budget ?? NO_BUDGET;
  const required = requiredLiteral(pattern);
  const probe = !/\\[Az]|\(\?/.test(pattern);
  if (!required) return re2Matcher(re, undefined, budget, probe);
  const matcher = re2Matcher(re, literalFinder(required, options.ignoreCase), budget, probe);
  matcher.byteFinder = createByteFinder(required, options.ignoreCase);
  return matcher;
}
