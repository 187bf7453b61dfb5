import { base64Encode, utf8Encode } from "@core/bytes";
import { describe, expect, it } from "vitest";
import { diffFiles } from "./file-changes";

describe("diffFiles", () => {
  it("counts one new file three folders deep as one file added, not its folders", () => {
    const before = { "README.md": "hi" };
    const after = {
      "README.md": "hi",
      a: { dir: true as const },
      "a/b": { dir: true as const },
      "a/b/c.txt": "x",
    };
    expect(diffFiles(before, after)).toEqual({ added: ["a/b/c.txt"], changed: [], removed: [] });
  });
  it("does not count a file with the same bytes as changed, whether text or base64", () => {
    const before = { "a.txt": "same", "b.txt": "old", "c.bin": { base64: base64Encode(utf8Encode("same")) } };
    const after = { "a.txt": { base64: base64Encode(utf8Encode("same")) }, "b.txt": "new", "c.bin": "same" };
    expect(diffFiles(before, after)).toEqual({ added: [], changed: ["b.txt"], removed: [] });
  });
  it("compares bytes as read with text and base64 without encoding them", () => {
    const before = { "a.txt": "hi", "b.bin": { base64: base64Encode(new Uint8Array([1, 2])) } };
    const after = { "a.txt": utf8Encode("hi"), "b.bin": new Uint8Array([1, 3]), "c.bin": new Uint8Array(0) };
    expect(diffFiles(before, after)).toEqual({ added: ["c.bin"], changed: ["b.bin"], removed: [] });
  });
  it("names removed files and links whose target moved, sorted", () => {
    const before = { "z.txt": "1", "m.txt": "2", link: { symlink: "z.txt" }, d: { dir: true as const } };
    const after = { link: { symlink: "m.txt" }, "b.txt": "3", "a.txt": "4" };
    expect(diffFiles(before, after)).toEqual({
      added: ["a.txt", "b.txt"],
      changed: ["link"],
      removed: ["m.txt", "z.txt"],
    });
  });
  it("takes a file turned into a folder as removed, and the other way round as added", () => {
    expect(diffFiles({ x: "1", y: { dir: true } }, { x: { dir: true }, y: "2" })).toEqual({
      added: ["y"],
      changed: [],
      removed: ["x"],
    });
  });
});
