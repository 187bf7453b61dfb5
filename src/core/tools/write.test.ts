import { describe, expect, it } from "vitest";
import { createFileMutationQueue, type MutationQueueEvent } from "../file-mutation-queue";
import { FakeFs } from "./fake-fs.test-support";
import { createWriteToolDefinition } from "./write";

describe("write", () => {
  it("creates parents, writes as given and reports UTF-16 length with the raw path", async () => {
    const fs = new FakeFs();
    const tool = createWriteToolDefinition("/w", {
      operations: fs.writeOps(),
      mutationQueue: createFileMutationQueue(),
    });
    const result = await tool.execute(
      "t",
      { path: "a/b/c.txt", content: "héllo 🎉\r\n" },
      undefined,
      undefined,
      undefined,
    );
    expect(result).toEqual({
      content: [{ type: "text", text: "Successfully wrote 10 bytes to a/b/c.txt" }],
      details: undefined,
    });
    expect(fs.text("/w/a/b/c.txt")).toBe("héllo 🎉\r\n");
    expect(fs.log).toEqual(["mkdir /w/a/b", "write /w/a/b/c.txt"]);
  });

  it("expands @ and ~ and allows paths outside cwd", async () => {
    const fs = new FakeFs();
    const tool = createWriteToolDefinition("/w", {
      operations: fs.writeOps(),
      mutationQueue: createFileMutationQueue(),
      homeDir: "/home/me",
    });
    await tool.execute("t", { path: "@~/x.txt", content: "1" }, undefined, undefined, undefined);
    await tool.execute("t", { path: "../out.txt", content: "2" }, undefined, undefined, undefined);
    expect(fs.text("/home/me/x.txt")).toBe("1");
    expect(fs.text("/out.txt")).toBe("2");
  });

  it("goes through the mutation queue given in its options, keyed by realpath", async () => {
    const fs = new FakeFs();
    const events: MutationQueueEvent[] = [];
    const queue = createFileMutationQueue((e) => events.push(e));
    const tool = createWriteToolDefinition("/w", {
      operations: { ...fs.writeOps(), realpath: async (p) => p.replace("/link/", "/real/") },
      mutationQueue: queue,
    });
    await Promise.all([
      tool.execute("c1", { path: "link/f", content: "1" }, undefined, undefined, undefined),
      tool.execute("c2", { path: "real/f", content: "2" }, undefined, undefined, undefined),
    ]);
    expect(events.map((e) => `${e.type} ${e.key} ${e.owner}`)).toEqual([
      "wait /w/real/f c2",
      "acquire /w/real/f c1",
      "release /w/real/f c1",
      "acquire /w/real/f c2",
      "release /w/real/f c2",
    ]);
  });

  it("rejects when already aborted, without writing", async () => {
    const fs = new FakeFs();
    const tool = createWriteToolDefinition("/w", {
      operations: fs.writeOps(),
      mutationQueue: createFileMutationQueue(),
    });
    await expect(
      tool.execute("t", { path: "a", content: "x" }, AbortSignal.abort(), undefined, undefined),
    ).rejects.toThrow("Operation aborted");
    expect(fs.log).toEqual([]);
  });
});
