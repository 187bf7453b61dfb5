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

/** Parses `text`; returns the value or the place it breaks (from the engine's message, else the end). */
export function checkJson(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonProblem } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    const message = (error as Error).message;
    const pos = /position (\d+)/.exec(message);
    const lc = /line (\d+) column (\d+)/.exec(message);
    let offset = text.length;
    if (pos) offset = Number(pos[1]);
    else if (lc) offset = offsetOf(text, Number(lc[1]), Number(lc[2]));
    return { ok: false, problem: locate(text, Math.min(offset, text.length), message) };
  }
}

function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf("\n", offset);
    if (nl < 0) return text.length;
    offset = nl + 1;
  }
  return offset + column - 1;
}

function locate(text: string, offset: number, message: string): JsonProblem {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  const lineEnd = text.indexOf("\n", offset);
  return {
    message: message.replace(/^JSON\.parse: /, ""),
    offset,
    line,
    column: offset - lineStart + 1,
    lineText: text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd),
  };
}
