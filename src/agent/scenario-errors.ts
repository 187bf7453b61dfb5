/**
 * Turns a scenario that fails its TypeBox schema into one line: where (`steps[3].assistant.content[0].id`),
 * what was found, what was expected, and the field's description as the advice.
 *
 * The compiled schema decides pass or fail; the problem is then located by descending into the first part
 * that fails on its own. Asking TypeBox for the whole value's errors instead would cost seconds on a
 * large file (it walks every branch of every step's union with no compiled path) and would list each
 * union branch's complaint. At a union (a step, a content block, a workspace file) the branch the author
 * meant is picked by its discriminator: a block's `type`, a step's `user`/`assistant`/`tools` key, a
 * file's JSON type; with none meant, the union's own description is the expectation.
 */

import { getValidator as validator } from "@core/validation";
import type { TSchema } from "typebox";

type SchemaNode = TSchema & Record<string, unknown>;

interface LeafError {
  keyword: string;
  instancePath: string;
}

const passes = (schema: TSchema, value: unknown) => validator(schema).Check(value);

/** The first problem of `value` against `schema` as one line, or undefined when it validates. */
export function describeProblem(schema: TSchema, value: unknown): string | undefined {
  if (passes(schema, value)) return undefined;
  return locate(schema as SchemaNode, value, []);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** `value` fails `node`: says why at this level, or descends into the first child that fails. */
function locate(node: SchemaNode, value: unknown, at: string[]): string {
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf as SchemaNode[];
    const meant = intendedBranch(branches, value);
    if (meant === -1) return `${where(at)}found ${describeFound(value)}, expected ${describeExpected(node)}`;
    return locate(branches[meant], value, at);
  }
  if (node.type === "object" && isRecord(value)) {
    const properties = (node.properties ?? {}) as Record<string, SchemaNode>;
    for (const name of (node.required ?? []) as string[])
      if (!(name in value))
        return `${where([...at, name])}missing, expected ${describeExpected(properties[name])}${advice(properties[name])}`;
    if (node.additionalProperties === false) {
      const unknown = Object.keys(value).find((key) => !(key in properties));
      if (unknown !== undefined)
        return (
          `${where([...at, unknown])}unknown field, expected only ${Object.keys(properties).join(", ")} here ` +
          "(remove it or fix its spelling)"
        );
    }
    const keyPattern = (node.propertyNames as { pattern?: string } | undefined)?.pattern;
    if (keyPattern) {
      const bad = Object.keys(value).find((key) => !new RegExp(keyPattern, "u").test(key));
      if (bad !== undefined)
        return `${where([...at, bad])}found a path that is not inside the workspace, expected a plain relative path${advice(node)}`;
    }
    for (const [name, child] of Object.entries(properties))
      if (name in value && !passes(child, value[name])) return locate(child, value[name], [...at, name]);
    const patterns = Object.entries((node.patternProperties ?? {}) as Record<string, SchemaNode>);
    for (const [key, item] of Object.entries(value)) {
      const child = patterns.find(([pattern]) => new RegExp(pattern, "u").test(key))?.[1];
      if (child && !passes(child, item)) return locate(child, item, [...at, key]);
    }
  }
  if (node.type === "array" && Array.isArray(value) && node.items) {
    const items = node.items as SchemaNode;
    const index = value.findIndex((item) => !passes(items, item));
    if (index !== -1) return locate(items, value[index], [...at, String(index)]);
  }
  // The problem is this value itself (its type, length, pattern, range): a leaf's errors are cheap.
  const errors = validator(node).Errors(value) as LeafError[];
  const inner = errors.find((e) => e.instancePath !== "");
  if (inner) {
    const path = inner.instancePath.split("/").slice(1);
    return `${where([...at, ...path])}does not match the scenario format (${inner.keyword})`;
  }
  return explainLeaf(node, value, at);
}

/** Which branch of a union the value means, or -1 when it means none or several. */
function intendedBranch(branches: SchemaNode[], value: unknown): number {
  const fits = branches.map((branch) => {
    if (branch.type !== "object") return typeof value === branch.type;
    if (!isRecord(value)) return false;
    const properties = (branch.properties ?? {}) as Record<string, SchemaNode>;
    const tag = Object.entries(properties).find(([, p]) => typeof p.const === "string");
    if (tag) return value[tag[0]] === tag[1].const;
    return ((branch.required ?? []) as string[]).some((key) => key in value);
  });
  return fits.filter(Boolean).length === 1 ? fits.indexOf(true) : -1;
}

function explainLeaf(node: SchemaNode, value: unknown, at: string[]): string {
  const found = describeFound(value);
  if (typeof value === "string" && typeof node.pattern === "string")
    return typeof node.description === "string"
      ? `${where(at)}found ${found}, expected ${withoutPeriod(lowerFirst(node.description))}`
      : `${where(at)}found ${found}, expected text matching ${node.pattern}`;
  return `${where(at)}found ${found}, expected ${describeExpected(node)}${advice(node)}`;
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

const where = (segments: string[]) => (segments.length ? `${formatPath(segments)}: ` : "");

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
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
const advice = (node: SchemaNode | undefined) =>
  typeof node?.description === "string" ? ` (${withoutPeriod(lowerFirst(node.description))})` : "";
