import { describe, expect, it } from "vitest";
import { checkJson } from "./json-error";

describe("checkJson", () => {
  it("marks the line and column where the text stops being JSON", () => {
    const r = checkJson('{\n  "a": 1,\n}');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect([r.problem.line, r.problem.column, r.problem.lineText]).toEqual([3, 1, "}"]);
  });
  it("points at the end for text that stops early", () => {
    const r = checkJson('{"a": ');
    expect(!r.ok && r.problem.offset).toBe(6);
  });
});
