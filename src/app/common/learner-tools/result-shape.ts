/**
 * What a tool result must look like before it enters the conversation. pi 0.73.1 accepts anything here:
 * a result without content passes as a success and breaks the next model request, and `undefined`
 * crashes its loop. The playground checks a learner tool's result and names what is wrong.
 */

function describe(value: unknown): string {
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "string") return `a string (${JSON.stringify(value.slice(0, 40))})`;
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

const SHAPE = '{ content: [{ type: "text", text }], details }';

/** The problem with a result (or a partial result given to onUpdate), or null when it is well formed. */
export function resultProblem(result: unknown): string | null {
  if (typeof result !== "object" || result === null || Array.isArray(result))
    return `it returned ${describe(result)}: a tool result must be ${SHAPE}`;
  const content = (result as { content?: unknown }).content;
  if (content === undefined) return `its result has no content: a tool result must be ${SHAPE}`;
  if (!Array.isArray(content)) return `its content is ${describe(content)}, not an array of blocks: ${SHAPE}`;
  for (const [i, block] of content.entries()) {
    const b = block as { type?: unknown; text?: unknown; data?: unknown; mimeType?: unknown } | null;
    if (typeof b !== "object" || b === null) return `content[${i}] is ${describe(block)}, not a block`;
    if (b.type === "text") {
      if (typeof b.text !== "string")
        return `content[${i}] is a text block whose text is ${describe(b.text)}`;
    } else if (b.type === "image") {
      if (typeof b.data !== "string" || typeof b.mimeType !== "string")
        return `content[${i}] is an image block without base64 data and a mimeType`;
    } else
      return `content[${i}] has type ${JSON.stringify(b.type)}: a block is { type: "text", text } or { type: "image", data, mimeType }`;
  }
  return null;
}

/** The error a malformed result becomes (its text reaches the model as pi's error result would). */
export function shapeError(toolName: string, problem: string, what = "result") {
  return new Error(`The ${toolName} tool's ${what} is malformed: ${problem}.`);
}
