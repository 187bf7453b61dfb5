import { createMemfsToolOptions } from "@backends/memfs/index";
import { createMemfsWorkspace } from "@backends/memfs/workspace";
import { describe, expect, it, vi } from "vitest";
import { fsError } from "./errors";
import { FILES, fileText, rig } from "./test-kit";
import { UNSIGNALLED_HANG_MS, withFaults } from "./wrap";

/** One call per tool, each touching the backend the way a learner's call would. */
const CALLS: [string, unknown][] = [
  ["read", { path: "src/a.ts" }],
  ["read", { path: "missing.txt" }],
  ["ls", { path: "." }],
  ["ls", { path: "src" }],
  ["find", { pattern: "**/*.ts" }],
  ["grep", { pattern: "export" }],
  ["write", { path: "out/new.txt", content: "fresh\n" }],
  ["edit", { path: "notes/todo.txt", edits: [{ oldText: "two", newText: "three" }] }],
  ["edit", { path: "nope.txt", edits: [{ oldText: "a", newText: "b" }] }],
  ["bash", { command: "cat README.md; ls src; echo done > done.txt" }],
];

describe("the faulty disk with no faults", () => {
  it("gives every tool the same results, errors and files as the bare backend", async () => {
    const bare = rig(null);
    const wrapped = rig([]);
    for (const [tool, args] of CALLS) {
      const expected = await bare.call(tool, args);
      expect(await wrapped.call(tool, args), `${tool} ${JSON.stringify(args)}`).toEqual(expected);
    }
    expect(wrapped.ws.vol.toJSON()).toEqual(bare.ws.vol.toJSON());
    expect(wrapped.faults).toEqual([]);
  });

  it("keeps a synchronous operation synchronous and reads fields through", () => {
    const ws = createMemfsWorkspace(FILES);
    const base = createMemfsToolOptions(ws);
    const wrapped = withFaults(base, {
      root: ws.root,
      rules: [{ ops: ["read.*"], fault: { kind: "hang" } }],
    });
    // ls's operations are synchronous on memfs; a rule for another tool leaves them so.
    expect(wrapped.ls.operations.exists("/workspace/src")).toBe(true);
    expect(wrapped.ls.operations.readdir("/workspace/src")).toEqual(["a.ts", "b.ts"]);
    expect(wrapped.bash.operations.streamsOutput).toBe(base.bash.operations.streamsOutput);
    expect(wrapped.bash.logOperations.tempDir).toBe(base.bash.logOperations.tempDir);
    expect(wrapped.edit.mutationQueue).toBe(base.edit.mutationQueue);
  });
});

describe("fault kinds", () => {
  it.each([
    ["EIO", "EIO: i/o error, open '/workspace/src/a.ts'", -5],
    ["ENOSPC", "ENOSPC: no space left on device, open '/workspace/src/a.ts'", -28],
    ["EACCES", "EACCES: permission denied, open '/workspace/src/a.ts'", -13],
    ["ENOENT", "ENOENT: no such file or directory, open '/workspace/src/a.ts'", -2],
  ] as const)(
    "%s carries Node's text and fields, and the pipeline shows the text as is",
    async (code, text, errno) => {
      const r = rig([{ ops: ["read.readFile"], paths: ["src/a.ts"], fault: { kind: "error", code } }]);
      expect(await r.call("read", { path: "src/a.ts" })).toEqual({ text, isError: true });
      expect(await r.call("read", { path: "src/b.ts" })).toMatchObject({ isError: false });
      expect(r.faults).toEqual([
        { tool: "read", op: "readFile", path: "src/a.ts", kind: "error", code, message: text },
      ]);
      expect(fsError(code, "open", "/x")).toMatchObject({ code, errno, syscall: "open", path: "/x" });
    },
  );

  it("edit recognises a failed access by its code and rewords it as pi does", async () => {
    const r = rig([{ paths: ["src/**/*"], fault: { kind: "error", code: "EACCES" } }]);
    const out = await r.call("edit", { path: "src/a.ts", edits: [{ oldText: "1", newText: "2" }] });
    expect(out).toEqual({ text: "Could not edit file: src/a.ts. Error code: EACCES.", isError: true });
    expect(fileText(r.ws, "src/a.ts")).toBe(FILES["src/a.ts"]);
  });

  it("ls rewords a listing that fails, and skips an entry it cannot stat", async () => {
    const r = rig([
      { ops: ["ls.readdir"], paths: ["notes"], fault: { kind: "error", code: "EIO" } },
      { ops: ["ls.stat"], paths: ["package.json"], fault: { kind: "error", code: "EIO" } },
    ]);
    expect(await r.call("ls", { path: "notes" })).toEqual({
      text: "Cannot read directory: EIO: i/o error, scandir '/workspace/notes'",
      isError: true,
    });
    const root = await r.call("ls", { path: "." });
    expect(root.isError).toBe(false);
    expect(root.text).not.toContain("package.json");
    expect(root.text).toContain("README.md");
  });

  it("latency delays the operation, then it runs", async () => {
    const r = rig([{ ops: ["read.readFile"], fault: { kind: "latency", ms: 120 } }]);
    const t = performance.now();
    expect(await r.call("read", { path: "README.md" })).toEqual({ text: "# demo\n", isError: false });
    expect(performance.now() - t).toBeGreaterThanOrEqual(110);
    expect(r.faults).toEqual([{ tool: "read", op: "readFile", path: "README.md", kind: "latency", ms: 120 }]);
  });

  it("a short write leaves part of that file, fails with ENOSPC, and touches no other file", async () => {
    const r = rig([{ ops: ["write.writeFile"], fault: { kind: "short-write", fraction: 0.5 } }]);
    const out = await r.call("write", { path: "src/a.ts", content: "0123456789" });
    expect(out).toEqual({ text: "ENOSPC: no space left on device, write", isError: true });
    expect(fileText(r.ws, "src/a.ts")).toBe("01234");
    for (const other of ["README.md", "package.json", "src/b.ts", "notes/todo.txt"])
      expect(fileText(r.ws, other)).toBe(FILES[other]);
  });

  it("a short write of bytes (edit's splice) keeps that share of the bytes", async () => {
    const r = rig([
      { ops: ["edit.writeBytes", "edit.writeFile"], fault: { kind: "short-write", fraction: 0.25 } },
    ]);
    const out = await r.call("edit", { path: "notes/todo.txt", edits: [{ oldText: "two", newText: "TWO" }] });
    expect(out.text).toBe("ENOSPC: no space left on device, write");
    expect(fileText(r.ws, "notes/todo.txt")).toBe("on");
  });

  it("a hang ends when the call is aborted, and frees the file's queue", async () => {
    const controller = new AbortController();
    const faulty = rig([{ ops: ["edit.readFile"], fault: { kind: "hang" } }], {
      hooks: { signal: () => controller.signal },
    });
    const clean = rig(null, { ws: faulty.ws, queue: faulty.queue });
    const edit = { path: "notes/todo.txt", edits: [{ oldText: "one", newText: "ONE" }] };
    const stuck = faulty.call("edit", edit, controller.signal);
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect(await stuck).toEqual({ text: "Operation aborted", isError: true });
    // The same file through clean tools sharing the queue: it would wait forever if the hang held it.
    expect(await clean.call("edit", edit)).toMatchObject({ isError: false });
    expect(fileText(faulty.ws, "notes/todo.txt")).toBe("ONE\ntwo\n");
  });

  it("a hanging command ends at bash's timeout or abort, with pi's words", async () => {
    const r = rig([{ ops: ["bash.exec"], fault: { kind: "hang" } }]);
    const timedOut = await r.call("bash", { command: "echo hi", timeout: 0.05 });
    expect(timedOut).toMatchObject({ isError: true });
    expect(timedOut.text).toContain("Command timed out after 0.05 seconds");
    const controller = new AbortController();
    const pending = r.call("bash", { command: "echo hi" }, controller.signal);
    setTimeout(() => controller.abort(), 20);
    expect((await pending).text).toContain("Command aborted");
  });

  it("a hang with no signal to end it gives up after the fallback, with EIO", async () => {
    vi.useFakeTimers();
    try {
      const ws = createMemfsWorkspace(FILES);
      const plan = { root: ws.root, rules: [{ ops: ["read.readFile"], fault: { kind: "hang" as const } }] };
      const ops = withFaults(createMemfsToolOptions(ws), plan).read.operations;
      const pending = ops.readFile("/workspace/README.md");
      const settled = expect(pending).rejects.toThrow("EIO: i/o error, open '/workspace/README.md'");
      await vi.advanceTimersByTimeAsync(UNSIGNALLED_HANG_MS);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });

  it("afterListed fires only for paths a listing returned; the file is still there", async () => {
    const r = rig([{ ops: ["read.*"], afterListed: true, fault: { kind: "error", code: "ENOENT" } }]);
    expect(await r.call("read", { path: "README.md" })).toMatchObject({ isError: false });
    await r.call("ls", { path: "." });
    expect(await r.call("read", { path: "README.md" })).toEqual({
      text: "ENOENT: no such file or directory, access '/workspace/README.md'",
      isError: true,
    });
    // not listed yet: notes/ was not opened
    expect(await r.call("read", { path: "notes/todo.txt" })).toMatchObject({ isError: false });
    expect(fileText(r.ws, "README.md")).toBe(FILES["README.md"]);
  });
});
