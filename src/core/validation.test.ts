import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { validateToolArguments } from "./validation";

const read = {
  name: "read",
  parameters: Type.Object({
    path: Type.String(),
    offset: Type.Optional(Type.Number()),
    limit: Type.Optional(Type.Number()),
  }),
};
const edit = {
  name: "edit",
  parameters: Type.Object(
    {
      path: Type.String(),
      edits: Type.Array(
        Type.Object({ oldText: Type.String(), newText: Type.String() }, { additionalProperties: false }),
      ),
    },
    { additionalProperties: false },
  ),
};

const call = (tool: typeof read | typeof edit, args: unknown) =>
  validateToolArguments(tool, { name: tool.name, arguments: args });

describe("validateToolArguments (pi-ai 0.73.1 semantics)", () => {
  it("coerces numeric strings and null as TypeBox Convert does", () => {
    expect(call(read, { path: "a", offset: "5", limit: null })).toEqual({ path: "a", offset: 5, limit: 0 });
  });

  it("wraps a lone object into a one-element array", () => {
    expect(call(edit, { path: "a", edits: { oldText: "x", newText: "y" } })).toEqual({
      path: "a",
      edits: [{ oldText: "x", newText: "y" }],
    });
  });

  it("does not mutate the caller's arguments", () => {
    const args = { path: "a", offset: "5" };
    call(read, args);
    expect(args.offset).toBe("5");
  });

  it("names a missing required property by its name", () => {
    expect(() => call(read, { file_path: "a" })).toThrow(
      'Validation failed for tool "read":\n  - path: must have required properties path\n\nReceived arguments:\n{\n  "file_path": "a"\n}',
    );
  });

  it("reports extra properties on a closed schema with two lines, as pi does", () => {
    expect(() => call(edit, { path: "a", edits: [], replaceAll: true })).toThrow(
      "  - replaceAll: schema is false\n  - root: must not have additional properties",
    );
  });

  it("reports nested paths with dots", () => {
    expect(() => call(edit, { path: "a", edits: "garbage" })).toThrow("  - edits.0: must be object");
  });

  it("rejects a non-numeric string for a number", () => {
    expect(() => call(read, { path: "a", limit: "abc" })).toThrow("  - limit: must be number");
  });
});

describe("validation's copy", () => {
  it("coerces a copy, so the caller's arguments stay as the model sent them", () => {
    const original = { path: "a", edits: [{ oldText: "x", newText: "y" }] };
    const raw = { path: "a", limit: "5" };
    expect(validateToolArguments(read, { name: "read", arguments: raw })).toEqual({ path: "a", limit: 5 });
    expect(raw.limit).toBe("5");
    const copy = validateToolArguments(edit, { name: "edit", arguments: original }) as typeof original;
    expect(copy).toEqual(original);
    expect(copy.edits[0]).not.toBe(original.edits[0]);
  });
});
