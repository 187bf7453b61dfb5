import { describe, expect, it } from "vitest";
import { safePath } from "./safe-path";

describe("safePath (the tutorial's cwd check)", () => {
  it("resolves paths inside cwd, relative or absolute", () => {
    expect(safePath("src/a.ts", "/workspace")).toBe("/workspace/src/a.ts");
    expect(safePath("/workspace/b", "/workspace")).toBe("/workspace/b");
    expect(safePath("src/../c", "/workspace")).toBe("/workspace/c");
  });

  it("refuses what leaves cwd, by `..` or by an absolute path", () => {
    expect(() => safePath("/etc/passwd", "/workspace")).toThrow("path outside cwd: /etc/passwd");
    expect(() => safePath("../etc/hosts", "/workspace")).toThrow("path outside cwd: ../etc/hosts");
    expect(() => safePath("/workspace-other/x", "/workspace")).toThrow("path outside cwd");
  });
});
