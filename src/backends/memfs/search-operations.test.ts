import { createFindToolDefinition } from "@core/tools/find";
import { createGrepToolDefinition } from "@core/tools/grep";
import { describe, expect, it } from "vitest";
import {
  createFsSearchOperations,
  createMemfsFindOperations,
  createMemfsGrepOperations,
} from "./search-operations";
import { createMemfsWorkspace, type FilesMap } from "./workspace";

async function grep(files: FilesMap, args: Record<string, unknown>, signal?: AbortSignal) {
  const ws = createMemfsWorkspace(files);
  const tool = createGrepToolDefinition(ws.root, { operations: createMemfsGrepOperations(ws) });
  // biome-ignore lint/suspicious/noExplicitAny: tests pass raw model arguments.
  const result = await tool.execute("t", args as any, signal, undefined, undefined);
  return { text: (result.content[0] as { text: string }).text, details: result.details };
}

async function find(files: FilesMap, args: Record<string, unknown>) {
  const ws = createMemfsWorkspace(files);
  const tool = createFindToolDefinition(ws.root, { operations: createMemfsFindOperations(ws) });
  // biome-ignore lint/suspicious/noExplicitAny: tests pass raw model arguments.
  const result = await tool.execute("t", args as any, undefined, undefined, undefined);
  return { text: (result.content[0] as { text: string }).text, details: result.details };
}

describe("memfs search operations", () => {
  // The walk through memfs's tree, and the public fs API's walk that serves when memfs changes.
  it.each([
    ["memfs's tree", createMemfsGrepOperations],
    ["the fs API", createFsSearchOperations],
  ])("list entries with their kinds, symlinks unresolved, and read bytes, through %s", async (_, create) => {
    const ws = createMemfsWorkspace({
      "a.txt": "hi",
      "d/x": "",
      link: { symlink: "a.txt" },
      e: { dir: true },
    });
    const ops = create(ws);
    const entries = (await ops.readdir("/workspace")).sort((a, b) => a.name.localeCompare(b.name));
    expect(entries).toEqual([
      { name: "a.txt", kind: "file" },
      { name: "d", kind: "directory" },
      { name: "e", kind: "directory" },
      { name: "link", kind: "symlink" },
    ]);
    expect(new TextDecoder().decode(await ops.readFile("/workspace/link"))).toBe("hi");
    expect(await ops.isDirectory("/workspace/d")).toBe(true);
    expect(await ops.isDirectory("/workspace/a.txt")).toBe(false);
    await expect(async () => ops.isDirectory("/workspace/missing")).rejects.toThrow(/ENOENT/);
    await expect(async () => ops.readdir("/workspace/a.txt")).rejects.toThrow(/ENOTDIR/);
  });
});

describe("grep on memfs", () => {
  it("orders files as rg --sort=path: a/x.txt before a.txt", async () => {
    const { text } = await grep(
      { "a.txt": "hit\n", "a/x.txt": "hit\n", "B.txt": "hit\n" },
      { pattern: "hit" },
    );
    expect(text).toBe("B.txt:1: hit\na/x.txt:1: hit\na.txt:1: hit");
  });

  it("searches gitignored files outside a git repository, and skips them inside one", async () => {
    const files: FilesMap = { ".gitignore": "skip.txt\n", "skip.txt": "hit\n", "keep.txt": "hit\n" };
    expect((await grep(files, { pattern: "hit" })).text).toBe("keep.txt:1: hit\nskip.txt:1: hit");
    expect((await grep({ ...files, ".git": { dir: true } }, { pattern: "hit" })).text).toBe(
      "keep.txt:1: hit",
    );
  });

  it("honours .ignore and .rgignore everywhere, and --glob over all of them", async () => {
    const files: FilesMap = {
      ".ignore": "a.ts\n",
      ".rgignore": "b.ts\n",
      "a.ts": "x\n",
      "b.ts": "x\n",
      "c.ts": "x\n",
    };
    expect((await grep(files, { pattern: "x" })).text).toBe("c.ts:1: x");
    expect((await grep(files, { pattern: "x", glob: "a.*" })).text).toBe("a.ts:1: x");
  });

  it("searches .git/ and hidden files but skips binary files and symlinks", async () => {
    const { text } = await grep(
      {
        ".git/config": "needle\n",
        ".hidden": "needle\n",
        "bin.dat": "needle\u0000\n",
        link: { symlink: ".hidden" },
      },
      { pattern: "needle" },
    );
    expect(text).toBe(".git/config:1: needle\n.hidden:1: needle");
  });

  it("strips CRs from match lines, reads context from the file, and repeats overlapping context", async () => {
    const { text } = await grep(
      { "f.txt": "one\r\ntwo\r\nthree\r\n" },
      { pattern: "t", context: 1, path: "f.txt" },
    );
    expect(text).toBe("f.txt-1- one\nf.txt:2: two\nf.txt-3- three\nf.txt-2- two\nf.txt:3: three\nf.txt-4- ");
    expect((await grep({ "f.txt": "a\r\n" }, { pattern: "a$" })).text).toBe("No matches found");
  });

  it("counts lines across a BOM and multibyte text", async () => {
    const { text } = await grep({ "u.txt": "\uFEFFcafé\nnaïve → x\nfin x\n" }, { pattern: "x" });
    expect(text).toBe("u.txt:2: naïve → x\nu.txt:3: fin x");
    expect((await grep({ "u.txt": "\uFEFFhead\n" }, { pattern: "^head" })).text).toBe("u.txt:1: head");
  });

  it("reports the limit when exactly `limit` matches exist, and clamps limit to 1", async () => {
    const exact = await grep({ "h.txt": "x\nx\n" }, { pattern: "x", limit: 2 });
    expect(exact.text).toBe(
      "h.txt:1: x\nh.txt:2: x\n\n[2 matches limit reached. Use limit=4 for more, or refine pattern]",
    );
    expect(exact.details).toEqual({ matchLimitReached: 2 });
    const zero = await grep({ "h.txt": "x\nx\n" }, { pattern: "x", limit: 0 });
    expect(zero.text).toBe(
      "h.txt:1: x\n\n[1 matches limit reached. Use limit=2 for more, or refine pattern]",
    );
  });

  it("matches case-insensitively with Unicode case folding", async () => {
    const { text } = await grep(
      { "k.txt": "\u212Aelvin\nKELVIN\nother\n" },
      { pattern: "kelvin", ignoreCase: true },
    );
    expect(text).toBe("k.txt:1: \u212Aelvin\nk.txt:2: KELVIN");
  });

  it("answers (a+)+$ on a 10,000-character line quickly", async () => {
    const line = `${"a".repeat(10_000)}!`;
    const started = performance.now();
    const { text } = await grep({ "evil.txt": `${line}\n` }, { pattern: "(a+)+$" });
    expect(text).toBe("No matches found");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("gives rg's errors for syntax it refuses", async () => {
    await expect(grep({ "a.txt": "x" }, { pattern: "(?=x)" })).rejects.toThrow(
      /look-around.*is not supported/,
    );
    await expect(grep({ "a.txt": "x" }, { pattern: "(x" })).rejects.toThrow(
      /regex parse error[\s\S]*unclosed group/,
    );
    await expect(grep({ "a.txt": "x" }, { pattern: "(x)\\1" })).rejects.toThrow(
      /backreferences are not supported/,
    );
  });

  it("throws Path not found with the absolute path, and Operation aborted", async () => {
    await expect(grep({}, { pattern: "x", path: "nope" })).rejects.toThrow("Path not found: /workspace/nope");
    const controller = new AbortController();
    controller.abort();
    await expect(grep({ "a.txt": "x" }, { pattern: "x" }, controller.signal)).rejects.toThrow(
      "Operation aborted",
    );
  });

  it("cuts long lines and says so", async () => {
    const { text, details } = await grep({ "l.txt": `${"y".repeat(600)}\n` }, { pattern: "y" });
    expect(text).toBe(
      `l.txt:1: ${"y".repeat(500)}... [truncated]\n\n[Some lines truncated to 500 chars. Use read tool to see full lines]`,
    );
    expect(details).toEqual({ linesTruncated: true });
  });
});

describe("find on memfs", () => {
  it("lists directories with a trailing slash and .git internals", async () => {
    const { text } = await find({ "lib/a.js": "", ".git/HEAD": "ref\n" }, { pattern: "*" });
    expect(text).toBe(".git/\n.git/HEAD\nlib/\nlib/a.js");
  });

  it("applies smart case", async () => {
    const files: FilesMap = { "README.md": "", "readme.txt": "" };
    expect((await find(files, { pattern: "readme*" })).text).toBe("README.md\nreadme.txt");
    expect((await find(files, { pattern: "README*" })).text).toBe("README.md");
  });

  it("matches full paths for patterns with '/', where * does not cross '/'", async () => {
    const files: FilesMap = { "src/a.ts": "", "src/deep/b.ts": "", "other/src/c.ts": "" };
    expect((await find(files, { pattern: "src/*.ts" })).text).toBe("other/src/c.ts\nsrc/a.ts");
  });

  it("honours .gitignore without git, a parent's .gitignore, and .fdignore", async () => {
    const files: FilesMap = {
      ".gitignore": "*.log\n",
      "sub/.fdignore": "b.txt\n",
      "sub/a.log": "",
      "sub/b.txt": "",
      "sub/c.txt": "",
    };
    expect((await find(files, { pattern: "*.{txt,log}", path: "sub" })).text).toBe("c.txt");
  });

  it("treats limit 0 as no limit but still prints the notice", async () => {
    const { text, details } = await find({ "a.md": "", "b.md": "" }, { pattern: "*.md", limit: 0 });
    expect(text).toBe("a.md\nb.md\n\n[0 results limit reached. Use limit=0 for more, or refine pattern]");
    expect(details).toEqual({ resultLimitReached: 0 });
  });

  it("fails as fd does for a search path that is not a directory", async () => {
    await expect(find({ "f.txt": "" }, { pattern: "*", path: "f.txt" })).rejects.toThrow(
      "[fd error]: Search path '/workspace/f.txt' is not a directory.",
    );
    expect((await find({ "a.txt": "" }, { pattern: "*.md" })).text).toBe("No files found matching pattern");
  });
});
