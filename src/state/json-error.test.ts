import { describe, expect, it } from "vitest";
import { checkJson, findProblem } from "./json-error";

/** the problem as [line, column, the character under the caret or "end", message] */
function problemOf(text: string) {
  const r = checkJson(text);
  if (r.ok) throw new Error(`expected ${text} to fail`);
  const p = r.problem;
  return { at: [p.line, p.column], char: text[p.offset] ?? "end", what: p.what, lineText: p.lineText };
}

describe("checkJson", () => {
  it("returns the value of valid JSON", () => {
    expect(checkJson('{"path": "a.txt", "n": [1, -2.5e3, true, null], "s": "\\u00e9\\n"}')).toEqual({
      ok: true,
      value: { path: "a.txt", n: [1, -2500, true, null], s: "é\n" },
    });
  });

  it("points at an unquoted value, not past the end", () => {
    const p = problemOf('{"path": package.json}');
    expect(p.at).toEqual([1, 10]);
    expect(p.char).toBe("p");
    expect(p.what).toEqual({ code: "unquotedValue", word: "package.json" });
  });

  it("points at a trailing comma", () => {
    const p = problemOf('{\n  "a": 1,\n}');
    expect([...p.at, p.char, p.lineText]).toEqual([2, 9, ",", '  "a": 1,']);
    expect(p.what.code).toBe("trailingCommaObject");
    expect(problemOf("[1, 2,]")).toMatchObject({ char: ",", what: { code: "trailingCommaList" } });
  });

  it("points at the end for a missing closing brace or bracket", () => {
    const p = problemOf('{"a": 1');
    expect([...p.at, p.char]).toEqual([1, 8, "end"]);
    expect(p.what.code).toBe("endsBeforeObjectClose");
    expect(problemOf('{"a": ').what.code).toBe("endsBeforeValue");
    expect(problemOf("[1, 2").what.code).toBe("endsBeforeListClose");
  });

  it("points at the opening quote of an unterminated string", () => {
    const p = problemOf('{"path": "a.txt}');
    expect([...p.at, p.char]).toEqual([1, 10, '"']);
    expect(p.what.code).toBe("unclosedString");
  });

  it("names unquoted and single-quoted property names, missing colons and commas", () => {
    expect(problemOf("{path: 1}")).toMatchObject({
      at: [1, 2],
      what: { code: "unquotedName", word: "path" },
    });
    expect(problemOf("{'path': 1}")).toMatchObject({
      at: [1, 2],
      what: { code: "expectedName" },
    });
    expect(problemOf('{"a" 1}')).toMatchObject({ at: [1, 6], char: "1", what: { code: "expectedColon" } });
    expect(problemOf('{"a": 1 "b": 2}')).toMatchObject({
      at: [1, 9],
      char: '"',
      what: { code: "expectedCommaObject" },
    });
    expect(problemOf("{\"a\": 'x'}")).toMatchObject({ char: "'", what: { code: "singleQuotes" } });
  });

  it("points at a raw line break inside a string and at a bad escape", () => {
    expect(problemOf('{"a": "x\ny"}')).toMatchObject({ at: [1, 9], what: { code: "controlInString" } });
    expect(problemOf('{"a": "x\\qy"}')).toMatchObject({
      at: [1, 9],
      char: "\\",
      what: { code: "badEscape", escape: "\\q" },
    });
    expect(problemOf('"\\u12"').what.code).toBe("badUnicodeEscape");
  });

  it("points at text after the value, and says so for empty text", () => {
    expect(problemOf('{"a": 1} x')).toMatchObject({ at: [1, 10], char: "x", what: { code: "trailingText" } });
    expect(problemOf("  ").what.code).toBe("empty");
    expect(problemOf("{,}").what.code).toBe("expectedName");
    expect(problemOf("[,]").what.code).toBe("expectedValue");
    expect(problemOf("01").what.code).toBe("trailingText");
    expect(problemOf("-x").what.code).toBe("notNumber");
  });

  it("says it cannot read a text nested deeper than its scanner goes, at the end", () => {
    const deep = `${"[".repeat(200_000)}x`;
    const p = problemOf(deep);
    expect(p.what.code).toBe("unreadable");
    expect(p.char).toBe("end");
  });

  it("agrees with JSON.parse on what is JSON", () => {
    const samples = [
      "1",
      "-0",
      "01",
      "1.",
      ".5",
      "1e",
      '"\\u12"',
      "[,]",
      "{,}",
      "nul",
      "true false",
      '{"a":{}}',
      "[[]]",
    ];
    for (const s of samples) {
      let parses = true;
      try {
        JSON.parse(s);
      } catch {
        parses = false;
      }
      expect([s, findProblem(s) === null]).toEqual([s, parses]);
    }
  });
});
