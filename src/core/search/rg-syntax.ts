/**
 * rg's regex syntax (Rust's `regex` crate) on the RE2 engine (re2js). The two share a syntax family and a
 * linear-time guarantee; where they differ this module translates or gives a clear error:
 * - `\d`, `\w`, `\s` are Unicode-aware in Rust and ASCII in RE2: translated to Unicode classes.
 * - `\<`, `\>` (word start/end in Rust) do not exist in RE2: an error that suggests `\b`.
 * - A pattern that can only match across a line break is an error in rg (it searches line by line).
 * - Look-around and backreferences are errors in both; the message is rg's.
 * It also finds a literal every match must contain, so the engine can skip lines without it.
 */

// Rust's \w is Alphabetic + M + Nd + Pc + Join_Control; RE2 knows general categories, not Alphabetic.
const WORD = "\\p{L}\\p{Nl}\\p{M}\\p{Nd}\\p{Pc}\\x{200C}\\x{200D}";
// Rust's \s is the Unicode White_Space property.
const SPACE =
  "\\t\\n\\x{0B}\\f\\r \\x{85}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}";

export class RgSyntaxError extends Error {}

/** rg's message for a pattern it refuses, with carets under the offending part when it is known. */
export function regexParseError(pattern: string, message: string, at?: number, length = 1): RgSyntaxError {
  const caret = at === undefined ? "" : `\n    ${" ".repeat(at)}${"^".repeat(Math.max(1, length))}`;
  return new RgSyntaxError(`rg: regex parse error:\n    ${pattern}${caret}\nerror: ${message}`);
}

export function newlineNotAllowed(): RgSyntaxError {
  return new RgSyntaxError(
    'rg: the literal "\\n" is not allowed in a regex\n\nConsider enabling multiline mode with the --multiline flag (or -U for short).\nWhen multiline mode is enabled, new line characters can be matched.',
  );
}

/** Rewrites the Rust-only parts of a pattern into RE2 syntax; throws RgSyntaxError for the unsupported ones. */
export function translateToRe2(pattern: string): string {
  if (pattern.includes("\n")) throw newlineNotAllowed();
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1];
      if (next === undefined) {
        throw regexParseError(pattern, "incomplete escape sequence, reached end of pattern prematurely", i);
      }
      i++;
      if (next === "d") out += "\\p{Nd}";
      else if (next === "D") out += "\\P{Nd}";
      else if (next === "w") out += inClass ? WORD : `[${WORD}]`;
      else if (next === "W" && !inClass) out += `[^${WORD}]`;
      else if (next === "s") out += inClass ? SPACE : `[${SPACE}]`;
      else if (next === "S" && !inClass) out += `[^${SPACE}]`;
      else if (next === "n" && !inClass) throw newlineNotAllowed();
      else if ((next === "<" || next === ">") && !inClass) {
        throw new RgSyntaxError(
          `grep here does not support the word-${next === "<" ? "start" : "end"} assertion \\${next} (rg 14 does); use \\b instead.`,
        );
      } else if (next >= "1" && next <= "9" && !inClass) {
        throw regexParseError(pattern, "backreferences are not supported", i - 1, 2);
      } else out += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (c === "]" && !out.endsWith("[") && !out.endsWith("[^")) inClass = false;
      else if (c === "[" && pattern[i + 1] === ":") {
        const end = pattern.indexOf(":]", i + 2);
        if (end > 0) {
          out += pattern.slice(i, end + 2);
          i = end + 1;
          continue;
        }
      }
      out += c;
      continue;
    }
    if (c === "[") inClass = true;
    else if (c === "(" && pattern[i + 1] === "?") {
      const rest = pattern.slice(i + 2, i + 4);
      if (rest.startsWith("=") || rest.startsWith("!") || rest === "<=" || rest === "<!") {
        throw regexParseError(
          pattern,
          "look-around, including look-ahead and look-behind, is not supported",
          i,
          rest.startsWith("<") ? 4 : 3,
        );
      }
    }
    out += c;
  }
  return out;
}

/** One literal character at `i` (a plain char or an escaped punctuation char), and where the next token starts. */
function literalAt(pattern: string, i: number): { char: string; next: number } | undefined {
  const c = pattern[i];
  if (c === "\\") {
    const n = pattern[i + 1];
    if (n !== undefined && /[^\w\s<>]/.test(n)) return { char: n, next: i + 2 };
    return undefined;
  }
  if ("[](){}.*+?^$|".includes(c)) return undefined;
  const code = pattern.codePointAt(i) ?? 0;
  const char = String.fromCodePoint(code);
  return { char, next: i + char.length };
}

/**
 * The longest run of literal text every match must contain, or undefined when the pattern has an
 * alternation, inline flags, or nothing literal. Cheap and conservative: it only has to be right, not
 * complete.
 */
export function requiredLiteral(pattern: string): string | undefined {
  if (pattern.includes("|") || pattern.includes("(?")) return undefined;
  let best = "";
  let run = "";
  let depth = 0;
  const endRun = () => {
    if (run.length > best.length) best = run;
    run = "";
  };
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i];
    if (depth === 0) {
      const lit = literalAt(pattern, i);
      if (lit) {
        const q = pattern[lit.next];
        if (q === "?" || q === "*" || q === "{") {
          endRun(); // the char may be absent or repeated: it cannot join a run
          i = lit.next;
          continue;
        }
        run += lit.char;
        if (q === "+") endRun();
        i = lit.next;
        continue;
      }
    }
    endRun();
    if (c === "\\") i += 2;
    else if (c === "[") {
      // skip a class: a ']' right after '[' or '[^' is literal
      let j = i + 1;
      if (pattern[j] === "^") j++;
      if (pattern[j] === "]") j++;
      while (j < pattern.length && pattern[j] !== "]") j += pattern[j] === "\\" ? 2 : 1;
      i = j + 1;
    } else {
      if (c === "(") depth++;
      else if (c === ")") depth = Math.max(0, depth - 1);
      i++;
    }
    // a quantifier after a group or class: nothing collected there, nothing to undo
  }
  endRun();
  return best || undefined;
}

/** True when the pattern has no regex syntax at all, so it means the same as a literal search. */
export function isPlainLiteral(pattern: string): boolean {
  return !/[\\[\](){}.*+?^$|]/.test(pattern);
}
