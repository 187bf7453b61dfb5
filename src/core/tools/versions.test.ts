/**
 * The tools side by side under pi 0.73.1's and pi 1.6.0's profiles: every tool difference between the
 * versions (docs/pi-versions.md), with the inputs and the answers measured on pi itself.
 */
import { describe, expect, it } from "vitest";
import { utf8Decode, utf8Encode } from "../bytes";
import { createFileMutationQueue } from "../file-mutation-queue";
import { OutputAccumulator, type OutputLogOperations } from "../output-accumulator";
import type { DirEntry, SearchOperations } from "../search/types";
import { truncateHead, truncateTail } from "../truncate";
import { type PiToolProfile, TOOLS_0_73_1, TOOLS_1_6_0 } from "../versions/tools";
import { type BashOperations, type BashStructuredContent, createBashToolDefinition } from "./bash";
import { createEditToolDefinition } from "./edit";
import { FakeFs } from "./fake-fs.test-support";
import { createFindToolDefinition } from "./find";
import { createGrepToolDefinition } from "./grep";
import { createToolDefinition, type ToolsOptions } from "./index";
import { createLsToolDefinition } from "./ls";
import { POWERSHELL_UNAVAILABLE } from "./powershell";
import { createReadToolDefinition } from "./read";
import type { AgentToolResult, TextContent } from "./types";
import { createWriteToolDefinition } from "./write";

const text = (r: AgentToolResult<unknown>) => (r.content[0] as TextContent).text;

const logOperations: OutputLogOperations = { tempDir: "/tmp", appendFile: () => {} };

function bash(profile: PiToolProfile, script: (onData: (d: Uint8Array) => void) => number | null) {
  const operations: BashOperations = {
    async exec(_command, _cwd, { onData }) {
      return { exitCode: script(onData) };
    },
  };
  return createBashToolDefinition("/w", { operations, logOperations, profile });
}

describe("T1 bash: a non-zero exit", () => {
  const run = (profile: PiToolProfile) =>
    bash(profile, (onData) => {
      onData(utf8Encode("out\n"));
      return 3;
    }).execute("id", { command: "echo out; exit 3" }, undefined, undefined, undefined);

  it("0.73.1 throws the output and the exit code", async () => {
    await expect(run(TOOLS_0_73_1)).rejects.toThrow("out\n\n\nCommand exited with code 3");
  });

  it("1.6.0 returns the same text with isError and structuredContent", async () => {
    const result = await run(TOOLS_1_6_0);
    expect(text(result)).toBe("out\n\n\nCommand exited with code 3");
    expect(result.isError).toBe(true);
    const structured = result.structuredContent as BashStructuredContent;
    expect(structured).toMatchObject({ output: "out\n", truncated: false, exit_code: 3 });
    expect(typeof structured.wall_time_seconds).toBe("number");
  });

  it("1.6.0 gives structuredContent on success too, and no isError", async () => {
    const result = await bash(TOOLS_1_6_0, (onData) => {
      onData(utf8Encode("hi\n"));
      return 0;
    }).execute("id", { command: "echo hi" }, undefined, undefined, undefined);
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ output: "hi\n", truncated: false, exit_code: 0 });
  });

  it("1.6.0 checks the timeout; 0.73.1 passes it on", async () => {
    const tool16 = bash(TOOLS_1_6_0, () => 0);
    await expect(
      tool16.execute("id", { command: "x", timeout: 0 }, undefined, undefined, undefined),
    ).rejects.toThrow(/^Invalid timeout: must be a finite number of seconds$/);
    await expect(
      tool16.execute("id", { command: "x", timeout: 3_000_000 }, undefined, undefined, undefined),
    ).rejects.toThrow(/^Invalid timeout: maximum is 2147483.647 seconds$/);
    const tool073 = bash(TOOLS_0_73_1, () => 0);
    await expect(
      tool073.execute("id", { command: "x", timeout: 0 }, undefined, undefined, undefined),
    ).resolves.toMatchObject({ content: [{ text: "(no output)" }] });
  });

  it("1.6.0 reports a command that ended without an exit code; 0.73.1 takes it as success", async () => {
    const none = () => null;
    await expect(
      bash(TOOLS_1_6_0, none).execute("id", { command: "x" }, undefined, undefined, undefined),
    ).rejects.toThrow(/^\(no output\)\n\nCommand terminated without an exit code$/);
    const result = await bash(TOOLS_0_73_1, none).execute(
      "id",
      { command: "x" },
      undefined,
      undefined,
      undefined,
    );
    expect(text(result)).toBe("(no output)");
  });

  it("1.6.0 says when the shell had exited before a timeout", async () => {
    const operations: BashOperations = {
      async exec() {
        throw Object.assign(new Error("timeout:1"), { shellExit: { exitCode: 0, afterSeconds: 0.2 } });
      },
    };
    const tool = (profile: PiToolProfile) =>
      createBashToolDefinition("/w", { operations, logOperations, profile });
    await expect(
      tool(TOOLS_1_6_0).execute("id", { command: "x" }, undefined, undefined, undefined),
    ).rejects.toThrow(
      "Command timed out after 1 seconds. The shell exited with code 0 after 0.2 seconds, but background processes it started kept writing output until the timeout.",
    );
    await expect(
      tool(TOOLS_0_73_1).execute("id", { command: "x" }, undefined, undefined, undefined),
    ).rejects.toThrow(/^Command timed out after 1 seconds$/);
  });

  it("the command's description follows the version", () => {
    const describeCommand = (p: PiToolProfile) =>
      (bash(p, () => 0).parameters.properties.command as unknown as { description: string }).description;
    expect(describeCommand(TOOLS_0_73_1)).toMatch(/bash command/);
    expect(describeCommand(TOOLS_1_6_0)).toMatch(/shell command/);
  });
});

describe("T2 line counting", () => {
  it("truncation: a trailing newline is no line in 1.6.0", () => {
    expect(truncateHead("a\nb\n").totalLines).toBe(3);
    expect(truncateHead("a\nb\n", { lineCounting: "terminated" }).totalLines).toBe(2);
    expect(truncateHead("").totalLines).toBe(1);
    expect(truncateHead("", { lineCounting: "terminated" }).totalLines).toBe(0);
    expect(truncateTail("a\nb\n", { maxLines: 1 }).content).toBe("");
    expect(truncateTail("a\nb\n", { maxLines: 1, lineCounting: "terminated" }).content).toBe("b");
  });

  it("bash's output counter: 1 + newlines (0.73.1), newlines + an unended last line (1.6.0)", () => {
    const count = (counting: "split" | "terminated", chunks: string[]) => {
      const acc = new OutputAccumulator({ logOperations, lineCounting: counting });
      for (const c of chunks) acc.append(utf8Encode(c));
      acc.finish();
      return acc.snapshot().truncation.totalLines;
    };
    expect(count("split", ["a\nb\n"])).toBe(3);
    expect(count("terminated", ["a\nb\n"])).toBe(2);
    expect(count("terminated", ["a\nb"])).toBe(2);
    expect(count("split", [])).toBe(1);
    expect(count("terminated", [])).toBe(0);
  });

  it("1.6.0's full output keeps the first and last halves past its limit", () => {
    const acc = new OutputAccumulator({ logOperations, fullOutputBytes: 10 });
    for (const c of ["abcd", "efgh", "ijkl", "mnop"]) acc.append(utf8Encode(c));
    acc.finish();
    expect(acc.fullOutput()).toEqual({
      content: "abcde\n\n[... 6 bytes omitted ...]\n\nlmnop",
      truncated: true,
    });
  });
});

describe("T3 read", () => {
  const bmp = new Uint8Array(30);
  bmp.set([0x42, 0x4d]);
  const view = new DataView(bmp.buffer);
  view.setUint32(2, 30, true);
  view.setUint32(10, 26, true);
  view.setUint32(14, 12, true);
  view.setUint16(22, 1, true);
  view.setUint16(24, 24, true);
  const png = utf8Encode("fake png");

  function read(profile: PiToolProfile, files: Record<string, string | Uint8Array>, mime: string | null) {
    const fs = new FakeFs(Object.fromEntries(Object.entries(files).map(([k, v]) => [`/w/${k}`, v])));
    return createReadToolDefinition("/w", {
      operations: fs.readOps({ detectImageMimeType: async () => mime }),
      autoResizeImages: false,
      imageConverter: async () => png,
      profile,
    });
  }

  it("the description names bmp in 1.6.0 only", () => {
    expect(read(TOOLS_0_73_1, {}, null).description).toContain("(jpg, png, gif, webp)");
    expect(read(TOOLS_1_6_0, {}, null).description).toContain("(jpg, png, gif, webp, bmp)");
  });

  it("a bmp is text in 0.73.1 and a converted image in 1.6.0", async () => {
    const r16 = await read(TOOLS_1_6_0, { "a.bmp": bmp }, "image/bmp").execute(
      "id",
      { path: "a.bmp" },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r16)).toBe("Read image file [image/png]\n[Image converted from image/bmp to image/png.]");
    expect(r16.content[1]).toMatchObject({ type: "image", mimeType: "image/png" });
    const r073 = await read(TOOLS_0_73_1, { "a.bmp": bmp }, "image/bmp").execute(
      "id",
      { path: "a.bmp" },
      undefined,
      undefined,
      undefined,
    );
    expect(r073.content).toHaveLength(1);
  });

  it("an image for a text-only model: a note (0.73.1) or details.imageUnsupportedByModel (1.6.0)", async () => {
    const ctx = { model: { id: "m1", input: ["text"] as const } };
    const r073 = await read(TOOLS_0_73_1, { "a.png": png }, "image/png").execute(
      "id",
      { path: "a.png" },
      undefined,
      undefined,
      ctx,
    );
    expect(text(r073)).toBe(
      "Read image file [image/png]\n[Current model does not support images. The image will be omitted from this request.]",
    );
    const r16 = await read(TOOLS_1_6_0, { "a.png": png }, "image/png").execute(
      "id",
      { path: "a.png" },
      undefined,
      undefined,
      ctx,
    );
    expect(text(r16)).toBe("Read image file [image/png]");
    expect(r16.details).toEqual({ imageUnsupportedByModel: "m1" });
    expect(r16.structuredContent).toMatchObject({
      type: "image",
      mimeType: "image/png",
      note: "Read image file [image/png]",
    });
  });

  it("1.6.0's structuredContent of a text read is its text", async () => {
    const result = await read(TOOLS_1_6_0, { "a.txt": "line1\nline2\n" }, null).execute(
      "id",
      { path: "a.txt" },
      undefined,
      undefined,
      undefined,
    );
    expect(result.structuredContent).toBe("line1\nline2\n");
  });
});

function edit(profile: PiToolProfile, content: string) {
  const fs = new FakeFs({ "/w/f.txt": content });
  const tool = createEditToolDefinition("/w", {
    operations: fs.editOps(),
    mutationQueue: createFileMutationQueue(),
    profile,
  });
  return { fs, tool };
}

describe("T4 edit after a fuzzy match", () => {
  const file = "He said \u201chello\u201d   \nnext line with trailing   \nend\u2014dash\n";
  const change = { path: "f.txt", edits: [{ oldText: 'He said "hello"', newText: 'He said "bye"' }] };

  it("0.73.1 writes the whole file in fuzzy form", async () => {
    const { fs, tool } = edit(TOOLS_0_73_1, file);
    await tool.execute("id", change, undefined, undefined, undefined);
    expect(fs.text("/w/f.txt")).toBe('He said "bye"\nnext line with trailing\nend-dash\n');
  });

  it("1.6.0 rewrites only the touched line", async () => {
    const { fs, tool } = edit(TOOLS_1_6_0, file);
    await tool.execute("id", change, undefined, undefined, undefined);
    expect(fs.text("/w/f.txt")).toBe('He said "bye"\nnext line with trailing   \nend\u2014dash\n');
  });
});

describe("T5 edit keeps mixed line endings in 1.6.0", () => {
  const change = { path: "f.txt", edits: [{ oldText: "gamma", newText: "GAMMA" }] };
  it.each([
    [TOOLS_0_73_1, "alpha\nbeta\nGAMMA\n"],
    [TOOLS_1_6_0, "alpha\nbeta\r\nGAMMA\n"],
  ])("%#", async (profile, expected) => {
    const { fs, tool } = edit(profile, "alpha\nbeta\r\ngamma\n");
    await tool.execute("id", change, undefined, undefined, undefined);
    expect(fs.text("/w/f.txt")).toBe(expected);
  });

  it("1.6.0: new lines inside a CRLF line get CRLF", async () => {
    const { fs, tool } = edit(TOOLS_1_6_0, "a\r\nb\r\n");
    await tool.execute(
      "id",
      { path: "f.txt", edits: [{ oldText: "b", newText: "b1\nb2" }] },
      undefined,
      undefined,
      undefined,
    );
    expect(fs.text("/w/f.txt")).toBe("a\r\nb1\r\nb2\r\n");
  });
});

describe("T6 edit's arguments and details", () => {
  it("1.6.0 adds a unified patch to the details", async () => {
    const { tool } = edit(TOOLS_1_6_0, "x = old value\n");
    const result = await tool.execute(
      "id",
      { path: "f.txt", edits: [{ oldText: "old", newText: "new" }] },
      undefined,
      undefined,
      undefined,
    );
    expect(result.details).toEqual({
      diff: "-1 x = old value\n+1 x = new value",
      patch: "--- f.txt\n+++ f.txt\n@@ -1,1 +1,1 @@\n-x = old value\n+x = new value\n",
      firstChangedLine: 1,
    });
    const { tool: old } = edit(TOOLS_0_73_1, "x = old value\n");
    const r073 = await old.execute(
      "id",
      { path: "f.txt", edits: [{ oldText: "old", newText: "new" }] },
      undefined,
      undefined,
      undefined,
    );
    expect(r073.details).toEqual({ diff: "-1 x = old value\n+1 x = new value", firstChangedLine: 1 });
  });

  it("1.6.0 wraps a lone edit object, also as JSON text", () => {
    const { tool } = edit(TOOLS_1_6_0, "");
    const lone = { oldText: "a", newText: "b" };
    expect(tool.prepareArguments?.({ path: "f.txt", edits: { ...lone } })).toEqual({
      path: "f.txt",
      edits: [lone],
    });
    expect(tool.prepareArguments?.({ path: "f.txt", edits: JSON.stringify(lone) })).toEqual({
      path: "f.txt",
      edits: [lone],
    });
    const { tool: old } = edit(TOOLS_0_73_1, "");
    expect(old.prepareArguments?.({ path: "f.txt", edits: JSON.stringify(lone) })).toEqual({
      path: "f.txt",
      edits: JSON.stringify(lone),
    });
  });

  it("1.6.0's schema accepts extra keys; 0.73.1's refuses them", () => {
    const closed = (p: PiToolProfile) =>
      (edit(p, "").tool.parameters as unknown as { additionalProperties?: boolean }).additionalProperties;
    expect(closed(TOOLS_0_73_1)).toBe(false);
    expect(closed(TOOLS_1_6_0)).toBeUndefined();
  });

  it("the guidelines: four in 0.73.1, two in 1.6.0", () => {
    expect(edit(TOOLS_0_73_1, "").tool.promptGuidelines).toHaveLength(4);
    expect(edit(TOOLS_1_6_0, "").tool.promptGuidelines).toEqual([
      "Use edit for targeted changes. Batch changes to one file in a single call.",
      "Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions.",
    ]);
  });
});

describe("T7 write's answer", () => {
  it.each([
    [TOOLS_0_73_1, "Successfully wrote 6 bytes to new/dir/f.txt"],
    [TOOLS_1_6_0, "Successfully wrote to new/dir/f.txt"],
  ])("%#", async (profile, expected) => {
    const fs = new FakeFs();
    const tool = createWriteToolDefinition("/w", {
      operations: fs.writeOps(),
      mutationQueue: createFileMutationQueue(),
      profile,
    });
    const result = await tool.execute(
      "id",
      { path: "new/dir/f.txt", content: "h\u00e9llo\n" },
      undefined,
      undefined,
      undefined,
    );
    expect(text(result)).toBe(expected);
  });
});

/** A read-only tree for the search engines. */
function searchOps(files: Record<string, string>): SearchOperations {
  const entries = new Map<string, DirEntry[]>();
  const data = new Map<string, Uint8Array>();
  const addDir = (dir: string) => {
    if (!entries.has(dir)) entries.set(dir, []);
  };
  addDir("/w");
  for (const [path, content] of Object.entries(files)) {
    const parts = path.split("/");
    let dir = "/w";
    for (const [i, name] of parts.entries()) {
      const full = `${dir}/${name}`;
      const list = entries.get(dir) as DirEntry[];
      const isFile = i === parts.length - 1;
      if (!list.some((e) => e.name === name)) list.push({ name, kind: isFile ? "file" : "directory" });
      if (isFile) data.set(full, utf8Encode(content));
      else addDir(full);
      dir = full;
    }
  }
  return {
    isDirectory: (p) => {
      if (entries.has(p)) return true;
      if (data.has(p)) return false;
      throw new Error("ENOENT");
    },
    readdir: (p) => entries.get(p) ?? [],
    readFile: (p) => {
      const bytes = data.get(p);
      if (!bytes) throw new Error("ENOENT");
      return bytes;
    },
  };
}

describe("T8 grep", () => {
  const app = "const a = 1;\nlet x;\nlet y = 2;\nlet z;\nlet y2 = y;\n";
  const grep = (profile: PiToolProfile, files: Record<string, string>) =>
    createGrepToolDefinition("/w", { operations: searchOps(files), profile });

  it("context: a block per match with a repeated line and a phantom last line (0.73.1), merged (1.6.0)", async () => {
    const args = { pattern: "y", path: "src", context: 1 };
    const r073 = await grep(TOOLS_0_73_1, { "src/app.ts": app }).execute(
      "id",
      args,
      undefined,
      undefined,
      undefined,
    );
    expect(text(r073)).toBe(
      "app.ts-2- let x;\napp.ts:3: let y = 2;\napp.ts-4- let z;\napp.ts-4- let z;\napp.ts:5: let y2 = y;\napp.ts-6- ",
    );
    const r16 = await grep(TOOLS_1_6_0, { "src/app.ts": app }).execute(
      "id",
      args,
      undefined,
      undefined,
      undefined,
    );
    expect(text(r16)).toBe("app.ts-2- let x;\napp.ts:3: let y = 2;\napp.ts-4- let z;\napp.ts:5: let y2 = y;");
  });

  it("1.6.0 keeps a CR inside a line and removes only the terminator", async () => {
    const r16 = await grep(TOOLS_1_6_0, { "a.txt": "x\ry\r\n" }).execute(
      "id",
      { pattern: "y", context: 1 },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r16)).toBe("a.txt:1: x\ry");
  });

  it("the limit notice: at the limit (0.73.1), only when another match exists (1.6.0)", async () => {
    const files = { "a.txt": "m\nm\n" };
    const r073 = await grep(TOOLS_0_73_1, files).execute(
      "id",
      { pattern: "m", limit: 2 },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r073)).toBe(
      "a.txt:1: m\na.txt:2: m\n\n[2 matches limit reached. Use limit=4 for more, or refine pattern]",
    );
    const r16 = await grep(TOOLS_1_6_0, files).execute(
      "id",
      { pattern: "m", limit: 2 },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r16)).toBe("a.txt:1: m\na.txt:2: m");
    const r16more = await grep(TOOLS_1_6_0, files).execute(
      "id",
      { pattern: "m", limit: 1.9 },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r16more)).toBe(
      "a.txt:1: m\n\n[1 matches limit reached. Use limit=2 for more, or refine pattern]",
    );
  });

  it("1.6.0 roots the glob at the searched directory and drops a leading ./", async () => {
    const files = { "src/lib/u.ts": "hit\n", "src/x.ts": "hit\n" };
    const r16 = await grep(TOOLS_1_6_0, files).execute(
      "id",
      { pattern: "hit", path: "src", glob: "./lib/*.ts" },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r16)).toBe("lib/u.ts:1: hit");
    const r073 = await grep(TOOLS_0_73_1, files).execute(
      "id",
      { pattern: "hit", path: "src", glob: "lib/*.ts" },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r073)).toBe("No matches found");
  });
});

describe("T9 find", () => {
  const files = { "lib/other.ts": "", "src/lib/util.ts": "" };
  const find = (profile: PiToolProfile, tree: Record<string, string> = files) =>
    createFindToolDefinition("/w", { operations: searchOps(tree), profile });

  it("a path pattern matches at any depth (0.73.1), from the searched directory (1.6.0)", async () => {
    const r073 = await find(TOOLS_0_73_1).execute(
      "id",
      { pattern: "lib/*.ts" },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r073)).toBe("lib/other.ts\nsrc/lib/util.ts");
    const r16 = await find(TOOLS_1_6_0).execute(
      "id",
      { pattern: "lib/*.ts" },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r16)).toBe("lib/other.ts");
    const dotSlash = await find(TOOLS_1_6_0).execute(
      "id",
      { pattern: "./lib/*.ts" },
      undefined,
      undefined,
      undefined,
    );
    expect(text(dotSlash)).toBe("lib/other.ts");
  });

  it("the limit notice only when more results exist (1.6.0)", async () => {
    const tree = { "a.md": "", "b.md": "", "c.md": "" };
    const r073 = await find(TOOLS_0_73_1, tree).execute(
      "id",
      { pattern: "*.md", limit: 3 },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r073)).toBe(
      "a.md\nb.md\nc.md\n\n[3 results limit reached. Use limit=6 for more, or refine pattern]",
    );
    const r16 = await find(TOOLS_1_6_0, tree).execute(
      "id",
      { pattern: "*.md", limit: 3 },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r16)).toBe("a.md\nb.md\nc.md");
    const r16cut = await find(TOOLS_1_6_0, tree).execute(
      "id",
      { pattern: "*.md", limit: 2.5 },
      undefined,
      undefined,
      undefined,
    );
    expect(text(r16cut)).toBe(
      "a.md\nb.md\n\n[2 results limit reached. Use limit=4 for more, or refine pattern]",
    );
  });
});

describe("T10 ls", () => {
  it("1.6.0 rounds the limit down, to at least 1", async () => {
    const fs = new FakeFs({ "/w/a": "", "/w/b": "" });
    const ls = (profile: PiToolProfile) => createLsToolDefinition("/w", { operations: fs.lsOps(), profile });
    const r16 = await ls(TOOLS_1_6_0).execute("id", { limit: 0.5 }, undefined, undefined, undefined);
    expect(text(r16)).toBe("a\n\n[1 entries limit reached. Use limit=2 for more]");
    const r073 = await ls(TOOLS_0_73_1).execute("id", { limit: 1.5 }, undefined, undefined, undefined);
    expect(text(r073)).toBe("a\nb");
  });
});

describe("T11 per-call cwd and powershell", () => {
  it("1.6.0 resolves paths against the call's cwd; 0.73.1 against the tool's", async () => {
    const write = (profile: PiToolProfile) => {
      const fs = new FakeFs();
      const tool = createWriteToolDefinition("/w", {
        operations: fs.writeOps(),
        mutationQueue: createFileMutationQueue(),
        profile,
      });
      return { fs, tool };
    };
    const a = write(TOOLS_1_6_0);
    await a.tool.execute("id", { path: "f.txt", content: "x" }, undefined, undefined, { cwd: "/other" });
    expect(a.fs.text("/other/f.txt")).toBe("x");
    const b = write(TOOLS_0_73_1);
    await b.tool.execute("id", { path: "f.txt", content: "x" }, undefined, undefined, { cwd: "/other" });
    expect(b.fs.text("/w/f.txt")).toBe("x");
  });

  it("1.6.0 lists powershell, not offered to the model, failing with pi's text", async () => {
    expect(TOOLS_1_6_0.tools.find((t) => t.name === "powershell")).toMatchObject({ offeredToModel: false });
    expect(TOOLS_0_73_1.tools.map((t) => t.name)).not.toContain("powershell");
    const options = { profile: TOOLS_1_6_0 } as unknown as ToolsOptions;
    const definition = createToolDefinition("powershell", "/w", options);
    await expect(
      definition.execute("id", { command: "dir" }, undefined, undefined, undefined),
    ).rejects.toThrow(new RegExp(`^${POWERSHELL_UNAVAILABLE.replaceAll(".", "\\.")}$`));
    expect(() => createToolDefinition("powershell", "/w", {} as ToolsOptions)).toThrow(
      "Unknown tool name: powershell",
    );
  });
});

it("the decoded bytes helper round-trips (sanity of the test support)", () => {
  expect(utf8Decode(utf8Encode("h\u00e9"))).toBe("h\u00e9");
});
