import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkScenarioSize,
  displaySteps,
  MAX_SCENARIO_BYTES,
  parseScenario,
  parseScenarioText,
} from "./scenario";

const fail = (value: unknown) => {
  try {
    parseScenario(value, "tests.json");
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("the scenario was accepted");
};

const call = (fields: Record<string, unknown>) => ({
  type: "toolCall",
  name: "read",
  arguments: {},
  ...fields,
});

describe("parseScenario: what it forgives", () => {
  it("needs only steps: title from the file name, empty description, $schema dropped", () => {
    const s = parseScenario({ $schema: "../../docs/scenario.schema.json", steps: [] }, "some/dir/demo.json");
    expect(s).toEqual({ title: "demo", description: "", steps: [] });
  });

  it("keeps the title and description in other languages, and shows each result's tool in its step", () => {
    const translations = { "zh-Hans": { title: "标题" }, "zh-Hant": { description: "說明" } };
    const s = parseScenario({ title: "T", translations, steps: [] });
    expect(s.translations).toEqual(translations);
    const steps = displaySteps([
      { tools: { active: ["read", "grep"] } },
      {
        assistant: {
          content: [{ type: "toolCall", id: "c1", name: "read", arguments: {} }],
          stopReason: "toolUse",
        },
      },
    ]);
    expect(steps[0].tools).toEqual(["read", "grep"]);
    expect(steps[2]).toMatchObject({ kind: "result", toolName: "read", toolCallId: "c1" });
  });

  it("defaults stopReason as pi-ai does: toolUse with a tool call, stop without", () => {
    const s = parseScenario({
      steps: [
        { user: "hi" },
        { assistant: { content: [{ type: "text", text: "a" }, call({ id: "c1" })] } },
        { assistant: { content: [{ type: "text", text: "done" }] } },
        { assistant: { content: [], stopReason: "error", errorMessage: "boom" } },
      ],
    });
    expect(s.steps.slice(1).map((step) => "assistant" in step && step.assistant.stopReason)).toEqual([
      "toolUse",
      "stop",
      "error",
    ]);
  });

  it("accepts a message copied from pi with its other fields, and keeps only what the player uses", () => {
    const s = parseScenario({
      steps: [{ assistant: { role: "assistant", usage: {}, timestamp: 1, content: [], stopReason: "stop" } }],
    });
    expect(s.steps[0]).toEqual({ assistant: { content: [], stopReason: "stop" } });
  });

  it("parses its own output again to the same scenario (the worker re-checks what the page sent)", () => {
    const once = parseScenario({ title: "t", steps: [{ user: "u" }, { assistant: { content: [] } }] });
    expect(parseScenario(structuredClone(once))).toEqual(once);
  });
});

describe("parseScenario: one line naming the file, the step and the field", () => {
  it("a missing steps", () => {
    expect(fail({ title: "x" })).toMatch(/^tests\.json: steps: missing, expected an array \(/);
  });

  it("an unknown step kind, and a step with two kinds", () => {
    expect(fail({ steps: [{ user: "hi" }, { assistent: { content: [] } }] })).toBe(
      "tests.json: steps[1]: found an object with assistent, expected a step: an object with exactly one of user, assistant or tools",
    );
    expect(fail({ steps: [{ user: "hi", tools: { active: [] } }] })).toMatch(
      /^tests\.json: steps\[0\]: found an object with user, tools, expected a step/,
    );
  });

  it("a tool call without an id, or with an empty one", () => {
    const line =
      "tests.json: steps[3].assistant.content[0].id: %s, expected a non-empty string (every tool call needs an id the result can answer)";
    const steps = (c: unknown) => [
      { user: "a" },
      { assistant: { content: [] } },
      { user: "b" },
      { assistant: { content: [c] } },
    ];
    expect(fail({ steps: steps(call({})) })).toBe(line.replace("%s", "missing"));
    expect(fail({ steps: steps(call({ id: "" })) })).toBe(line.replace("%s", "found an empty string"));
  });

  it("a tools step naming an unknown tool (names are case-sensitive)", () => {
    expect(fail({ steps: [{ tools: { active: ["read", "Grep"] } }] })).toMatch(
      /^tests\.json: steps\[0\]\.tools\.active\[1\]: found "Grep", expected one of read, bash, edit, write, grep, find, ls \(/,
    );
    expect(fail({ tools: { active: [], hidden: ["cat"] }, steps: [] })).toMatch(
      /^tests\.json: tools\.hidden\[0\]: found "cat"/,
    );
  });

  it("a workspace path that escapes, up or from the root, or has an empty segment", () => {
    for (const path of ["../x", "a/../../x", "/etc/passwd", "..", "a//b", "a/"])
      expect(fail({ workspace: { files: { "ok.txt": "", [path]: "y" } }, steps: [] })).toBe(
        `tests.json: workspace.files[${JSON.stringify(path)}]: found a path that is not inside the workspace, ` +
          "expected a plain relative path (files by path relative to the workspace root, such as src/app.ts: " +
          "no leading /, no .. and no empty segment)",
      );
    const fine = { "a..b/c..": "", ".hidden": "", "./x": "" };
    expect(parseScenario({ workspace: { files: fine }, steps: [] }).workspace?.files).toEqual(fine);
  });

  it("a workspace path inside a file or a symlink (it could not be created)", () => {
    expect(fail({ workspace: { files: { "a/b": "y", a: "x" } }, steps: [] })).toBe(
      'tests.json: workspace.files["a/b"]: found it inside "a", which is a file, expected its parent to be a ' +
        'folder (drop one of the two, or make "a" {"dir": true})',
    );
    expect(fail({ workspace: { files: { l: { symlink: "d" }, "l/x/y": "" } }, steps: [] })).toMatch(
      /workspace\.files\["l\/x\/y"\]: found it inside "l", which is a symlink/,
    );
    expect(parseScenario({ workspace: { files: { d: { dir: true }, "d/x": "" } }, steps: [] })).toBeDefined();
  });

  it("bytes that are not base64", () => {
    expect(fail({ workspace: { files: { "x.bin": { base64: "a!b=" } } }, steps: [] })).toBe(
      'tests.json: workspace.files["x.bin"].base64: found "a!b=", expected the file\'s bytes in base64 ' +
        "(A-Z, a-z, 0-9, + and /, = padding, on one line)",
    );
    expect(parseScenario({ workspace: { files: { "x.bin": { base64: "AAEC" } } }, steps: [] })).toBeDefined();
  });

  it("a call's arguments may be any JSON value, or none: a model can send any, and the call answers", () => {
    for (const args of [["README.md"], "README.md", 5, null, true, {}]) {
      const scenario = parseScenario({
        steps: [{ user: "u" }, { assistant: { content: [call({ id: "c", arguments: args })] } }],
      });
      const step = scenario.steps[1];
      expect("assistant" in step && step.assistant.content[0]).toMatchObject({ arguments: args });
    }
    const { arguments: _, ...none } = call({ id: "c" });
    const scenario = parseScenario({ steps: [{ user: "u" }, { assistant: { content: [none] } }] });
    const step = scenario.steps[1];
    expect("assistant" in step && step.assistant.content[0]).not.toHaveProperty("arguments");
  });

  it("a wrong type deep in a step", () => {
    expect(
      fail({ steps: [{ user: "u" }, { assistant: { content: [call({ id: "c", name: 5 })] } }] }),
    ).toMatch(
      /^tests\.json: steps\[1\]\.assistant\.content\[0\]\.name: found number 5, expected a non-empty string/,
    );
    expect(fail({ steps: [{ user: "u", delayMs: "5" }] })).toMatch(
      /^tests\.json: steps\[0\]\.delayMs: found "5", expected a number of at least 0 \(/,
    );
    expect(fail({ steps: [{ assistant: { content: [{ type: "image", data: "" }] } }] })).toBe(
      'tests.json: steps[0].assistant.content[0]: found an object of type "image", expected a block of type text, thinking or toolCall',
    );
    expect(fail({ steps: [{ assistant: { content: [], stopReason: "done" } }] })).toMatch(
      /stopReason: found "done", expected one of stop, length, toolUse, error, aborted/,
    );
  });

  it("a language the page does not have, or a translation that is not text", () => {
    expect(fail({ translations: { fr: { title: "x" } }, steps: [] })).toMatch(
      /^tests\.json: translations\.fr: unknown field/,
    );
    expect(fail({ translations: { "zh-Hans": { title: 3 } }, steps: [] })).toBe(
      'tests.json: translations["zh-Hans"].title: found number 3, expected a string (the title in this language)',
    );
  });

  it("a misspelt field is named, not ignored", () => {
    expect(fail({ titel: "x", steps: [] })).toBe(
      "tests.json: titel: unknown field, expected only $schema, title, description, translations, pi, workspace, tools, steps here (remove it or fix its spelling)",
    );
    expect(fail({ steps: [{ user: "u", delay: 5 }] })).toMatch(
      /^tests\.json: steps\[0\]\.delay: unknown field/,
    );
  });

  it("a wrong workspace file picks the form it resembles", () => {
    expect(fail({ workspace: { files: { a: { dir: false } } }, steps: [] })).toMatch(
      /^tests\.json: workspace\.files\.a\.dir: found boolean false, expected true/,
    );
    expect(fail({ workspace: { files: { a: 5 } }, steps: [] })).toMatch(
      /workspace\.files\.a: found number 5, expected a file:/,
    );
  });

  it("not an object at all", () => {
    expect(fail([])).toBe("tests.json: found an array, expected a JSON object with a steps array");
    expect(fail(null)).toBe("tests.json: found null, expected a JSON object with a steps array");
  });
});

describe("parseScenarioText", () => {
  it("text that is not JSON", () => {
    expect(() => parseScenarioText('{"steps": [', "tests.json")).toThrow(
      /^tests\.json: found text that is not JSON \(.+\), expected a JSON object with a steps array \(look for/,
    );
  });

  it("a 50 MB file is refused before JSON.parse sees it, naming the limit", () => {
    const parse = JSON.parse;
    let parsed = 0;
    JSON.parse = (...args: Parameters<typeof JSON.parse>) => {
      parsed++;
      return parse(...args);
    };
    try {
      expect(() => parseScenarioText(" ".repeat(50 * 1024 * 1024), "big.json")).toThrow(
        "big.json: found 50 MB, expected at most 5 MB per scenario file",
      );
    } finally {
      JSON.parse = parse;
    }
    expect(parsed).toBe(0);
  });

  it("the limit is on bytes: just under passes the size check, one byte over does not", () => {
    expect(() => checkScenarioSize(MAX_SCENARIO_BYTES, "f.json")).not.toThrow();
    expect(() => checkScenarioSize(MAX_SCENARIO_BYTES + 1, "f.json")).toThrow(
      "f.json: found 5242881 bytes, expected at most 5242880 bytes (5 MB) per scenario file",
    );
    // 2 million two-byte characters: 4 MB of UTF-16 units but 4 MB of UTF-8 too, so it is parsed (and fails as JSON).
    expect(() => parseScenarioText("é".repeat(2_000_000), "f.json")).toThrow(/not JSON/);
    expect(() => parseScenarioText("é".repeat(3_000_000), "f.json")).toThrow(
      /found 5\.7 MB, expected at most 5 MB/,
    );
  });
});

describe("parseScenarioText, any input", () => {
  const block = fc.oneof(
    fc.record({ type: fc.constant("text"), text: fc.string({ maxLength: 10 }) }),
    fc.record({
      type: fc.constant("toolCall"),
      id: fc.string({ maxLength: 4 }),
      name: fc.constantFrom("read", "edit", "nope", ""),
      arguments: fc.jsonValue({ maxDepth: 2 }),
    }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const step = fc.oneof(
    fc.record({ user: fc.oneof(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 0 })) }),
    fc.record({ assistant: fc.record({ content: fc.array(block, { maxLength: 3 }) }) }),
    fc.record({
      tools: fc.record({ active: fc.array(fc.constantFrom("read", "bash", "zzz"), { maxLength: 3 }) }),
    }),
    fc.jsonValue({ maxDepth: 2 }),
  );
  const scenarioLike = fc.record(
    {
      title: fc.oneof(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 0 })),
      workspace: fc.oneof(
        fc.record({ files: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })) }),
        fc.jsonValue({ maxDepth: 1 }),
      ),
      steps: fc.oneof(fc.array(step, { maxLength: 4 }), fc.jsonValue({ maxDepth: 1 })),
      extra: fc.jsonValue({ maxDepth: 1 }),
    },
    { requiredKeys: [] },
  );
  const text = fc.oneof(
    fc.string({ maxLength: 200 }),
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    scenarioLike.map((v) => JSON.stringify(v)),
  );

  it("returns a scenario or throws one Error of one line naming the file; nothing else", () => {
    fc.assert(
      fc.property(text, (t) => {
        let scenario: ReturnType<typeof parseScenarioText>;
        try {
          scenario = parseScenarioText(t, "fuzz.json");
        } catch (error) {
          expect(error).toBeInstanceOf(Error);
          const message = (error as Error).message;
          expect(message.startsWith("fuzz.json: ")).toBe(true);
          expect(message).not.toContain("\n");
          return;
        }
        expect(Array.isArray(scenario.steps)).toBe(true);
        expect(typeof scenario.title).toBe("string");
        // What the player shows of it can be computed, whatever the arguments were.
        expect(() => displaySteps(scenario.steps)).not.toThrow();
      }),
      { numRuns: 200 },
    );
  });
});
