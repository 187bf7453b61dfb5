/** A top-level parameter of a tool's JSON schema, as the dispatch table and the call form show it. */
export interface SchemaField {
  name: string;
  /** "string", "number", "integer", "boolean", "array", "object", or a union like "string | number" */
  type: string;
  required: boolean;
  description: string;
  /** for arrays: the items' type, for the readable view */
  items?: string;
  /** for arrays: one item as JSON with every key it takes (blank values), the shape a learner fills in */
  itemExample?: string;
}

type JsonSchema = {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
};

function typeOf(s: JsonSchema | undefined): string {
  if (!s) return "any";
  if (Array.isArray(s.type)) return s.type.join(" | ");
  if (s.type) return s.type;
  if (s.anyOf) return s.anyOf.map(typeOf).join(" | ");
  return "any";
}

/** Reads the top level of an object schema (TypeBox schemas are plain JSON Schema). */
export function schemaFields(schema: unknown): SchemaField[] {
  const s = schema as JsonSchema | null;
  if (!s || typeof s !== "object" || !s.properties) return [];
  const required = new Set(s.required ?? []);
  return Object.entries(s.properties).map(([name, p]) => ({
    name,
    type: typeOf(p),
    required: required.has(name),
    description: p.description ?? "",
    items: p.type === "array" ? describeItems(p.items) : undefined,
    itemExample: p.type === "array" && p.items ? JSON.stringify(blankValue(p.items)) : undefined,
  }));
}

/** A value of the schema's shape with blank leaves ("" , 0, false; objects get every property). */
function blankValue(s: JsonSchema): unknown {
  const type = Array.isArray(s.type) ? s.type[0] : (s.type ?? s.anyOf?.[0]?.type);
  if (type === "object" && s.properties)
    return Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, blankValue(v)]));
  if (type === "array") return s.items ? [blankValue(s.items)] : [];
  if (type === "number" || type === "integer") return 0;
  if (type === "boolean") return false;
  if (type === "object") return {};
  return "";
}

/**
 * Arguments to start from when writing a call as JSON: the required parameters with blank values (an
 * array gets one item of its shape), so the learner sees the keys and fills in the values.
 */
export function argsTemplate(schema: unknown): string {
  const s = schema as JsonSchema | null;
  if (!s || typeof s !== "object" || !s.properties) return "{}";
  const required = new Set(s.required ?? []);
  const args = Object.fromEntries(
    Object.entries(s.properties)
      .filter(([k]) => required.has(k))
      .map(([k, v]) => [k, blankValue(v)]),
  );
  return JSON.stringify(args, null, 2);
}

function describeItems(items: JsonSchema | undefined): string {
  if (!items) return "any";
  if (items.type === "object" && items.properties) {
    const req = new Set(items.required ?? []);
    return `{ ${Object.entries(items.properties)
      .map(([k, v]) => `${k}${req.has(k) ? "" : "?"}: ${typeOf(v)}`)
      .join(", ")} }`;
  }
  return typeOf(items);
}

/** Form values (strings from inputs) → the arguments object; empty optional fields are left out. */
export function argsFromForm(fields: readonly SchemaField[], values: Readonly<Record<string, string>>) {
  const args: Record<string, unknown> = {};
  for (const f of fields) {
    const raw = values[f.name] ?? "";
    if (raw === "") continue;
    if (f.type === "number" || f.type === "integer") {
      // Kept as typed when it is not a number, so validation (not the form) says what is wrong.
      const n = Number(raw);
      args[f.name] = raw.trim() !== "" && Number.isFinite(n) ? n : raw;
    } else if (f.type === "boolean") args[f.name] = raw === "true";
    else if (f.type === "array" || f.type === "object") {
      try {
        args[f.name] = JSON.parse(raw);
      } catch {
        args[f.name] = raw;
      }
    } else args[f.name] = raw;
  }
  return args;
}
