import { describe, expect, it } from "vitest";
import { compileLineMatcher } from "./line-matcher";
import { requiredLiteral, translateToRe2 } from "./rg-syntax";

function matchingLines(pattern: string, text: string, ignoreCase = false): string[] {
  const matcher = compileLineMatcher(pattern, { ignoreCase, literal: false });
  const out: string[] = [];
  for (let from = 0; from < text.length; ) {
    const hit = matcher.nextLine(text, from);
    if (!hit) break;
    out.push(text.slice(hit[0], hit[1]));
    from = hit[1] + 1;
  }
  return out;
}

describe("rg syntax on RE2", () => {
  it("finds a literal every match needs, or none when unsure", () => {
    expect(requiredLiteral("FIXME\\(perf-[0-9]+\\)")).toBe("FIXME(perf-");
    expect(requiredLiteral("fo+ba[rz]")).toBe("fo");
    expect(requiredLiteral("colou?r")).toBe("colo");
    expect(requiredLiteral("a|b")).toBeUndefined();
    expect(requiredLiteral("(?i)abc")).toBeUndefined();
  });

  it("makes \\d, \\w and \\s Unicode-aware, as Rust's regex is", () => {
    expect(matchingLines("^\\w+$", "héllo\nhé llo\n")).toEqual(["héllo"]);
    expect(matchingLines("\\d", "٣\nx\n")).toEqual(["٣"]);
    expect(translateToRe2("[\\w-]")).toContain("\\p{L}");
  });

  it("never matches across a line break, as rg searches line by line", () => {
    expect(matchingLines("a[^x]b", "a\nb\naxb\nacb\n")).toEqual(["acb"]);
    expect(matchingLines("a\\s*b", "a\n b\na b\n")).toEqual(["a b"]);
  });

  it("refuses what rg refuses, in rg's words", () => {
    expect(() => translateToRe2("a\\nb")).toThrow(/the literal "\\n" is not allowed/);
    expect(() => translateToRe2("(?<=a)b")).toThrow(/look-around/);
    expect(() => translateToRe2("\\<word")).toThrow(/use \\b instead/);
  });
});
