import { describe, expect, it, vi } from "vitest";
import {
  base64Decode,
  base64Encode,
  decodeInPieces,
  decodeUtf8,
  decodeUtf8Strict,
  encodeInSlices,
  isUtf8Text,
  spliceUtf8,
  utf8ByteLength,
  utf8Encode,
} from "./bytes";

describe("bytes", () => {
  it("counts UTF-8 bytes like TextEncoder does", () => {
    for (const s of ["", "abc", "héllo", "🎉", "日本語", "a\u{10ffff}b", "\ud800x"]) {
      expect(utf8ByteLength(s)).toBe(utf8Encode(s).length);
    }
  });

  it("encodes large strings (the encodeInto path) exactly as TextEncoder does", () => {
    const reference = new TextEncoder();
    const ascii = "abc\n".repeat(1000);
    const samples = [
      ascii,
      `${ascii}é`, // the non-ASCII character at the very end
      `é${ascii}`, // at the very start: almost all of it in the second pass
      `${ascii}🎉${ascii}日本語${ascii}`,
      `${ascii}\ud800${ascii}x\udc00`, // lone surrogates become U+FFFD
      `${ascii.slice(0, 1023)}🎉`, // a pair straddling the first pass's end
      "é".repeat(5000), // mostly non-ASCII: the result is copied out of the larger buffer
    ];
    for (const s of samples) expect(utf8Encode(s)).toEqual(reference.encode(s));
  });

  it("encodes the same on the browser path (an ASCII loop before encodeInto)", async () => {
    vi.stubGlobal("WorkerGlobalScope", class {});
    vi.resetModules();
    try {
      const browser = await import("./bytes");
      const reference = new TextEncoder();
      const ascii = "abc\n".repeat(1000);
      for (const s of [ascii, `${ascii}é`, `é${ascii}`, `${ascii}\ud800${ascii}🎉`, "é".repeat(5000)])
        expect(browser.utf8Encode(s)).toEqual(reference.encode(s));
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });

  it("round-trips base64 for every byte value", () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(base64Decode(base64Encode(bytes))).toEqual(bytes);
  });

  it("treats NUL and invalid UTF-8 as binary", () => {
    expect(isUtf8Text(utf8Encode("héllo\r\n"))).toBe(true);
    expect(isUtf8Text(new Uint8Array([0x61, 0]))).toBe(false);
    expect(isUtf8Text(new Uint8Array([0xff, 0xfe]))).toBe(false);
  });
});

describe("decodeInPieces (the browser's path for large inputs)", () => {
  const text = "\uFEFFa é — 𝄞 tail\n".repeat(50);
  const bytes = new TextEncoder().encode(text);
  it.each([1, 2, 3, 5, 64])(
    "decodes in pieces of %i bytes exactly as one decode does, BOM rules included",
    (size) => {
      expect(decodeInPieces(bytes, true, size)).toBe(
        new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes),
      );
      expect(decodeInPieces(bytes, false, size)).toBe(new TextDecoder("utf-8").decode(bytes));
    },
  );
  it("turns malformed bytes into U+FFFD as TextDecoder does, also split between pieces", () => {
    const bad = new Uint8Array([0x61, 0xe2, 0x82, 0x62, 0xf0, 0x9f, 0x98, 0x80, 0xff]);
    for (const size of [1, 2, 4]) expect(decodeInPieces(bad, true, size)).toBe(new TextDecoder().decode(bad));
  });
  it("decodeUtf8 keeps a BOM unless told to drop it", () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe("\uFEFFA");
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]), false)).toBe("A");
  });
});

describe("encodeInSlices (the browser's path for large strings)", () => {
  const reference = new TextEncoder();
  const samples = [
    "abc\n".repeat(40),
    `${"x".repeat(7)}🎉${"y".repeat(9)}`, // a pair that would straddle a slice boundary
    `é${"a".repeat(50)}日本語`,
    `${"a".repeat(8)}\ud800${"b".repeat(8)}x\udc00`, // lone surrogates
    "🎉".repeat(30),
    `${"a".repeat(15)}\ud83c`, // a lone high surrogate at the very end
  ];
  it.each([1, 2, 3, 8, 16])("gives TextEncoder's bytes in slices of %i", (size) => {
    for (const s of samples) expect(encodeInSlices(s, size)).toEqual(reference.encode(s));
  });
});

describe("spliceUtf8", () => {
  it("gives the bytes of the replaced text, and declines a replacement that splits a surrogate pair", () => {
    const text = "aé🎉b日";
    const bytes = new TextEncoder().encode(text);
    const replacements = [
      { index: 1, length: 1, text: "E" },
      { index: 4, length: 1, text: "🙂B" },
    ];
    expect(spliceUtf8(bytes, 0, text, replacements)).toEqual(new TextEncoder().encode("aE🎉🙂B日"));
    expect(spliceUtf8(bytes, 0, text, [{ index: 3, length: 1, text: "x" }])).toBeUndefined();
  });
});

describe("decodeUtf8Strict", () => {
  it("gives the text of well-formed bytes and undefined for malformed ones, one call not leaking into the next", () => {
    expect(decodeUtf8Strict(new TextEncoder().encode("\uFEFFé ok"))).toBe("\uFEFFé ok");
    expect(decodeUtf8Strict(new Uint8Array([0x61, 0xff, 0x62]))).toBeUndefined();
    expect(decodeUtf8Strict(new Uint8Array([0x61, 0xe2, 0x82]))).toBeUndefined(); // cut short
    expect(decodeUtf8Strict(new Uint8Array([0x62]))).toBe("b");
  });

  it("does the same on the browser path (in pieces), a malformed large input not spoiling the next call", async () => {
    vi.stubGlobal("WorkerGlobalScope", class {});
    vi.resetModules();
    try {
      const browser = await import("./bytes");
      const big = new Uint8Array(200_000).fill(0x61);
      big[100_000] = 0xe2; // a three-byte character cut short, inside the second piece
      expect(browser.decodeUtf8Strict(big)).toBeUndefined();
      expect(browser.decodeUtf8Strict(new Uint8Array([0x82, 0xac]))).toBeUndefined();
      big[100_000] = 0x61;
      expect(browser.decodeUtf8Strict(big)).toBe("a".repeat(200_000));
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
  });
});
