import { describe, expect, it } from "vitest";
import { outsideWorkspacePath } from "./outside-workspace";

describe("outsideWorkspacePath", () => {
  it("names the absolute path of a call that leaves the workspace", () => {
    expect(outsideWorkspacePath({ path: "/etc/passwd" }, "/workspace")).toBe("/etc/passwd");
    expect(outsideWorkspacePath({ path: "../etc/hosts" }, "/workspace")).toBe("/etc/hosts");
    expect(outsideWorkspacePath({ path: "~/.bashrc" }, "/workspace")).toBe("/home/user/.bashrc");
    expect(outsideWorkspacePath({ path: "/workspace/../tmp/x" }, "/workspace")).toBe("/tmp/x");
  });

  it("is null inside the workspace, and without a path", () => {
    expect(outsideWorkspacePath({ path: "src/a.ts" }, "/workspace")).toBeNull();
    expect(outsideWorkspacePath({ path: "/workspace/b" }, "/workspace")).toBeNull();
    expect(outsideWorkspacePath({ path: "" }, "/workspace")).toBeNull();
    expect(outsideWorkspacePath({ command: "cat /etc/passwd" }, "/workspace")).toBeNull();
    expect(outsideWorkspacePath(null, "/workspace")).toBeNull();
  });
});
