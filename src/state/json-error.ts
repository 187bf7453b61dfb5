/**
 * What is wrong at the breaking place, as a code and its values: the page words it in its own language
 * (`callForm:jsonProblem.<code>`), and no one else reads it.
 */
export type JsonProblemCode =
  | { code: "controlInString" }
  | { code: "badUnicodeEscape" }
  | { code: "badEscape"; escape: string }
  | { code: "unclosedString" }
  | { code: "endsBeforeValue" }
  | { code: "endsBeforeObjectClose" }
  | { code: "endsBeforeListClose" }
  | { code: "notNumber" }
  | { code: "unquotedValue"; word: string }
  | { code: "singleQuotes" }
  | { code: "expectedValue" }
  | { code: "unquotedName"; word: string }
  | { code: "expectedName" }
  | { code: "expectedColon" }
  | { code: "expectedCommaObject" }
  | { code: "trailingCommaObject" }
  | { code: "expectedCommaList" }
  | { code: "trailingCommaList" }
  | { code: "empty" }
  | { code: "trailingText" }
  /** the engine refused it where this scanner did not (nesting deeper than the scanner's stack) */
  | { code: "unreadable" };

/** Where a JSON text stops parsing, for marking it in the raw-JSON tab. */
export interface JsonProblem {
  what: JsonProblemCode;
  /** 0-based offset into the text */
  offset: number;
  /** 1-based */
  line: number;
  column: number;
  /** the text of that line, for showing a caret under the column */
  lineText: string;
}

/**
 * Parses `text`; returns the value or the place it breaks. The place comes from a small scanner of our own,
 * not from the engine's message: engines word it differently, and some name no position at all (an
 * unquoted value), which would put the caret past the end.
 */
export function checkJson(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonProblem } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    const found: Found = findProblem(text) ?? { offset: text.length, what: { code: "unreadable" } };
    return { ok: false, problem: locate(text, Math.min(found.offset, text.length), found.what) };
  }
}

interface Found {
  offset: number;
  what: JsonProblemCode;
}

class Stop extends Error {
  constructor(readonly found: Found) {
    super(found.what.code);
  }
}

const WORD = /[A-Za-z_$][\w$.\-/]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The first character that is not JSON, with a code saying what was expected there; null if none. */
export function findProblem(text: string): Found | null {
  let i = 0;
  const fail = (offset: number, what: JsonProblemCode): never => {
    throw new Stop({ offset, what });
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const atEnd = (code: "endsBeforeValue" | "endsBeforeObjectClose" | "endsBeforeListClose") => {
    if (i >= text.length) fail(text.length, { code });
  };
  const string = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail(i, { code: "controlInString" });
      if (text[i] === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail(i, { code: "badUnicodeEscape" });
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e))
          fail(i, { code: "badEscape", escape: `\\${e ?? ""}` });
        i += 2;
        continue;
      }
      i++;
    }
    if (i >= text.length) fail(start, { code: "unclosedString" });
    i++;
  };
  const value = () => {
    space();
    atEnd("endsBeforeValue");
    const c = text[i];
    if (c === "{") object();
    else if (c === "[") array();
    else if (c === '"') string();
    else if (c === "-" || (c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i;
      if (!NUMBER.exec(text)) fail(i, { code: "notNumber" });
      i = NUMBER.lastIndex;
    } else word();
  };
  const word = () => {
    WORD.lastIndex = i;
    const found = WORD.exec(text)?.[0];
    if (found === "true" || found === "false" || found === "null") {
      i += found.length;
      return;
    }
    if (found) fail(i, { code: "unquotedValue", word: found });
    if (text[i] === "'") fail(i, { code: "singleQuotes" });
    fail(i, { code: "expectedValue" });
  };
  const object = () => {
    i++;
    space();
    if (text[i] === "}") {
      i++;
      return;
    }
    for (;;) {
      space();
      atEnd("endsBeforeObjectClose");
      if (text[i] !== '"') {
        WORD.lastIndex = i;
        const word = WORD.exec(text)?.[0];
        fail(i, word ? { code: "unquotedName", word } : { code: "expectedName" });
      }
      string();
      space();
      atEnd("endsBeforeObjectClose");
      if (text[i] !== ":") fail(i, { code: "expectedColon" });
      i++;
      value();
      space();
      atEnd("endsBeforeObjectClose");
      if (text[i] === "}") {
        i++;
        return;
      }
      if (text[i] !== ",") fail(i, { code: "expectedCommaObject" });
      const comma = i++;
      space();
      if (text[i] === "}") fail(comma, { code: "trailingCommaObject" });
    }
  };
  const array = () => {
    i++;
    space();
    if (text[i] === "]") {
      i++;
      return;
    }
    for (;;) {
      value();
      space();
      atEnd("endsBeforeListClose");
      if (text[i] === "]") {
        i++;
        return;
      }
      if (text[i] !== ",") fail(i, { code: "expectedCommaList" });
      const comma = i++;
      space();
      if (text[i] === "]") fail(comma, { code: "trailingCommaList" });
    }
  };
  try {
    space();
    if (i >= text.length) return { offset: 0, what: { code: "empty" } };
    value();
    space();
    if (i < text.length) fail(i, { code: "trailingText" });
    return null;
  } catch (error) {
    if (error instanceof Stop) return error.found;
    return null; // nesting too deep for this scanner: the caller says the text could not be read
  }
}

function locate(text: string, offset: number, what: JsonProblemCode): JsonProblem {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  const lineEnd = text.indexOf("\n", offset);
  return {
    what,
    offset,
    line,
    column: offset - lineStart + 1,
    lineText: text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd),
  };
}
