import { createMemfsToolOptions } from "@backends/memfs/index";
import { createMemfsWorkspace } from "@backends/memfs/workspace";
import { createFileMutationQueue } from "@core/file-mutation-queue";
import { describe, expect, it } from "vitest";
import { inProcessSandbox } from "./in-process";
import { SandboxLink } from "./link";

/** A host over a workspace of its own, its sandbox served in-process through the same channel. */
function host(files: Record<string, string> = {}) {
  const workspace = createMemfsWorkspace(files);
  const queue = createFileMutationQueue();
  const link = new SandboxLink(inProcessSandbox, {
    workspace: () => workspace,
    queue: () => queue,
    toolOptions: () => createMemfsToolOptions(workspace, { mutationQueue: queue }),
  });
  return { workspace, queue, link };
}

/** A compiled tool file (the CommonJS sucrase makes) whose execute runs `body` with `params`. */
const tool = (body: string, extra = "") => `
const fs = require("node:fs/promises");
const path = require("node:path");
const agent = require("@mariozechner/pi-coding-agent");
exports.default = function (pi) {
  pi.registerTool({
    name: "t", label: "T", description: "A test tool.",
    parameters: { type: "object", properties: {} },
    ${extra}
    async execute(id, params, signal, onUpdate, ctx) { ${body} },
  });
};`;

async function run(h: ReturnType<typeof host>, body: string, params: unknown = {}) {
  const loaded = await h.link.loadTool(tool(body), [], false);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
  return loaded.definitions[0].execute("c1", params as never, undefined, undefined, {
    cwd: h.workspace.root,
  });
}

const text = (s: string) => ({ content: [{ type: "text", text: s }], details: {} });

describe("the host's answers to the sandbox (services.ts through link.ts)", () => {
  it("node:fs/promises reaches the workspace: Buffers, Stats and Dirents as in Node, errors with their code", async () => {
    const h = host({ "notes.md": "hello\n", "src/a.ts": "" });
    const result = await run(
      h,
      `const bytes = await fs.readFile(path.resolve("notes.md"));
      const stat = await fs.stat(path.resolve("src"));
      const entries = await fs.readdir(path.resolve("."), { withFileTypes: true });
      let code = "none";
      try { await fs.readFile(path.resolve("missing.txt"), "utf8"); } catch (e) { code = e.code; }
      await fs.writeFile(path.resolve("out.txt"), "from the sandbox");
      const seen = [bytes.toString("utf8").trim(), stat.isDirectory(), entries.map((e) => e.name + (e.isFile() ? "" : "/")).join(" "), code];
      return { content: [{ type: "text", text: seen.join(" | ") }], details: {} };`,
    );
    expect(result).toEqual(text("hello | true | notes.md src/ | ENOENT"));
    expect(String(h.workspace.fs.readFileSync(`${h.workspace.root}/out.txt`, "utf8"))).toBe(
      "from the sandbox",
    );
  });

  it("withFileMutationQueue takes a turn in the host's queue, which the host's own edits wait for", async () => {
    const h = host({ "log.txt": "" });
    const order: string[] = [];
    const file = `${h.workspace.root}/log.txt`;
    let hostTurn: Promise<void> | undefined;
    const hooks = globalThis as unknown as Record<string, unknown>;
    // The in-process sandbox shares this thread, so the test can see inside the learner's turn.
    hooks.__inTurn = () => {
      order.push("sandbox turn");
      hostTurn = h.queue.run(file, async () => {
        order.push("host turn");
      });
    };
    hooks.__turnDone = () => order.push("sandbox turn ends");
    await run(
      h,
      `await agent.withFileMutationQueue(path.resolve("log.txt"), async () => {
        globalThis.__inTurn();
        await new Promise((r) => setTimeout(r, 20));
        globalThis.__turnDone();
      });
      return { content: [{ type: "text", text: "ok" }], details: {} };`,
    );
    await hostTurn;
    delete hooks.__inTurn;
    delete hooks.__turnDone;
    expect(order).toEqual(["sandbox turn", "sandbox turn ends", "host turn"]);
  });

  it("create<Tool>ToolDefinition runs the built-in on the host; options holding functions are refused", async () => {
    const h = host({ "notes.md": "one\ntwo\n" });
    const read = await run(
      h,
      `const def = agent.createReadToolDefinition(ctx.cwd);
      return await def.execute(id, { path: "notes.md" }, signal, undefined, ctx);`,
    );
    expect(JSON.stringify(read)).toContain("one\\ntwo");
    await expect(
      run(h, `agent.createReadToolDefinition(ctx.cwd, { operations: { readFile: () => "" } });`),
    ).rejects.toThrow(/options with functions \(custom Operations, hooks\) are not available/);
  });

  it("refuses prepareArguments at registration, with what to do instead", async () => {
    const h = host();
    const loaded = await h.link.loadTool(tool("return 1;", "prepareArguments: (a) => a,"), [], false);
    expect(loaded.ok).toBe(false);
    expect(JSON.stringify(loaded)).toContain("Reshape the arguments at the start of execute instead");
  });

  it("a closed link fails the call in flight and lets the queue go on", async () => {
    const h = host({ "log.txt": "" });
    const file = `${h.workspace.root}/log.txt`;
    const loaded = await h.link.loadTool(
      tool(`await agent.withFileMutationQueue(path.resolve("log.txt"), () => new Promise(() => {}));`),
      [],
      false,
    );
    if (!loaded.ok) throw new Error("did not load");
    const call = loaded.definitions[0].execute("c1", {} as never, undefined, undefined, {
      cwd: h.workspace.root,
    });
    // Wait until the sandbox holds its turn: the host's own turn then waits behind it.
    await expect.poll(() => h.queue.activeKeys()).toContain(file);
    const hostTurn = h.queue.run(file, async () => "host ran");
    h.link.close(new Error("the page dropped the sandbox"));
    await expect(call).rejects.toThrow("the page dropped the sandbox");
    expect(await hostTurn).toBe("host ran");
  });
});
