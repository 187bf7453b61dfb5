/** Where a JSON text stops parsing, for marking it in the raw-JSON tab. */
export interface JsonProblem {
  message: string;
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
  } catch (error) {
    const found = findProblem(text) ?? { offset: text.length, message: (error as Error).message };
    return { ok: false, problem: locate(text, Math.min(found.offset, text.length), found.message) };
  }
}

interface Found {
  offset: number;
  message: string;
}

class Stop extends Error {
  constructor(readonly found: Found) {
    super(found.message);
  }
}

const WORD = /[A-Za-z_$][\w$.\-/]*/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** The first character that is not JSON, with a sentence saying what was expected there; null if none. */
export function findProblem(text: string): Found | null {
  let i = 0;
  const fail = (offset: number, message: string): never => {
    throw new Stop({ offset, message });
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const atEnd = (what: string) => {
    if (i >= text.length) fail(text.length, `the text ends before ${what}`);
  };
  const string = () => {
    const start = i++;
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail(i, "a line break or control character inside a string must be escaped (\\n, \\t)");
      if (text[i] === "\\") {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)))
            fail(i, "\\u must be followed by four hex digits");
          i += 6;
          continue;
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e))
          fail(i, `"\\${e ?? ""}" is not an escape JSON knows`);
        i += 2;
        continue;
      }
      i++;
    }
    if (i >= text.length) fail(start, "this string is never closed: add the closing double quote");
    i++;
  };
  const value = () => {
    space();
    atEnd("a value");
    const c = text[i];
    if (c === "{") object();
    else if (c === "[") array();
    else if (c === '"') string();
    else if (c === "-" || (c >= "0" && c <= "9")) {
      NUMBER.lastIndex = i;
      if (!NUMBER.exec(text)) fail(i, "this is not a JSON number");
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
    if (found) fail(i, `a text value needs double quotes: "${found}"`);
    if (text[i] === "'") fail(i, "JSON strings take double quotes, not single quotes");
    fail(i, "expected a value here: a string in double quotes, a number, true, false, null, {…} or […]");
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
      atEnd('the object is closed: add "}"');
      if (text[i] !== '"') {
        WORD.lastIndex = i;
        const word = WORD.exec(text)?.[0];
        fail(
          i,
          word
            ? `a property name needs double quotes: "${word}"`
            : "expected a property name in double quotes",
        );
      }
      string();
      space();
      atEnd('the object is closed: add "}"');
      if (text[i] !== ":") fail(i, 'expected ":" after the property name');
      i++;
      value();
      space();
      atEnd('the object is closed: add "}"');
      if (text[i] === "}") {
        i++;
        return;
      }
      if (text[i] !== ",") fail(i, 'expected "," before the next property, or "}" to close the object');
      const comma = i++;
      space();
      if (text[i] === "}") fail(comma, 'a comma before "}" is not allowed in JSON: remove it');
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
      atEnd('the list is closed: add "]"');
      if (text[i] === "]") {
        i++;
        return;
      }
      if (text[i] !== ",") fail(i, 'expected "," before the next item, or "]" to close the list');
      const comma = i++;
      space();
      if (text[i] === "]") fail(comma, 'a comma before "]" is not allowed in JSON: remove it');
    }
  };
  try {
    space();
    if (i >= text.length) return { offset: 0, message: "the text is empty: write a JSON object such as {}" };
    value();
    space();
    if (i < text.length) fail(i, "there is more text after the JSON value ends");
    return null;
  } catch (error) {
    if (error instanceof Stop) return error.found;
    return null; // nesting too deep for this scanner: the caller falls back to the engine's message
  }
}

function locate(text: string, offset: number, message: string): JsonProblem {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  const lineEnd = text.indexOf("\n", offset);
  return {
    message,
    offset,
    line,
    column: offset - lineStart + 1,
    lineText: text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd),
  };
}
