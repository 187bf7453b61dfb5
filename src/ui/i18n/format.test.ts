import { describe, expect, it } from "vitest";
import { createFormatters } from "./format";

describe("createFormatters", () => {
  it("groups digits and names units in English", () => {
    const f = createFormatters("en");
    expect(f.count(12345)).toBe("12,345");
    expect(f.duration(3.21)).toBe("3.2 ms");
    expect(f.duration(420)).toBe("420 ms");
    expect(f.duration(12_300)).toBe("12.3 sec");
    expect(f.duration(undefined)).toBe("–");
    expect(f.bytes(512)).toBe("512 B");
    expect(f.bytes(2048)).toBe("2 KB");
    expect(f.bytes(1536)).toBe("1.5 KB");
    expect(f.bytes(300 * 1024 * 1024)).toBe("300 MB");
  });
  it("uses the language's own units in Chinese", () => {
    const hans = createFormatters("zh-Hans");
    const hant = createFormatters("zh-Hant");
    expect(hans.duration(12_300)).toMatch(/12\.3\s*秒/);
    expect(hant.duration(12_300)).toMatch(/12\.3\s*秒/);
    expect(hans.count(12345)).toBe("12,345");
    expect(hans.bytes(512)).toBe("512 字节");
    expect(hant.bytes(512)).toBe("512 位元組");
    expect(hant.bytes(5 * 1024 * 1024)).toBe("5 MB");
  });
});
