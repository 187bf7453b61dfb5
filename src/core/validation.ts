/**
 * Argument validation and coercion as pi-ai 0.73.1 does it (`dist/utils/validation.js`): clone, TypeBox
 * `Value.Convert` (lenient: "5" → 5, null → 0 / false / "null", a lone value wrapped into an array),
 * then a compiled `Check`; on failure one Error whose text is exactly pi-ai's.
 *
 * Only TypeBox 1.x schemas get Convert's coercion, which is why the project builds its schemas with
 * `typebox` 1.x (the successor of @sinclair/typebox, and what pi 0.73.1 uses).
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
}

interface ValidationErrorLike {
  keyword: string;
  instancePath: string;
  params: { requiredProperties?: string[] };
  message: string;
}

const validators = new WeakMap<TSchema, Validator>();

function getValidator(schema: TSchema): Validator {
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

/**
 * structuredClone for what tool arguments are (JSON: plain objects, arrays, primitives), sharing strings
 * instead of copying them: strings cannot change, so nothing can tell. Chromium's structuredClone copies
 * a 100 KB `content` for write (0.4–0.8 ms, as long as the write itself); anything not plain JSON is left
 * to structuredClone.
 */
export function cloneArguments<T>(value: T): T {
  try {
    return clonePlain(value);
  } catch (error) {
    // A cycle (only a hand-made call can have one) overflows the stack: structuredClone handles it.
    if (error instanceof RangeError) return structuredClone(value);
    throw error;
  }
}

function clonePlain<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(clonePlain) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const copy: Record<string, unknown> = proto === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) copy[key] = clonePlain((value as Record<string, unknown>)[key]);
  return copy as T;
}

/** Returns the coerced arguments, or throws pi-ai's `Validation failed for tool "<name>"` error. */
export function validateToolArguments(tool: ValidatableTool, toolCall: RawToolCall): unknown {
  const args = cloneArguments(toolCall.arguments);
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
