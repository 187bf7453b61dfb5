import { describe, expect, it } from "vitest";
import { createMemfsEditOperations, createMemfsLsOperations, createMemfsReadOperations } from "./operations";
import { createMemfsWorkspace } from "./workspace";

describe("memfs operations", () => {
  const ws = createMemfsWorkspace({
    "a.txt": "hello",
    "d/x": "",
    link: { symlink: "a.txt" },
    bad: { symlink: "nowhere" },
  });

  it("read the stored bytes, through symlinks, and see later writes", async () => {
    const read = createMemfsReadOperations(ws);
    expect(new TextDecoder().decode(await read.readFile("/workspace/link"))).toBe("hello");
    ws.fs.writeFileSync("/workspace/a.txt", "changed");
    expect(new TextDecoder().decode(await read.readFile("/workspace/a.txt"))).toBe("changed");
  });

  it("give Node's error texts", async () => {
    const read = createMemfsReadOperations(ws);
    await expect(read.access("/workspace/nope")).rejects.toThrow(
      "ENOENT: no such file or directory, access '/workspace/nope'",
    );
    await expect(read.readFile("/workspace/d")).rejects.toThrow(
      "EISDIR: illegal operation on a directory, read",
    );
    await expect(read.readFile("/workspace/bad")).rejects.toThrow(
      "ENOENT: no such file or directory, open '/workspace/bad'",
    );
    const edit = createMemfsEditOperations(ws);
    await expect(edit.access("/workspace/nope")).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("sniff images from the first bytes only", async () => {
    const read = createMemfsReadOperations(ws);
    ws.fs.writeFileSync("/workspace/g.bin", new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]));
    expect(await read.detectImageMimeType?.("/workspace/g.bin")).toBe("image/gif");
    expect(await read.detectImageMimeType?.("/workspace/a.txt")).toBeNull();
    expect(await read.detectImageMimeType?.("/workspace/d")).toBeNull();
  });

  it("stat through symlinks for ls and fail on broken ones", async () => {
    const ls = createMemfsLsOperations(ws);
    expect((await ls.stat("/workspace/d")).isDirectory()).toBe(true);
    await expect(Promise.resolve().then(() => ls.stat("/workspace/bad"))).rejects.toThrow("ENOENT");
    expect((await ls.readdir("/workspace")).sort()).toEqual(["a.txt", "bad", "d", "g.bin", "link"]);
  });

  it("list a folder as readdirSync does: same names, same order, same errors", async () => {
    const ws = createMemfsWorkspace({
      "B.md": "",
      "a.txt": "",
      ".hidden": "",
      "_x/y": "",
      "Z/z": "",
      "é.txt": "",
      "to-z": { symlink: "Z" },
    });
    const ls = createMemfsLsOperations(ws);
    for (const dir of ["/workspace", "/workspace/to-z", "/workspace/Z", "/"])
      expect(await ls.readdir(dir)).toEqual(ws.fs.readdirSync(dir));
    const error = (run: () => unknown) => {
      try {
        run();
      } catch (e) {
        return (e as Error).message;
      }
      return "no error";
    };
    ws.fs.chmodSync("/workspace/Z", 0o000);
    for (const path of ["/workspace/Z", "/workspace/a.txt", "/workspace/missing"])
      expect(error(() => ls.readdir(path))).toBe(error(() => ws.fs.readdirSync(path)));
    expect(error(() => ls.readdir("/workspace/Z"))).toContain("EACCES");
  });

  it("stat answers from the last listing only until the volume changes", async () => {
    const ws = createMemfsWorkspace({ e: "", "d/x": "" });
    const ls = createMemfsLsOperations(ws);
    ls.readdir("/workspace");
    expect((ls.stat("/workspace/e") as { isDirectory(): boolean }).isDirectory()).toBe(false);
    ws.fs.unlinkSync("/workspace/e");
    ws.fs.mkdirSync("/workspace/e");
    expect((ls.stat("/workspace/e") as { isDirectory(): boolean }).isDirectory()).toBe(true);
    ls.readdir("/workspace");
    ws.fs.rmSync("/workspace/d", { recursive: true });
    expect(() => ls.stat("/workspace/d")).toThrow("ENOENT");
  });
});

describe("ls on memfs", () => {
  it("marks folders and links to folders, skips broken links, and sees changes between calls", async () => {
    const { createLsToolDefinition } = await import("@core/tools/ls");
    const ws = createMemfsWorkspace({
      "f.txt": "",
      "dir/inner.txt": "",
      "to-dir": { symlink: "dir" },
      "to-file": { symlink: "f.txt" },
      broken: { symlink: "nowhere" },
      "via/x": { symlink: "../dir" },
    });
    const tool = createLsToolDefinition("/workspace", { operations: createMemfsLsOperations(ws) });
    const run = async (path?: string) =>
      ((await tool.execute("t", { path }, undefined, undefined, undefined)).content[0] as { text: string })
        .text;
    expect(await run()).toBe("dir/\nf.txt\nto-dir/\nto-file\nvia/");
    expect(await run("via/x")).toBe("inner.txt");
    ws.fs.mkdirSync("/workspace/dir/new");
    ws.fs.unlinkSync("/workspace/dir/inner.txt");
    ws.fs.writeFileSync("/workspace/dir/later.txt", "");
    expect(await run("to-dir")).toBe("later.txt\nnew/");
  });
});
