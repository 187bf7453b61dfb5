import { describe, expect, it, vi } from "vitest";
import { base64Decode, base64Encode, isUtf8Text, utf8ByteLength, utf8Encode } from "./bytes";

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
