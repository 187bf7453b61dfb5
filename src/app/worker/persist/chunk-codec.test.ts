import { describe, expect, it } from "vitest";
import { type ChunkEntry, decodeChunk, encodeChunk } from "./chunk-codec";

describe("chunk codec", () => {
  const entries: ChunkEntry[] = [
    { kind: "dir", path: "src" },
    { kind: "file", path: "src/héllo.ts", data: new TextEncoder().encode("export {};\n") },
    { kind: "file", path: "zero", data: new Uint8Array(0) },
    { kind: "file", path: "bin", data: new Uint8Array([0, 255, 10, 13]) },
    { kind: "symlink", path: "link", target: "../src/héllo.ts" },
  ];

  it("gives back every entry as it was", () => {
    expect(decodeChunk(encodeChunk(entries))).toEqual(entries);
  });

  it("hands back files as views of the chunk, not copies", () => {
    const bytes = encodeChunk(entries);
    const file = decodeChunk(bytes)[1] as Extract<ChunkEntry, { kind: "file" }>;
    expect(file.data.buffer).toBe(bytes.buffer);
  });

  it("refuses a chunk that ends inside an entry, or holds an unknown kind", () => {
    const bytes = encodeChunk(entries);
    expect(() => decodeChunk(bytes.subarray(0, bytes.length - 1))).toThrow(/ends inside/);
    expect(() => decodeChunk(bytes.subarray(0, 3))).toThrow(/ends inside/);
    const odd = bytes.slice();
    odd[0] = 7;
    expect(() => decodeChunk(odd)).toThrow(/unknown kind/);
  });
});
