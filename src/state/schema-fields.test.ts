import { describe, expect, it } from "vitest";
import { argsFromForm, schemaFields } from "./schema-fields";
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
});
