import { describe, expect, it } from "vitest";
import { base64Decode, base64Encode, isUtf8Text, utf8ByteLength, utf8Encode } from "./bytes";

describe("bytes", () => {
  it("counts UTF-8 bytes like TextEncoder does", () => {
    for (const s of ["", "abc", "héllo", "🎉", "日本語", "a\u{10ffff}b", "\ud800x"]) {
      expect(utf8ByteLength(s)).toBe(utf8Encode(s).length);
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
