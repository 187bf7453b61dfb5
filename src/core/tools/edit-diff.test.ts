import { diffLines } from "diff";
import { describe, expect, it } from "vitest";
import { detectLineEnding, generateDiffString, normalizeForFuzzyMatch, normalizeToLF } from "./edit-diff";

describe("line endings", () => {
  it("decide by the first newline", () => {
    expect(detectLineEnding("a\r\nb\nc")).toBe("\r\n");
    expect(detectLineEnding("a\nb\r\n")).toBe("\n");
    expect(detectLineEnding("no newline")).toBe("\n");
    expect(normalizeToLF("a\r\nb\rc\n")).toBe("a\nb\nc\n");
  });
});

describe("normalizeForFuzzyMatch", () => {
  it("applies NFKC, trims line ends and maps quotes, dashes and spaces", () => {
    expect(normalizeForFuzzyMatch("ﬁ  \n\u201cq\u201d \u2014 \u2212\u00a0x\u3000y\t")).toBe(
      'fi\n"q" - - x y',
    );
    expect(normalizeForFuzzyMatch("plain ascii\nno trailing")).toBe("plain ascii\nno trailing");
    expect(normalizeForFuzzyMatch("trailing \nx")).toBe("trailing\nx");
  });
});

describe("generateDiffString", () => {
  it("numbers and pads as pi does, with 4 lines of context and ellipses", () => {
    const old = `${Array.from({ length: 12 }, (_, i) => `l${i + 1}`).join("\n")}\n`;
    const next = old.replace("l6\n", "L6\n");
    expect(generateDiffString(old, next)).toEqual({
      diff: "    ...\n  2 l2\n  3 l3\n  4 l4\n  5 l5\n- 6 l6\n+ 6 L6\n  7 l7\n  8 l8\n  9 l9\n 10 l10\n    ...",
      firstChangedLine: 6,
    });
  });

  it("keeps up to 8 lines between two changes, else 4 + ... + 4", () => {
    const lines = Array.from({ length: 30 }, (_, i) => `l${i + 1}`);
    const next = lines.map((l) => (l === "l2" || l === "l20" ? l.toUpperCase() : l));
    const { diff } = generateDiffString(lines.join("\n"), next.join("\n"));
    expect(diff.split("\n").filter((l) => l.trim() === "...")).toHaveLength(2);
    expect(diff).toContain("  6 l6\n    ...\n 16 l16");
  });

  it("gives the same parts as a plain jsdiff walk on random edits (prefix skipping changes nothing)", () => {
    let seed = 42;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let t = 0; t < 300; t++) {
      const lines = Array.from({ length: Math.floor(rnd() * 30) }, () => `v${Math.floor(rnd() * 4)}`);
      const next = lines.slice();
      const at = Math.floor(rnd() * (next.length + 1));
      next.splice(at, rnd() < 0.5 ? 1 : 0, `n${t}`);
      const a = `${lines.join("\n")}\n`;
      const b = `${next.join("\n")}\n`;
      const plain = diffLines(a, b);
      const changed = plain
        .filter((p) => p.added || p.removed)
        .flatMap((p) => p.value.split("\n").slice(0, -1));
      const { diff } = generateDiffString(a, b);
      const shown = diff
        .split("\n")
        .filter((l) => l.startsWith("+") || l.startsWith("-"))
        .map((l) => l.replace(/^[+-]\s*\d+ /, ""));
      expect(shown).toEqual(changed);
    }
  });
});
