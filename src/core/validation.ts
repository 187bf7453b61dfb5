/**
 * Argument validation and coercion as pi-ai 0.73.1 does it (`dist/utils/validation.js`): clone, TypeBox
 * `Value.Convert` (lenient: "5" → 5, null → 0 / false / "null", a lone value wrapped into an array),
 * then a compiled `Check`; on failure one Error whose text is exactly pi-ai's.
 *
 * Only TypeBox 1.x schemas get Convert's coercion, which is why the project builds its schemas with
 * `typebox` 1.x (the successor of @sinclair/typebox, and what pi 0.73.1 uses).
 *
 * `ArgumentValidator` is what the call pipeline asks; `VALIDATOR_0_73_1` is this file's, and
 * `VALIDATOR_1_6_0` (validation-1-6-0.ts) is pi 1.6.0's, which validates with pi-schema.
 */
import type { TSchema } from "typebox";
import { Compile, type Validator } from "typebox/compile";
import { Value } from "typebox/value";

export interface ValidatableTool {
  name: string;
  parameters: TSchema;
}

export interface RawToolCall {
  name: string;
  arguments: unknown;
  /**
   * Set when the model's arguments text was not a JSON object: the parse error, a blank line,
   * `Received arguments:` and the text. 1.6.0 reports it instead of validating; 0.73.1 never sees it
   * (its stream parser yields `{}`, which is validated like any other object).
   */
  argumentsError?: string;
}

/** The pi versions whose argument validation the playground reproduces. */
export type ValidatorVersionId = "0.73.1" | "1.6.0";

/** One version's validation: the coerced arguments, or a thrown Error whose message is pi's. */
export interface ArgumentValidator {
  readonly version: ValidatorVersionId;
  validateToolArguments(tool: ValidatableTool, toolCall: RawToolCall): unknown;
}

interface ValidationErrorLike {
  keyword: string;
  instancePath: string;
  params: { requiredProperties?: string[] };
  message: string;
}

const validators = new WeakMap<TSchema, Validator>();

/** The schema's compiled validator, compiled once per schema object (interpreting it is ~100× slower). */
export function getValidator(schema: TSchema): Validator {
  let validator = validators.get(schema);
  if (!validator) {
    validator = Compile(schema) as unknown as Validator;
    validators.set(schema, validator);
  }
  return validator;
}

function formatValidationPath(error: ValidationErrorLike): string {
  const path = error.instancePath.replace(/^\//, "").replace(/\//g, ".");
  if (error.keyword === "required") {
    const property = error.params.requiredProperties?.[0];
    if (property) return path ? `${path}.${property}` : property;
  }
  return path || "root";
}

/** Returns the coerced arguments, or throws pi-ai's `Validation failed for tool "<name>"` error. */
export function validateToolArguments(tool: ValidatableTool, toolCall: RawToolCall): unknown {
  // Coercion writes into the arguments: it works on a copy, so the caller's call is left as the model sent it.
  const args = structuredClone(toolCall.arguments);
  Value.Convert(tool.parameters, args);
  const validator = getValidator(tool.parameters);
  if (validator.Check(args)) return args;
  const errors =
    [...(validator.Errors(args) as Iterable<ValidationErrorLike>)]
      .map((error) => `  - ${formatValidationPath(error)}: ${error.message}`)
      .join("\n") || "Unknown validation error";
  throw new Error(
    `Validation failed for tool "${toolCall.name}":\n${errors}\n\nReceived arguments:\n${JSON.stringify(toolCall.arguments, null, 2)}`,
  );
}

/** pi 0.73.1: TypeBox Convert, then Check. */
export const VALIDATOR_0_73_1: ArgumentValidator = { version: "0.73.1", validateToolArguments };
