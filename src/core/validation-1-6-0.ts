/**
 * Argument validation as pi 1.6.0 does it, with pi 1.6.0's own validator library, `@earendil-works/pi-schema`
 * (no `eval`, no dependencies): so its coercion and its messages (`missing`, `expected number, got
 * string`, `unknown field`, …) are pi's by construction. Per call:
 *
 * 1. arguments the model sent as broken JSON (`argumentsError`) fail at once:
 *    `Invalid arguments for tool "NAME": ` + the parse error and the text received;
 * 2. a copy of the arguments is coerced and checked against the schema, compiled once per schema object
 *    with pi's options (all standard formats, coercion on, a `$ref` to nothing rejects only its place):
 *    `"10"` → 10, a lone value → a one-item array, `null` for an optional property → the property dropped;
 * 3. on failure the same envelope as 0.73.1, one `  - path: message` line per error, the path dotted
 *    (`edits.0.newText`, `root` for the whole object).
 */
import { type CoercingValidator, compile, type JsonSchema } from "@earendil-works/pi-schema";
import { formats } from "@earendil-works/pi-schema/formats";
import type { TSchema } from "typebox";
import type { ArgumentValidator, RawToolCall, ValidatableTool } from "./validation";

const compiled = new WeakMap<TSchema, CoercingValidator>();

function validatorFor(schema: TSchema): CoercingValidator {
  let validator = compiled.get(schema);
  if (!validator) {
    validator = compile(schema as JsonSchema, { formats, coerce: true, unresolvedRefs: "reject" });
    compiled.set(schema, validator);
  }
  return validator;
}

/** A JSON Pointer as the model sees it: `/edits/0/oldText` → `edits.0.oldText`, `""` → `root`. */
function dottedPath(pointer: string): string {
  if (pointer === "") return "root";
  return pointer
    .slice(1)
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .join(".");
}

/** What `argumentsError` holds for a text that did not parse to a JSON object. */
export function describeArgumentsError(parseError: string, received: string): string {
  return `${parseError}\n\nReceived arguments:\n${received}`;
}

export function validateToolArguments160(tool: ValidatableTool, toolCall: RawToolCall): unknown {
  if (toolCall.argumentsError)
    throw new Error(`Invalid arguments for tool "${toolCall.name}": ${toolCall.argumentsError}`);
  // The copy keeps the caller's arguments as the model sent them.
  const result = validatorFor(tool.parameters).parse(structuredClone(toolCall.arguments));
  if (result.ok) return result.value;
  const lines = result.errors.map((e) => `  - ${dottedPath(e.path)}: ${e.message}`).join("\n");
  throw new Error(
    `Validation failed for tool "${toolCall.name}":\n${lines}\n\nReceived arguments:\n${JSON.stringify(toolCall.arguments, null, 2)}`,
  );
}

/** pi 1.6.0: pi-schema's coercing parse. */
export const VALIDATOR_1_6_0: ArgumentValidator = {
  version: "1.6.0",
  validateToolArguments: validateToolArguments160,
};
