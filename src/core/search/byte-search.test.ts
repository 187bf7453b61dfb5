import { describe, expect, it } from "vitest";
import { countByte, createByteFinder, hasNul } from "./byte-search";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("createByteFinder", () => {
  it("finds every occurrence, in order", () => {
    const find = createByteFinder("ab", false)!;
    const b = bytes("xxabyyabab");
    const hits: number[] = [];
    for (let i = find(b, 0); i >= 0; i = find(b, i + 1)) hits.push(i);
    expect(hits).toEqual([2, 6, 8]);
  });

  it("folds ASCII case when asked, and refuses literals Unicode folding would widen", () => {
    const find = createByteFinder("Deprecated", true)!;
    expect(find(bytes("x DEPRECATED y"), 0)).toBe(2);
    expect(find(bytes("deprecate"), 0)).toBe(-1);
    expect(createByteFinder("kelvin", true)).toBeUndefined();
    expect(createByteFinder("café", true)).toBeUndefined();
    expect(createByteFinder("café", false)!(bytes("un café"), 0)).toBe(3);
  });

  it("handles one-byte literals and misaligned views", () => {
    const b = bytes("__a_a").subarray(1);
    expect(createByteFinder("a", false)!(b, 0)).toBe(1);
    expect(createByteFinder("A", true)!(b, 2)).toBe(3);
  });
});

describe("SWAR scans", () => {
  it("counts a byte over any alignment and length", () => {
    const text = "a\nb\n\n".repeat(40);
    const b = bytes(`x${text}`).subarray(1);
    expect(countByte(b, 10, 0, b.length)).toBe(120);
    expect(countByte(b, 10, 3, 101)).toBe(text.slice(3, 101).split("\n").length - 1);
  });

  it("finds a NUL anywhere", () => {
    const b = new Uint8Array(1001).fill(65);
    expect(hasNul(b)).toBe(false);
    for (const at of [0, 3, 500, 1000]) {
      const c = b.slice();
      c[at] = 0;
      expect(hasNul(c.subarray(0))).toBe(true);
    }
  });
});
