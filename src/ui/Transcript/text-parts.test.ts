import { describe, expect, it } from "vitest";
import { estimatedLines, textParts } from "./text-parts";

describe("a long text in parts", () => {
  it("keeps every character, in order", () => {
    const text = Array.from({ length: 5000 }, (_, i) => `w${i % 10} `).join("");
    const parts = textParts(text, 1000);
    expect(parts.join("")).toBe(text);
    expect(parts.length).toBe(16); // 999 characters each (a part ends after a space), the last 15
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(1000);
  });

  it("ends a part after a line break of the text where there is one, else after a space", () => {
    const lines = `${"a".repeat(700)}\n${"b b ".repeat(100)}\n${"c".repeat(700)}`;
    const parts = textParts(lines, 1000);
    expect(parts[0]).toBe(`${"a".repeat(700)}\n`);
    expect(parts.join("")).toBe(lines);
    const spaced = `${"x".repeat(600)} ${"y".repeat(600)}`;
    expect(textParts(spaced, 1000)).toEqual([`${"x".repeat(600)} `, "y".repeat(600)]);
  });

  it("does not end a part on a break early in the window, nor inside a surrogate pair", () => {
    const early = `${"a".repeat(100)}\n${"b".repeat(2000)}`;
    expect(textParts(early, 1000)[0]).toBe(`${"a".repeat(100)}\n${"b".repeat(899)}`);
    const emoji = "😀".repeat(1000); // 2,000 UTF-16 units, no break
    const parts = textParts(emoji, 999);
    expect(parts.join("")).toBe(emoji);
    for (const part of parts) expect(part).toMatch(/^(😀)+$/);
  });

  it("leaves a text no longer than a part whole", () => {
    expect(textParts("short", 1000)).toEqual(["short"]);
    expect(textParts("", 1000)).toEqual([""]);
  });

  it("estimates a part's lines from its line breaks and its length", () => {
    expect(estimatedLines("one\ntwo\n")).toBe(3);
    expect(estimatedLines("x".repeat(161), 80)).toBe(3);
  });
});
