/**
 * Turns TypeBox's validation errors for a scenario into one line: where (`steps[3].assistant.content[0].id`),
 * what was found, what was expected, and the field's description as the advice.
 *
 * A union (a step, a content block, a workspace file) fails every branch at once, and listing each
 * branch's complaint would bury the one that matters. So the branch the author meant is picked first, by
 * its discriminator (a block's `type`, a step's `user`/`assistant`/`tools` key, a file's JSON type), and
 * only that branch's errors are kept; with no branch meant, the union's own description is the expectation.
 */
import type { TSchema } from "typebox";
import { Value } from "typebox/value";

interface ErrorLike {
  keyword: string;
  schemaPath: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

type SchemaNode = TSchema & Record<string, unknown>;

/** The first problem of `value` against `schema` as one line, or undefined when it validates. */
export function describeProblem(schema: TSchema, value: unknown): string | undefined {
  if (Value.Check(schema, value)) return undefined;
  return firstProblem(schema as SchemaNode, value, []) ?? "does not match the scenario format";
}

/**
 * TypeBox stops collecting at a few errors (a global setting that pi's tool validation relies on too), and
 * a union's failed branches use them up. So at the first union on an error's way, the value is checked
 * again against the meant branch alone; `prefix` is where `value` sits in the whole file.
 */
function firstProblem(schema: SchemaNode, value: unknown, prefix: string[]): string | undefined {
  const errors = Value.Errors(schema, value) as ErrorLike[];
  for (const error of errors) {
    // `boolean` (under additionalProperties) and `propertyNames` repeat what a sibling error says better.
    if (error.keyword === "boolean" || error.keyword === "propertyNames") continue;
    const union = firstUnion(error);
    if (!union) return explain(schema, value, error, prefix);
    const node = schemaAt(schema, union.schemaPath);
    const inner = valueAt(value, union.instance);
    const branch = intendedBranch(node.anyOf as SchemaNode[], inner);
    const at = [...prefix, ...union.instance];
    if (branch === -1) return `${where(at)}found ${describeFound(inner)}, expected ${describeExpected(node)}`;
    const problem = firstProblem((node.anyOf as SchemaNode[])[branch], inner, at);
    if (problem) return problem;
  }
  return errors[0] ? explain(schema, value, errors[0], prefix) : undefined;
}

const decode = (segment: string) => segment.replace(/~1/g, "/").replace(/~0/g, "~");
const segmentsOf = (pointer: string) => pointer.replace(/^#/, "").split("/").filter(Boolean).map(decode);

function schemaAt(schema: TSchema, pointer: string): SchemaNode {
  let node: unknown = schema;
  for (const segment of segmentsOf(pointer)) node = (node as Record<string, unknown>)?.[segment];
  return node as SchemaNode;
}

function valueAt(value: unknown, instance: string[]): unknown {
  let node = value;
  for (const segment of instance) node = (node as Record<string, unknown> | undefined)?.[segment];
  return node;
}

/**
 * The first union on an error's schema path, with the value it applies to. Schema and instance paths are
 * walked together: `properties/x`, `patternProperties/p`, `items` and `additionalProperties` step one
 * level into the value.
 */
function firstUnion(error: ErrorLike): { schemaPath: string; instance: string[] } | undefined {
  const instance = segmentsOf(error.instancePath);
  const path = segmentsOf(error.schemaPath);
  let depth = 0;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i];
    if (segment === "anyOf") {
      const pointer = path.slice(0, i).map((s) => s.replace(/~/g, "~0").replace(/\//g, "~1"));
      return { schemaPath: `#/${pointer.join("/")}`, instance: instance.slice(0, depth) };
    }
    if (segment === "properties" || segment === "patternProperties") {
      i++;
      depth++;
    } else if (segment === "items" || segment === "additionalProperties") depth++;
  }
  if (error.keyword === "anyOf") return { schemaPath: error.schemaPath, instance };
  return undefined;
}

/** Which branch of a union the value means, or -1 when it means none or several. */
function intendedBranch(branches: SchemaNode[], value: unknown): number {
  const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
  const fits = branches.map((branch) => {
    if (branch.type !== "object") return typeof value === branch.type;
    if (!isObject) return false;
    const record = value as Record<string, unknown>;
    const properties = (branch.properties ?? {}) as Record<string, SchemaNode>;
    const tag = Object.entries(properties).find(([, p]) => typeof p.const === "string");
    if (tag) return record[tag[0]] === tag[1].const;
    return ((branch.required ?? []) as string[]).some((key) => key in record);
  });
  return fits.filter(Boolean).length === 1 ? fits.indexOf(true) : -1;
}

/** `steps[3].assistant.content[0].id`; a key that is not a plain name is quoted: `files["../x"]`. */
export function formatPath(segments: string[]): string {
  let out = "";
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) out += `[${segment}]`;
    else if (/^[A-Za-z_$][\w$]*$/.test(segment)) out += out ? `.${segment}` : segment;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

export function describeFound(value: unknown): string {
  if (value === undefined) return "nothing";
  if (value === null) return "null";
  if (Array.isArray(value)) return value.length ? `an array of ${value.length}` : "an empty array";
  if (typeof value === "string") return value ? JSON.stringify(clip(value)) : "an empty string";
  if (typeof value !== "object") return `${typeof value} ${JSON.stringify(value)}`;
  const record = value as Record<string, unknown>;
  if (typeof record.type === "string") return `an object of type ${JSON.stringify(clip(record.type))}`;
  const keys = Object.keys(record);
  return keys.length ? `an object with ${keys.map((k) => clip(k)).join(", ")}` : "an empty object";
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

function describeExpected(node: SchemaNode): string {
  if (Array.isArray(node.enum)) return `one of ${(node.enum as unknown[]).join(", ")}`;
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.anyOf) return withoutPeriod(lowerFirst(String(node.description ?? "one of several forms")));
  switch (node.type) {
    case "string":
      return typeof node.minLength === "number" && node.minLength > 0 ? "a non-empty string" : "a string";
    case "number":
      return typeof node.minimum === "number" ? `a number of at least ${node.minimum}` : "a number";
    case "array":
      return "an array";
    case "object":
      return "an object";
    default:
      return String(node.type ?? "another value");
  }
}

const withoutPeriod = (text: string) => text.replace(/\.$/, "");
const advice = (node: SchemaNode | undefined) =>
  typeof node?.description === "string" ? ` (${withoutPeriod(lowerFirst(node.description))})` : "";
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

const where = (segments: string[]) => (segments.length ? `${formatPath(segments)}: ` : "");

function explain(schema: TSchema, value: unknown, error: ErrorLike, prefix: string[]): string {
  const instance = segmentsOf(error.instancePath);
  const node = schemaAt(schema, error.schemaPath);
  const found = describeFound(valueAt(value, instance));
  const at = (segments: string[]) => where([...prefix, ...segments]);
  switch (error.keyword) {
    case "required": {
      const name = ((error.params.requiredProperties as string[]) ?? [])[0];
      const field = (node.properties as Record<string, SchemaNode>)[name];
      return `${at([...instance, name])}missing, expected ${describeExpected(field)}${advice(field)}`;
    }
    case "additionalProperties": {
      const name = ((error.params.additionalProperties as string[]) ?? [])[0];
      const known = Object.keys((node.properties ?? {}) as object).join(", ");
      return `${at([...instance, name])}unknown field, expected only ${known} here (remove it or fix its spelling)`;
    }
    case "pattern":
      if (error.schemaPath.endsWith("/propertyNames")) {
        const record = schemaAt(schema, error.schemaPath.replace(/\/propertyNames$/, ""));
        return `${at(instance)}found a path that is not inside the workspace, expected a plain relative path${advice(record)}`;
      }
      if (typeof node.description === "string")
        return `${at(instance)}found ${found}, expected ${withoutPeriod(lowerFirst(node.description))}`;
      return `${at(instance)}found ${found}, expected text matching ${String(node.pattern)}`;
    case "anyOf":
      return `${at(instance)}found ${found}, expected ${describeExpected(node)}`;
    default:
      return `${at(instance)}found ${found}, expected ${describeExpected(node)}${advice(node)}`;
  }
}
