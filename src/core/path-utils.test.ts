import { describe, expect, it } from "vitest";
import {
  basenamePath,
  DEFAULT_HOME_DIR,
  dirnamePath,
  expandPath,
  joinPath,
  readPathVariants,
  relativePath,
  resolvePath,
  resolveReadPath,
  resolveToCwd,
} from "./path-utils";

describe("expandPath", () => {
  it("strips exactly one leading @", () => {
    expect(expandPath("@src/a.ts")).toBe("src/a.ts");
    expect(expandPath("@@a")).toBe("@a");
  });
  it("turns unicode spaces into ASCII spaces", () => {
    expect(expandPath("a\u00A0b\u2003c\u202Fd\u205Fe\u3000f")).toBe("a b c d e f");
  });
  it("expands ~ and ~/x but not ~user", () => {
    expect(expandPath("~")).toBe(DEFAULT_HOME_DIR);
    expect(expandPath("~/x", "/h")).toBe("/h/x");
    expect(expandPath("~bob/x", "/h")).toBe("~bob/x");
    expect(expandPath("@~/x", "/h")).toBe("/h/x");
  });
});

describe("POSIX helpers", () => {
  it("resolve like path.posix.resolve", () => {
    expect(resolvePath("/w", "a/../b", "./c")).toBe("/w/b/c");
    expect(resolvePath("/w", "/abs", "x")).toBe("/abs/x");
    expect(resolvePath("/w", "..", "..", "..")).toBe("/");
    expect(resolvePath("/w/")).toBe("/w");
  });
  it("join, dirname, basename, relative", () => {
    expect(joinPath("/w", "a", "../b")).toBe("/w/b");
    expect(joinPath("a", "b")).toBe("a/b");
    expect(dirnamePath("/w/a/b.txt")).toBe("/w/a");
    expect(dirnamePath("/w")).toBe("/");
    expect(basenamePath("/w/a/b.txt")).toBe("b.txt");
    expect(relativePath("/w", "/w/a/b")).toBe("a/b");
    expect(relativePath("/w/a", "/w/b/c")).toBe("../b/c");
    expect(relativePath("/w", "/w")).toBe("");
  });
});

describe("resolveToCwd", () => {
  it("keeps absolute paths and resolves relative ones, without sandboxing", () => {
    expect(resolveToCwd("/etc/x", "/w")).toBe("/etc/x");
    expect(resolveToCwd("a/b", "/w")).toBe("/w/a/b");
    expect(resolveToCwd("../up", "/w/sub")).toBe("/w/up");
    expect(resolveToCwd("@a", "/w")).toBe("/w/a");
  });
});

describe("resolveReadPath", () => {
  const existing = (paths: string[]) => (p: string) => paths.includes(p);

  it("returns the plain path when it exists", async () => {
    expect(await resolveReadPath("a.txt", "/w", existing(["/w/a.txt"]))).toBe("/w/a.txt");
  });
  it("finds the macOS screenshot name with U+202F before AM/PM", async () => {
    const real = "/w/Screenshot 2024-01-01 at 10.00.00\u202FPM.png";
    expect(await resolveReadPath("Screenshot 2024-01-01 at 10.00.00 PM.png", "/w", existing([real]))).toBe(
      real,
    );
  });
  it("finds NFD and curly-quote variants, in that order", async () => {
    const nfd = "/w/cafe\u0301.txt";
    expect(await resolveReadPath("café.txt", "/w", existing([nfd]))).toBe(nfd);
    const curly = "/w/it\u2019s.txt";
    expect(await resolveReadPath("it's.txt", "/w", existing([curly]))).toBe(curly);
    expect(readPathVariants("/w/é's")).toEqual([
      "/w/é's",
      "/w/e\u0301's",
      "/w/é\u2019s",
      "/w/e\u0301\u2019s",
    ]);
  });
  it("falls back to the plain resolved path, also when exists throws", async () => {
    expect(await resolveReadPath("nope", "/w", existing([]))).toBe("/w/nope");
    expect(
      await resolveReadPath("nope", "/w", () => {
        throw new Error("boom");
      }),
    ).toBe("/w/nope");
  });
});
