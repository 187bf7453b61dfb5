import { describe, expect, it } from "vitest";
import { argsFromForm, argsTemplate, schemaFields } from "./schema-fields";
import { readLikeSchema as schema } from "./session-events.fixture";

describe("schema fields", () => {
  it("reads the top level of a schema and builds arguments from form strings", () => {
    const fields = schemaFields(schema);
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ["path", "string", true],
      ["limit", "number", false],
      ["edits", "array", false],
    ]);
    expect(fields[2].items).toBe("{ oldText: string }");
    expect(argsFromForm(fields, { path: "a", limit: "3", edits: '[{"oldText":"x"}]' })).toEqual({
      path: "a",
      limit: 3,
      edits: [{ oldText: "x" }],
    });
    // What is not a number stays as typed, so the pipeline's validation says what is wrong.
    expect(argsFromForm(fields, { path: "a", limit: "many" })).toEqual({ path: "a", limit: "many" });
  });

  it("shows an array's item shape and starts JSON from the required parameters", () => {
    const fields = schemaFields(schema);
    expect(fields[2].itemExample).toBe('{"oldText":""}');
    expect(fields[0].itemExample).toBeUndefined();
    expect(JSON.parse(argsTemplate(schema))).toEqual({ path: "" });
    const edit = { ...schema, required: ["path", "edits"] };
    expect(JSON.parse(argsTemplate(edit))).toEqual({ path: "", edits: [{ oldText: "" }] });
    expect(argsTemplate(undefined)).toBe("{}");
  });
});
