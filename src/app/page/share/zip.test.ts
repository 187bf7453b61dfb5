import type { ImportEntry } from "@agent/protocol";
import { deflateSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { checkEntries, linkStaysInside, pathProblem } from "../../common/share/import-rules";
import { MAX_RATIO, readZip } from "./zip-read";
import { writeZip } from "./zip-write";

const text = (s: string) => new TextEncoder().encode(s);
const byPath = (entries: ImportEntry[]) => Object.fromEntries(entries.map((e) => [e.path, e]));

describe("zip export and import", () => {
  it("round-trips text, binary, an empty folder and a symlink", () => {
    const zip = writeZip({
      "a.txt": "hello\n",
      "bin/x.bin": { base64: "AAEC/w==" },
      empty: { dir: true },
      "link.txt": { symlink: "a.txt" },
      "zero.txt": "",
    });
    const read = readZip(zip);
    expect(read.refused).toBeUndefined();
    expect(read.skipped).toEqual([]);
    const got = byPath(read.entries);
    expect(got["a.txt"]).toEqual({ path: "a.txt", kind: "file", data: text("hello\n") });
    expect(got["bin/x.bin"]).toEqual({
      path: "bin/x.bin",
      kind: "file",
      data: new Uint8Array([0, 1, 2, 255]),
    });
    expect(got.empty).toEqual({ path: "empty", kind: "dir" });
    expect(got["link.txt"]).toEqual({ path: "link.txt", kind: "symlink", target: "a.txt" });
    expect(got["zero.txt"]).toEqual({ path: "zero.txt", kind: "file", data: new Uint8Array(0) });
  });

  it("skips entries that escape, are absolute, use backslashes or control characters, and keeps the rest", () => {
    const zip = zipSync({
      "../x": text("up"),
      "a/../../y": text("up"),
      "/etc/passwd": text("abs"),
      "C:/win.txt": text("drive"),
      "..\\..\\evil": text("bs"),
      "bell\u0007.txt": text("ctl"),
      "ok/fine.txt": text("fine"),
      "what?.txt": text("windows would refuse"),
    });
    const read = readZip(zip);
    expect(read.entries.map((e) => e.path)).toEqual(["ok/fine.txt", "what?.txt"]);
    expect(Object.fromEntries(read.skipped.map((s) => [s.path, s.reason]))).toEqual({
      "../x": "escapes",
      "a/../../y": "escapes",
      "/etc/passwd": "absolute",
      "C:/win.txt": "absolute",
      "..\\..\\evil": "backslash",
      "bell\u0007.txt": "controlChar",
    });
    expect(read.windowsNames).toBe(1);
  });

  it("refuses a zip bomb while inflating: a ratio past the limit, or more bytes than the header said", () => {
    const zeros = new Uint8Array(2 * 1024 * 1024);
    const bomb = readZip(zipSync({ "zeros.bin": zeros }));
    expect(bomb.refused).toBe("bomb");
    expect(bomb.entries).toEqual([]);
    expect(zipSync({ "zeros.bin": zeros }).length * MAX_RATIO).toBeLessThan(zeros.length);

    // A header that claims 10 bytes for an entry that inflates to 100 KB: stopped at the 11th byte.
    const lying = zipSync({ "small.txt": new Uint8Array(100_000).fill(65) }, { level: 9 });
    const view = new DataView(lying.buffer);
    const cd = view.getUint32(lying.length - 22 + 16, true);
    view.setUint32(cd + 24, 10, true);
    expect(readZip(lying).refused).toBe("bomb");
  });

  it("refuses a zip past the size or count limit whole: never its first part", () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 5; i++) files[`f${i}.txt`] = text(`file ${i} `.repeat(20));
    const zip = zipSync(files);
    expect(readZip(zip, { bytes: 1e6, entries: 3 })).toEqual({
      entries: [],
      skipped: [],
      windowsNames: 0,
      refused: "tooMany",
    });
    expect(readZip(zip, { bytes: 300, entries: 100 })).toEqual({
      entries: [],
      skipped: [],
      windowsNames: 0,
      refused: "tooLarge",
    });
    // Exactly at the limits it all goes in.
    expect(readZip(zip, { bytes: 5 * 140, entries: 5 }).entries).toHaveLength(5);
  });

  it("refuses what is not a zip, a truncated zip and zip64, with a code", () => {
    expect(readZip(text("just text")).refused).toBe("notZip");
    const zip = writeZip({ "a.txt": "a".repeat(1000) });
    expect(readZip(zip.subarray(0, zip.length - 30)).refused).toBe("corrupt");
    const raw = deflateSync(text("x"));
    expect(readZip(raw).refused).toBe("notZip");
  });
});

describe("import rules", () => {
  it("names the problem of a path", () => {
    expect(pathProblem("a/b.txt")).toBeNull();
    expect(pathProblem("dir/")).toBeNull();
    expect(pathProblem("a//b")).toBe("emptyName");
    expect(pathProblem("./a")).toBe("emptyName");
    expect(pathProblem(`${"n".repeat(256)}.txt`)).toBe("nameTooLong");
  });

  it("keeps links inside the workspace", () => {
    expect(linkStaysInside("a/l", "../b")).toBe(true);
    expect(linkStaysInside("l", "../b")).toBe(false);
    expect(linkStaysInside("l", "/etc/passwd")).toBe(false);
  });

  it("skips a repeated path and a path under a file of the same import", () => {
    const got = checkEntries([
      { path: "a", kind: "file", data: text("") },
      { path: "a/b", kind: "file", data: text("") },
      { path: "c/d", kind: "file", data: text("") },
      { path: "c", kind: "file", data: text("") },
      { path: "a", kind: "file", data: text("") },
      { path: "e/", kind: "dir" },
      { path: "e", kind: "dir" },
    ]);
    expect(got.entries.map((e) => e.path)).toEqual(["a", "c/d", "e"]);
    expect(got.skipped.map((s) => `${s.path}:${s.reason}`)).toEqual(["a/b:clash", "c:clash", "a:duplicate"]);
  });
});
