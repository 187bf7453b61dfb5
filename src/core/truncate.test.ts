import { describe, expect, it } from "vitest";
import {
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_LINES,
  formatSize,
  GREP_MAX_LINE_LENGTH,
  isAsciiRange,
  truncateHead,
  truncateHeadUtf8,
  truncateLine,
  truncateTail,
  utf8LineStart,
} from "./truncate";

describe("formatSize", () => {
  it("prints bytes, KB and MB with pi's thresholds", () => {
    expect(formatSize(0)).toBe("0B");
    expect(formatSize(1023)).toBe("1023B");
    expect(formatSize(1024)).toBe("1.0KB");
    expect(formatSize(DEFAULT_MAX_BYTES)).toBe("50.0KB");
    expect(formatSize(60013)).toBe("58.6KB");
    expect(formatSize(1024 * 1024 - 1)).toBe("1024.0KB");
    expect(formatSize(1024 * 1024)).toBe("1.0MB");
  });
});

describe("constants", () => {
  it("match pi's", () => {
    expect([DEFAULT_MAX_LINES, DEFAULT_MAX_BYTES, GREP_MAX_LINE_LENGTH]).toEqual([2000, 51200, 500]);
  });
});

describe("truncateHead", () => {
  it("counts the empty line after a trailing newline", () => {
    const r = truncateHead("a\nb\n");
    expect(r).toMatchObject({
      truncated: false,
      totalLines: 3,
      totalBytes: 4,
      outputLines: 3,
      content: "a\nb\n",
    });
  });

  it("stops at the line limit", () => {
    const r = truncateHead("1\n2\n3\n4", { maxLines: 2 });
    expect(r).toMatchObject({ content: "1\n2", truncatedBy: "lines", outputLines: 2, outputBytes: 3 });
  });

  it("stops at the byte limit, counting one byte per newline after the first line", () => {
    // "aa" (2) + "\nbb" (3) = 5; "\ncc" would make 8 > 7.
    const r = truncateHead("aa\nbb\ncc", { maxBytes: 7 });
    expect(r).toMatchObject({ content: "aa\nbb", truncatedBy: "bytes", outputLines: 2, outputBytes: 5 });
    expect(truncateHead("aa\nbb\ncc", { maxBytes: 8 }).truncated).toBe(false);
  });

  it("counts UTF-8 bytes, not characters", () => {
    const r = truncateHead("é\né", { maxBytes: 4 });
    expect(r).toMatchObject({ content: "é", truncatedBy: "bytes", totalBytes: 5 });
  });

  it("returns nothing when the first line alone is over the byte limit", () => {
    const r = truncateHead(`${"x".repeat(20)}\nshort`, { maxBytes: 10 });
    expect(r).toMatchObject({
      content: "",
      truncated: true,
      truncatedBy: "bytes",
      firstLineExceedsLimit: true,
      outputLines: 0,
      outputBytes: 0,
      totalLines: 2,
    });
  });

  it("reports the limits it used", () => {
    const r = truncateHead("x", { maxLines: Number.MAX_SAFE_INTEGER });
    expect(r.maxLines).toBe(9007199254740991);
    expect(r.maxBytes).toBe(51200);
  });
});

describe("truncateTail", () => {
  it("keeps whole lines from the end", () => {
    const r = truncateTail("1\n2\n3\n4\n", { maxLines: 3 });
    expect(r).toMatchObject({ content: "3\n4\n", truncatedBy: "lines", totalLines: 5, outputLines: 3 });
  });

  it("stops at the byte limit", () => {
    const r = truncateTail("aaaa\nbb\ncc", { maxBytes: 6 });
    expect(r).toMatchObject({
      content: "bb\ncc",
      truncatedBy: "bytes",
      outputLines: 2,
      lastLinePartial: false,
    });
  });

  it("keeps the tail bytes of an over-long last line on a character boundary", () => {
    const r = truncateTail("first\nabcé€", { maxBytes: 4 });
    // "é" is 2 bytes, "€" is 3: the last 4 bytes start inside "é", so the cut moves forward to "€".
    expect(r).toMatchObject({ content: "€", lastLinePartial: true, truncatedBy: "bytes", outputLines: 1 });
  });
});

describe("truncateLine", () => {
  it("cuts at 500 UTF-16 units and marks the cut", () => {
    expect(truncateLine("x".repeat(500))).toEqual({ text: "x".repeat(500), wasTruncated: false });
    expect(truncateLine("x".repeat(501))).toEqual({
      text: `${"x".repeat(500)}... [truncated]`,
      wasTruncated: true,
    });
    expect(truncateLine("abcdef", 3).text).toBe("abc... [truncated]");
  });
});

describe("byte-level head truncation", () => {
  it("matches truncateHead on random ASCII and UTF-8 text", () => {
    let seed = 3;
    const rnd = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const atoms = ["a", "bb", "é", "€", "🎉", "\n", "\n", "xxxxxxxxxx"];
    const decode = (b: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(b);
    for (let t = 0; t < 500; t++) {
      const text = Array.from(
        { length: Math.floor(rnd() * 80) },
        () => atoms[Math.floor(rnd() * atoms.length)],
      ).join("");
      const bytes = new TextEncoder().encode(text);
      const options = { maxLines: 1 + Math.floor(rnd() * 10), maxBytes: 1 + Math.floor(rnd() * 60) };
      const totalLines = text.split("\n").length;
      expect(truncateHeadUtf8(bytes, 0, bytes.length, totalLines, decode, options), text).toEqual(
        truncateHead(text, options),
      );
      const line = Math.floor(rnd() * totalLines);
      const start = utf8LineStart(bytes, line, totalLines);
      expect(decode(bytes.subarray(start)), `line ${line} of ${JSON.stringify(text)}`).toBe(
        text.split("\n").slice(line).join("\n"),
      );
    }
  });

  it("checks ASCII ranges at any alignment", () => {
    const bytes = new TextEncoder().encode("abcdefghijé klmnopqrstuvwxyz");
    expect(isAsciiRange(bytes)).toBe(false);
    expect(isAsciiRange(bytes, 0, 10)).toBe(true);
    expect(isAsciiRange(bytes.subarray(1), 12)).toBe(true);
    expect(isAsciiRange(bytes, 9, 12)).toBe(false);
  });
});
