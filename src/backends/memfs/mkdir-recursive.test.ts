import { createMemfsToolOptions } from "@backends/memfs/index";
import { createWriteTool } from "@core/tools/write";
import { describe, expect, it } from "vitest";
import { mkdirRecursive } from "./mkdir-recursive";
import { createMemfsWorkspace } from "./workspace";

// The expected texts are what Node's fs.mkdirSync(path, { recursive: true }) throws on a real disk
// for the same tree (a file `a`, symlinks `la` → a, `dang` → nowhere, `ld` → d).
function setup() {
  const workspace = createMemfsWorkspace(
    {
      a: "file\n",
      d: { dir: true },
      la: { symlink: "a" },
      dang: { symlink: "nowhere" },
      ld: { symlink: "d" },
    },
    "/w",
  );
  const mkdir = (relative: string) => {
    try {
      mkdirRecursive(workspace.fs, `/w/${relative}`);
      return "ok";
    } catch (error) {
      const { message, code, syscall, path } = error as NodeJS.ErrnoException;
      return { message, code, syscall, path };
    }
  };
  return { workspace, mkdir };
}

describe("mkdirRecursive: Node's recursive mkdir errors on memfs", () => {
  it("answers EEXIST with the requested path when the folder itself is a file or a link to one", () => {
    const { mkdir } = setup();
    expect(mkdir("a")).toEqual({
      message: "EEXIST: file already exists, mkdir '/w/a'",
      code: "EEXIST",
      syscall: "mkdir",
      path: "/w/a",
    });
    expect(mkdir("la")).toMatchObject({ message: "EEXIST: file already exists, mkdir '/w/la'" });
  });

  it("answers ENOTDIR with the whole requested path when a parent above it is a file", () => {
    const { mkdir } = setup();
    expect(mkdir("a/c")).toMatchObject({
      message: "ENOTDIR: not a directory, mkdir '/w/a/c'",
      code: "ENOTDIR",
    });
    expect(mkdir("a/c/d")).toMatchObject({ message: "ENOTDIR: not a directory, mkdir '/w/a/c/d'" });
    expect(mkdir("la/c")).toMatchObject({ message: "ENOTDIR: not a directory, mkdir '/w/la/c'" });
  });

  it("answers ENOENT through a dangling symlink and creates nothing", () => {
    const { mkdir, workspace } = setup();
    expect(mkdir("dang")).toMatchObject({ message: "ENOENT: no such file or directory, mkdir '/w/dang'" });
    expect(mkdir("dang/c")).toMatchObject({
      message: "ENOENT: no such file or directory, mkdir '/w/dang/c'",
    });
    expect(workspace.fs.existsSync("/w/nowhere")).toBe(false);
  });

  it("creates missing folders, also through a symlink to a folder, and accepts existing ones", () => {
    const { mkdir, workspace } = setup();
    expect(mkdir("d")).toBe("ok");
    expect(mkdir("x/y/z")).toBe("ok");
    expect(mkdir("ld/e/f")).toBe("ok");
    expect(workspace.fs.statSync("/w/x/y/z").isDirectory()).toBe(true);
    expect(workspace.fs.statSync("/w/d/e/f").isDirectory()).toBe(true);
  });

  it("makes write report the parent's EEXIST as pi does, and leave the file alone", async () => {
    const { workspace } = setup();
    const write = createWriteTool("/w", createMemfsToolOptions(workspace).write);
    await expect(write.execute("1", { path: "a/b.txt", content: "x" })).rejects.toThrow(
      "EEXIST: file already exists, mkdir '/w/a'",
    );
    expect(String(workspace.fs.readFileSync("/w/a", "utf8"))).toBe("file\n");
  });
});
