/**
 * A thrown value on its way across the sandbox boundary. pi words a tool's failure from what was thrown
 * (an Error's message, anything else as `String(value)`), and a workspace error keeps its `code`
 * (`ENOENT`, say), which tool code tests. So an Error crosses as its name, message and plain fields, a
 * value that can be copied crosses as itself, and anything else as its text.
 */
export type WireError =
  | { kind: "error"; name: string; message: string; fields: Record<string, string | number> }
  | { kind: "value"; value: unknown }
  | { kind: "text"; text: string; json?: string };

export function encodeThrown(thrown: unknown): WireError {
  if (thrown instanceof Error) {
    const fields: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(thrown))
      if (typeof value === "string" || typeof value === "number") fields[key] = value;
    return { kind: "error", name: thrown.name, message: thrown.message, fields };
  }
  try {
    return { kind: "value", value: structuredClone(thrown) };
  } catch {
    let json: string | undefined;
    try {
      json = JSON.stringify(thrown);
    } catch {
      json = undefined;
    }
    return { kind: "text", text: safeString(thrown), ...(json === undefined ? {} : { json }) };
  }
}

export function decodeThrown(wire: WireError): unknown {
  if (wire.kind === "value") return wire.value;
  if (wire.kind === "text") {
    // Prints as it did (String) and serialises as it did (JSON.stringify), which is what callers read.
    const { text, json } = wire;
    return { toString: () => text, toJSON: () => (json === undefined ? undefined : JSON.parse(json)) };
  }
  const error = new Error(wire.message);
  Object.assign(error, wire.fields);
  if (wire.name !== "Error") error.name = wire.name;
  return error;
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
