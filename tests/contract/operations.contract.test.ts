/**
 * One contract for every backend's Operations, asserting Node's semantics and texts (what pi shows the
 * model): every method of the seven tools' Operations, errors and their messages, binary content and
 * Unicode names, symlinks where the backend has them, a large file, and concurrent edits of one file.
 */
import { base64Encode, utf8Decode, utf8Encode } from "@core/bytes";
import { createFileMutationQueue } from "@core/file-mutation-queue";
import { createEditToolDefinition } from "@core/tools/edit";
import { describe, expect, it } from "vitest";
import { ROOT, SUBJECTS } from "./subjects";

const PNG = base64Encode(
  Uint8Array.from([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0,
    1, 8, 2, 0, 0, 0,
  ]),
);
const ALL_BYTES = Uint8Array.from({ length: 256 }, (_, i) => i);
const UNICODE = "ünïcødé 文件 🚀.txt";

const FILES = {
  "a.txt": "alpha\n",
  "src/b.ts": "export const b = 1;\r\n",
  ".hidden": "dot\n",
  "empty/": { dir: true as const },
  [UNICODE]: "héllo 世界\n",
  "bin.dat": { base64: base64Encode(ALL_BYTES) },
  "pic.png": { base64: PNG },
};

const p = (rel: string) => `${ROOT}/${rel}`;

async function errorOf(work: () => unknown): Promise<Error & { code?: string }> {
  try {
    await work();
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error("expected an error, got none");
}

describe.each(SUBJECTS)("Operations contract: $name", (subject) => {
  const setup = () => subject.setup(structuredClone(FILES) as never);

  describe("read", () => {
    it("reads text, binary and Unicode-named files byte for byte", async () => {
      const { tools } = await setup();
      const ops = tools.read.operations;
      expect(utf8Decode(await ops.readFile(p("a.txt")))).toBe("alpha\n");
      expect([...(await ops.readFile(p("bin.dat")))]).toEqual([...ALL_BYTES]);
      expect(utf8Decode(await ops.readFile(p(UNICODE)))).toBe("héllo 世界\n");
      expect(utf8Decode(await ops.readFile(p("src/b.ts")))).toBe("export const b = 1;\r\n");
    });

    it("access resolves for a file and rejects a missing one with Node's text", async () => {
      const { tools } = await setup();
      const ops = tools.read.operations;
      await expect(ops.access(p("a.txt"))).resolves.toBeUndefined();
      const error = await errorOf(() => ops.access(p("nope.txt")));
      expect(error.message).toBe(`ENOENT: no such file or directory, access '${p("nope.txt")}'`);
      expect(error.code).toBe("ENOENT");
    });

    it("readFile of a missing file or a folder rejects with ENOENT / EISDIR", async () => {
      const { tools } = await setup();
      const ops = tools.read.operations;
      expect((await errorOf(() => ops.readFile(p("nope.txt")))).message).toMatch(
        /^ENOENT: no such file or directory/,
      );
      // Node's text for a read of a folder names no path (the read syscall works on a descriptor): pi's.
      expect((await errorOf(() => ops.readFile(p("src")))).message).toBe(
        "EISDIR: illegal operation on a directory, read",
      );
    });

    it("exists sees files, folders and dotfiles, not missing paths", async () => {
      const { tools } = await setup();
      const { exists } = tools.read.operations;
      expect(await exists(p("a.txt"))).toBe(true);
      expect(await exists(p("src"))).toBe(true);
      expect(await exists(p(".hidden"))).toBe(true);
      expect(await exists(p("empty"))).toBe(true);
      expect(await exists(p("src/nope.ts"))).toBe(false);
      expect(await exists(p("a.txt/below"))).toBe(false);
    });

    it("detectImageMimeType knows a PNG, and calls text and folders not images", async () => {
      const { tools } = await setup();
      const detect = tools.read.operations.detectImageMimeType;
      expect(detect).toBeDefined();
      expect(await detect?.(p("pic.png"))).toBe("image/png");
      expect(await detect?.(p("a.txt"))).toBeNull();
      expect(await detect?.(p("src"))).toBeNull();
      expect(await detect?.(p("nope.png"))).toBeNull();
    });
  });

  describe("write", () => {
    it("writes new and existing files, Unicode text intact", async () => {
      const { tools } = await setup();
      const ops = tools.write.operations;
      await ops.writeFile(p("a.txt"), "replaced ✓\n");
      await ops.writeFile(p("new 新.md"), "# new\n");
      const read = tools.read.operations;
      expect(utf8Decode(await read.readFile(p("a.txt")))).toBe("replaced ✓\n");
      expect(utf8Decode(await read.readFile(p("new 新.md")))).toBe("# new\n");
    });

    it("mkdir makes parents, accepts an existing folder, and fails as Node does under a file", async () => {
      const { tools } = await setup();
      const ops = tools.write.operations;
      await ops.mkdir(p("x/y/z"));
      await ops.mkdir(p("src"));
      expect(await tools.ls.operations.exists(p("x/y/z"))).toBe(true);
      expect((await errorOf(() => ops.mkdir(p("a.txt")))).message).toBe(
        `EEXIST: file already exists, mkdir '${p("a.txt")}'`,
      );
      expect((await errorOf(() => ops.mkdir(p("a.txt/deeper/still")))).message).toBe(
        `ENOTDIR: not a directory, mkdir '${p("a.txt/deeper/still")}'`,
      );
    });

    it("realpath gives an existing path back and rejects a missing one", async () => {
      const { tools } = await setup();
      const { realpath } = tools.write.operations;
      expect(await realpath?.(p("src/b.ts"))).toBe(p("src/b.ts"));
      expect((await errorOf(() => realpath?.(p("nope"))))?.code).toBe("ENOENT");
    });

    it("a 5 MB file goes in and comes back unchanged", async () => {
      const { tools } = await setup();
      const big = "0123456789abcdef".repeat(5 * 65536);
      await tools.write.operations.writeFile(p("big.txt"), big);
      const back = await tools.read.operations.readFile(p("big.txt"));
      expect(back.length).toBe(big.length);
      expect(utf8Decode(back) === big).toBe(true);
    });
  });

  describe("edit", () => {
    it("reads, writes text and bytes, checks access", async () => {
      const { tools } = await setup();
      const ops = tools.edit.operations;
      await ops.writeFile(p("a.txt"), "edited\n");
      expect(utf8Decode(await ops.readFile(p("a.txt")))).toBe("edited\n");
      await ops.writeBytes?.(p("bytes.bin"), ALL_BYTES);
      expect([...(await ops.readFile(p("bytes.bin")))]).toEqual([...ALL_BYTES]);
      await expect(ops.access(p("a.txt"))).resolves.toBeUndefined();
      expect((await errorOf(() => ops.access(p("gone.txt")))).message).toBe(
        `ENOENT: no such file or directory, access '${p("gone.txt")}'`,
      );
    });

    it("twenty concurrent edits of one file all land (the mutation queue over this backend)", async () => {
      const { tools, root } = await setup();
      const lines = Array.from({ length: 20 }, (_, i) => `<marker-${i}>`);
      await tools.write.operations.writeFile(p("many.txt"), `${lines.join("\n")}\n`);
      const edit = createEditToolDefinition(root, {
        ...tools.edit,
        mutationQueue: createFileMutationQueue(),
      });
      const results = await Promise.all(
        lines.map((line, i) =>
          edit.execute(
            `c${i}`,
            { path: "many.txt", edits: [{ oldText: line, newText: `${line}-done` }] },
            undefined,
            undefined,
            undefined,
          ),
        ),
      );
      expect(results).toHaveLength(20);
      const after = utf8Decode(await tools.read.operations.readFile(p("many.txt")));
      expect(after).toBe(`${lines.map((l) => `${l}-done`).join("\n")}\n`);
    });
  });

  describe("ls", () => {
    it("lists names (dotfiles and Unicode included), stats folders, fails on missing paths", async () => {
      const { tools } = await setup();
      const ops = tools.ls.operations;
      const names = [...(await ops.readdir(ROOT))].sort();
      expect(names).toEqual([".hidden", "a.txt", "bin.dat", "empty", "pic.png", "src", UNICODE].sort());
      expect((await ops.stat(p("src"))).isDirectory()).toBe(true);
      expect((await ops.stat(p("a.txt"))).isDirectory()).toBe(false);
      expect(await ops.exists(p("empty"))).toBe(true);
      expect(await ops.readdir(p("empty"))).toEqual([]);
      expect((await errorOf(() => ops.stat(p("nope"))))?.code).toBe("ENOENT");
      expect((await errorOf(() => ops.readdir(p("nope")))).message).toMatch(
        /^ENOENT: no such file or directory/,
      );
    });
  });

  describe("grep and find", () => {
    it("list entries with their kinds, tell folders, and read bytes", async () => {
      const { tools } = await setup();
      for (const ops of [tools.grep.operations, tools.find.operations]) {
        const entries = [...(await ops.readdir(ROOT))].sort((a, b) => (a.name < b.name ? -1 : 1));
        expect(entries.find((e) => e.name === "src")?.kind).toBe("directory");
        expect(entries.find((e) => e.name === "a.txt")?.kind).toBe("file");
        expect(entries.find((e) => e.name === UNICODE)?.kind).toBe("file");
        expect(await ops.isDirectory(p("src"))).toBe(true);
        expect(await ops.isDirectory(p("a.txt"))).toBe(false);
        expect(utf8Decode(await ops.readFile(p("src/b.ts")))).toBe("export const b = 1;\r\n");
        await expect(Promise.resolve().then(() => ops.isDirectory(p("nope")))).rejects.toThrow(/ENOENT/);
      }
    });
  });

  describe("bash", () => {
    it("runs a command in cwd, gives its output and exit code, and keeps its log readable", async () => {
      const { tools, root } = await setup();
      const { operations, logOperations } = tools.bash;
      const chunks: Uint8Array[] = [];
      const run = (command: string) => operations.exec(command, root, { onData: (d) => chunks.push(d) });
      expect(await run("cat a.txt; echo made > made.txt")).toEqual({ exitCode: 0 });
      expect(chunks.map(utf8Decode).join("")).toBe("alpha\n");
      expect((await run("exit 3")).exitCode).toBe(3);
      const log = `${logOperations.tempDir}/contract.log`;
      await logOperations.appendFile(log, utf8Encode("logged\n"));
      expect(utf8Decode(await tools.read.operations.readFile(log))).toBe("logged\n");
    });

    it("refuses a missing working directory with pi's text", async () => {
      const { tools, root } = await setup();
      const error = await errorOf(() =>
        tools.bash.operations.exec("echo hi", `${root}/nope`, { onData: () => {} }),
      );
      expect(error.message).toBe(
        `Working directory does not exist: ${root}/nope\nCannot execute bash commands.`,
      );
    });

    it("rejects with pi's texts on abort and on timeout", async () => {
      const { tools, root } = await setup();
      const controller = new AbortController();
      const running = tools.bash.operations.exec("sleep 5", root, {
        onData: () => {},
        signal: controller.signal,
      });
      setTimeout(() => controller.abort(), 50);
      await expect(running).rejects.toThrow(/^aborted$/);
      await expect(
        tools.bash.operations.exec("sleep 5", root, { onData: () => {}, timeout: 0.1 }),
      ).rejects.toThrow(/^timeout:0.1$/);
    });
  });

  describe("the backend's view", () => {
    it("settles to the files the tools left, and reports the changes", async () => {
      const { tools, backend } = await setup();
      const seen: string[] = [];
      const off = backend.onChange((c) => seen.push(`${c.type} ${c.path}`));
      await tools.write.operations.writeFile(p("from-tool.txt"), "t\n");
      await backend.settle();
      off();
      expect(utf8Decode(backend.readFile(p("from-tool.txt")) ?? new Uint8Array())).toBe("t\n");
      expect(seen).toContain(`create ${p("from-tool.txt")}`);
      expect(backend.snapshot().entries.some((e) => e.path === p("from-tool.txt"))).toBe(true);
    });
  });

  it.runIf(subject.symlinks)(
    "follows symlinks: read reads the target, stat sees a folder through a link",
    async () => {
      const { tools } = await subject.setup({
        "target.txt": "through the link\n",
        "dir/inner.txt": "x",
        "link.txt": { symlink: "target.txt" },
        dirlink: { symlink: "dir" },
      });
      expect(utf8Decode(await tools.read.operations.readFile(p("link.txt")))).toBe("through the link\n");
      expect((await tools.ls.operations.stat(p("dirlink"))).isDirectory()).toBe(true);
      const entries = await tools.grep.operations.readdir(ROOT);
      expect(entries.find((e) => e.name === "link.txt")?.kind).toBe("symlink");
    },
  );
});
