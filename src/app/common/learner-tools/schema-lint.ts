/**
 * A learner tool's `parameters`, checked before it registers. pi checks nothing here: a malformed schema
 * lets every argument through, throws on every call, or reaches a provider as a tool with no parameters.
 * These are the mistakes that do that; each problem names where it is (`properties.path.type`).
 */

const JSON_TYPES = new Set(["object", "array", "string", "number", "integer", "boolean", "null"]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function lintNode(node: unknown, at: string, problems: string[]) {
  if (typeof node === "boolean") return;
  if (!isPlainObject(node)) {
    problems.push(
      `${at} is ${node === null ? "null" : typeof node}, not a schema (use Type.String() and the like)`,
    );
    return;
  }
  if ("$ref" in node) problems.push(`${at}.$ref cannot be resolved here: write the schema out in place`);
  const type = node.type;
  if (type !== undefined) {
    const types = Array.isArray(type) ? type : [type];
    for (const t of types)
      if (typeof t !== "string" || !JSON_TYPES.has(t))
        problems.push(`${at}.type is ${JSON.stringify(t)}: it must be one of ${[...JSON_TYPES].join(", ")}`);
  }
  if (node.pattern !== undefined) {
    try {
      new RegExp(String(node.pattern), "u");
    } catch (e) {
      problems.push(`${at}.pattern does not compile: ${(e as Error).message}`);
    }
  }
  if (node.properties !== undefined) {
    if (!isPlainObject(node.properties)) problems.push(`${at}.properties must be an object of schemas`);
    else
      for (const [key, value] of Object.entries(node.properties))
        lintNode(value, `${at}.properties.${key}`, problems);
  }
  if (node.required !== undefined) {
    const keys = isPlainObject(node.properties) ? Object.keys(node.properties) : [];
    if (!Array.isArray(node.required) || node.required.some((r) => typeof r !== "string"))
      problems.push(`${at}.required must be an array of property names`);
    else
      for (const r of node.required as string[])
        if (!keys.includes(r))
          problems.push(`${at}.required names "${r}", which is not among its properties`);
  }
  if (node.items !== undefined) lintNode(node.items, `${at}.items`, problems);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    const list = node[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) problems.push(`${at}.${key} must be an array of schemas`);
    else
      list.forEach((s, i) => {
        lintNode(s, `${at}.${key}[${i}]`, problems);
      });
  }
}

/** The problems of a tool's parameters schema; empty when a provider and pi's validator can use it. */
export function lintParameters(schema: unknown): string[] {
  if (!isPlainObject(schema))
    return [`parameters is ${schema === null ? "null" : typeof schema}: it must be Type.Object({ ... })`];
  const problems: string[] = [];
  if (schema.type !== "object")
    problems.push(
      `parameters.type is ${JSON.stringify(schema.type)}: the top level must be an object schema (Type.Object({ ... }))`,
    );
  lintNode(schema, "parameters", problems);
  return problems;
}
