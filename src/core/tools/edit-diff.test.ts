import { diffLines } from "diff";
import { describe, expect, it } from "vitest";
import {
  detectLineEnding,
  generateDiffForChange,
  generateDiffString,
  normalizeForFuzzyMatch,
  normalizeToLF,
} from "./edit-diff";
import { FuzzyText, MAY_CHANGE_UNDER_NFKC, nfkcByLine } from "./edit-fuzzy";

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

describe("FuzzyText", () => {
  // pi's steps, written out plainly, as the reference.
  const reference = (text: string) =>
    text
      .normalize("NFKC")
      .split("\n")
      .map((line) => line.trimEnd())
      .join("\n")
      .replace(/[\u2018\u2019\u201A\u201B]/g, "'")
      .replace(/[\u201C\u201D\u201E\u201F]/g, '"')
      .replace(/[\u2010\u2011\u2012\u2013\u2014\u2015\u2212]/g, "-")
      .replace(/[\u00A0\u2002-\u200A\u202F\u205F\u3000]/g, " ");

  it("normalises and counts (left to right, no overlaps) exactly as split does, on random texts", () => {
    const alphabet = [
      "a",
      "b",
      " ",
      "-",
      "'",
      '"',
      "\n",
      "\u2014",
      "\u2019",
      "\u201c",
      "\u00a0",
      "\u3000",
      "é",
      "ﬁ",
    ];
    let seed = 42;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const word = (length: number) => Array.from({ length }, () => alphabet[next(alphabet.length)]).join("");
    for (let round = 0; round < 3000; round++) {
      // Long texts with few mapped characters take the counting path without a full copy.
      const text =
        round % 3 === 0 ? `${"ab ".repeat(200)}${word(20)}${" ab".repeat(200)}` : word(5 + next(60));
      const fuzzy = new FuzzyText(text);
      const needle = reference(word(1 + next(4)));
      const expected = reference(text).split(needle).length - 1;
      expect(fuzzy.count(needle), JSON.stringify({ text, needle })).toBe(expected);
      expect(fuzzy.text).toBe(reference(text));
    }
  });

  it("counts repeated and adjacent matches around mapped characters", () => {
    const text = `${"x".repeat(400)}a\u2014a\u2014a-a${"y".repeat(400)}a-a`;
    for (const needle of ["a-a", "-", "a-", "-a-a", "a"]) {
      expect(new FuzzyText(text).count(needle), needle).toBe(reference(text).split(needle).length - 1);
    }
    expect(new FuzzyText("abc").count("")).toBe(2);
  });
});

describe("generateDiffForChange", () => {
  it("gives generateDiffString's diff for random edits of random files", () => {
    let seed = 9;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return (seed >>> 8) % n;
    };
    const pool = ["a", "b", "c", "", "a b", "}"];
    const file = () => {
      const lines = Array.from({ length: next(14) }, () => pool[next(pool.length)]);
      return lines.join("\n") + (next(2) ? "\n" : "");
    };
    for (let round = 0; round < 4000; round++) {
      const old = file();
      // Edits as applyEditsToNormalizedContent makes them: whole lines from `start`, possibly cut mid-line.
      const a = next(old.length + 1);
      const b = a + next(old.length - a + 1);
      const inserted = [file(), "x", "\n", "x\n", ""][next(5)];
      const newContent = old.slice(0, a) + inserted + old.slice(b);
      if (newContent === old) continue;
      const start = a === 0 ? 0 : old.lastIndexOf("\n", a - 1) + 1;
      const lineEnd = b === 0 ? -1 : old.indexOf("\n", b - 1);
      const end = b === 0 ? 0 : lineEnd === -1 ? old.length : lineEnd + 1;
      const text = old.slice(start, a) + inserted + old.slice(b, Math.max(b, end));
      const change = { start, end: Math.max(b, end), text };
      expect(generateDiffForChange(old, change), JSON.stringify({ old, change })).toEqual(
        generateDiffString(old, newContent),
      );
    }
  });
});

describe("MAY_CHANGE_UNDER_NFKC (when normalize can be skipped)", () => {
  it("lets through only characters NFKC keeps, alone and in every pair", () => {
    const kept: string[] = [];
    for (let c = 0; c < 0x3000; c++) {
      const ch = String.fromCharCode(c);
      if (!MAY_CHANGE_UNDER_NFKC.test(ch)) kept.push(ch);
    }
    expect(kept.length).toBeGreaterThan(200); // ASCII, C1 and most of Latin-1
    for (const a of kept) {
      expect(a.normalize("NFKC")).toBe(a);
      for (const b of kept) if ((a + b).normalize("NFKC") !== a + b) expect.fail(`${a}${b} changes`);
    }
  });
});

describe("nfkcByLine", () => {
  it("equals normalize('NFKC') of the whole text, combining marks and compatibility forms included", () => {
    const pieces = [
      "a",
      "e\u0301",
      "\u0301",
      "\n",
      "ﬁ",
      "Ａ",
      "é",
      "—",
      " ",
      "\u00a0",
      "ß",
      "\u1100\u1161",
      "\u1161",
      "x\n",
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let n = 0; n < 300; n++) {
      let text = "";
      for (let k = next() % 40; k > 0; k--) text += pieces[next() % pieces.length];
      expect(nfkcByLine(text)).toBe(text.normalize("NFKC"));
    }
    const plain = "only ascii\nand ä ö ü\n";
    expect(nfkcByLine(plain)).toBe(plain);
  });
});
