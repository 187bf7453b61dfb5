import { Type } from "typebox";
import { describe, expect, it } from "vitest";
import { readSchema } from "./tools/read";
import {
  argumentValidator,
  describeArgumentsError,
  VALIDATOR_0_73_1,
  VALIDATOR_1_6_0,
  type ValidatableTool,
} from "./validators";

// The inputs and the expected texts are pi's own, observed by running each version's validator in Node.
const read = { name: "read", parameters: readSchema };
const typed = { name: "typed", parameters: Type.Object({ n: Type.Integer() }) };
const bash = {
  name: "bash",
  parameters: Type.Object({ command: Type.String(), timeout: Type.Optional(Type.Number()) }),
};
// 1.6.0's edit schema: no `additionalProperties: false` on either object.
const edit160 = {
  name: "edit",
  parameters: Type.Object({
    path: Type.String(),
    edits: Type.Array(Type.Object({ oldText: Type.String(), newText: Type.String() })),
  }),
};
// 0.73.1's edit schema: both objects closed.
const edit073 = {
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
const plain = {
  name: "plain",
  parameters: Type.Unsafe({
    type: "object",
    properties: { a: { type: "string" } },
    additionalProperties: false,
  }),
};

type Tool = ValidatableTool;
const v16 = (tool: Tool, args: unknown) =>
  VALIDATOR_1_6_0.validateToolArguments(tool, { name: tool.name, arguments: args });
const v073 = (tool: Tool, args: unknown) =>
  VALIDATOR_0_73_1.validateToolArguments(tool, { name: tool.name, arguments: args });
const failure = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error("no failure");
};
const received = (args: unknown) => `\n\nReceived arguments:\n${JSON.stringify(args, null, 2)}`;

describe("the same bad call under both versions", () => {
  it.each([
    [read, {}, "path: must have required properties path", "path: missing"],
    [read, { path: "a", offset: "abc" }, "offset: must be number", "offset: expected number, got string"],
    [typed, { n: "abc" }, "n: must be integer", "n: expected integer, got string"],
    [
      edit160,
      { path: "a", edits: [{ oldText: "x" }] },
      "edits.0.newText: must have required properties newText",
      "edits.0.newText: missing",
    ],
  ] as Array<[Tool, unknown, string, string]>)("%# %j", (tool, args, line073, line160) => {
    expect(failure(() => v073(tool, args))).toBe(
      `Validation failed for tool "${tool.name}":\n  - ${line073}${received(args)}`,
    );
    expect(failure(() => v16(tool, args))).toBe(
      `Validation failed for tool "${tool.name}":\n  - ${line160}${received(args)}`,
    );
  });

  it("extra keys: 0.73.1's closed edit schema gives two lines each; 1.6.0's open one accepts them", () => {
    const args = { path: "a", edits: [{ oldText: "x", newText: "y", extra: 1 }], extra: 1 };
    expect(failure(() => v073(edit073, args))).toContain(
      "  - extra: schema is false\n  - root: must not have additional properties",
    );
    expect(v16(edit160, args)).toEqual(args);
  });

  it("1.6.0 on a closed schema: one `unknown field` line per extra key", () => {
    const args = { a: "x", extra: 1 };
    expect(failure(() => v16(plain, args))).toBe(
      `Validation failed for tool "plain":\n  - extra: unknown field${received(args)}`,
    );
    expect(failure(() => v073(plain, args))).toContain(
      "  - extra: schema is false\n  - root: must not have additional properties",
    );
    const nested = { path: "a", edits: [{ oldText: "x", newText: "y", extra: 1 }], extra: 1 };
    expect(failure(() => v16(edit073, nested))).toBe(
      `Validation failed for tool "edit":\n  - edits.0.extra: unknown field\n  - extra: unknown field${received(nested)}`,
    );
  });

  it("a string where an array of objects belongs", () => {
    const args = { path: "a", edits: "garbage" };
    expect(failure(() => v073(edit160, args))).toContain("  - edits.0: must be object");
    expect(failure(() => v16(edit160, args))).toContain("  - edits.0: expected object, got string");
  });
});

describe("several errors, as pi-agent-core 1.6.0's loop returns them", () => {
  it("lists a missing property before a wrong type, in the schema's order", () => {
    expect(failure(() => v16(read, { offset: "abc" }))).toBe(
      'Validation failed for tool "read":\n  - path: missing\n  - offset: expected number, got string\n\nReceived arguments:\n{\n  "offset": "abc"\n}',
    );
  });
});

describe("coercion", () => {
  it("null for an optional number: 0 in 0.73.1, the property dropped in 1.6.0", () => {
    expect(v073(read, { path: "a", offset: null })).toEqual({ path: "a", offset: 0 });
    expect(v16(read, { path: "a", offset: null })).toEqual({ path: "a" });
  });

  it.each([VALIDATOR_0_73_1, VALIDATOR_1_6_0])(
    "$version: numeric strings, numbers as strings, a lone object",
    (v) => {
      const call = (tool: Tool, args: unknown) =>
        v.validateToolArguments(tool, { name: tool.name, arguments: args });
      expect(call(read, { path: "a", offset: "10" })).toEqual({ path: "a", offset: 10 });
      expect(call(read, { path: 5 })).toEqual({ path: "5" });
      expect(call(bash, { command: "ls", timeout: "30" })).toEqual({ command: "ls", timeout: 30 });
      expect(call(edit160, { path: "a", edits: { oldText: "x", newText: "y" } })).toEqual({
        path: "a",
        edits: [{ oldText: "x", newText: "y" }],
      });
    },
  );

  it("1.6.0 coerces a copy: the caller's arguments stay as the model sent them", () => {
    const args = { path: "a", offset: "5", limit: null };
    expect(v16(read, args)).toEqual({ path: "a", offset: 5 });
    expect(args).toEqual({ path: "a", offset: "5", limit: null });
  });
});

describe("broken arguments text", () => {
  const argumentsError = describeArgumentsError("Unexpected end of JSON input", '{"path": ');
  it("1.6.0 reports it before validating", () => {
    expect(
      failure(() =>
        VALIDATOR_1_6_0.validateToolArguments(read, { name: "read", arguments: {}, argumentsError }),
      ),
    ).toBe(
      'Invalid arguments for tool "read": Unexpected end of JSON input\n\nReceived arguments:\n{"path": ',
    );
  });
  it("0.73.1 knows no such error and validates the empty object", () => {
    expect(
      failure(() =>
        VALIDATOR_0_73_1.validateToolArguments(read, { name: "read", arguments: {}, argumentsError }),
      ),
    ).toBe(`Validation failed for tool "read":\n  - path: must have required properties path${received({})}`);
  });
});

describe("argumentValidator", () => {
  it("defaults to 0.73.1", () => {
    expect(argumentValidator()).toBe(VALIDATOR_0_73_1);
    expect(argumentValidator("1.6.0")).toBe(VALIDATOR_1_6_0);
  });
});
