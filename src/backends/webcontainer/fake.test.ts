import { createMemfsWorkspace } from "@backends/memfs/workspace";
import { describe, expect, it } from "vitest";
import { ContainerFs } from "./container-fs";
import { boot } from "./fake";

describe("the fake WebContainer's boot", () => {
  it("allows one instance at a time, as the real client does, with its message", async () => {
    const first = await boot();
    await expect(boot()).rejects.toThrow("Only a single WebContainer instance can be booted");
    first.teardown();
    const second = await boot();
    expect(second).not.toBe(first);
    // A second teardown of the first does not free the second's place.
    first.teardown();
    await expect(boot()).rejects.toThrow("Only a single WebContainer instance can be booted");
    second.teardown();
  });

  it("a read of a folder gives Node's text with no path, as pi's read does", async () => {
    const container = await boot();
    try {
      await container.fs.mkdir("sub");
      const fs = new ContainerFs(container, "/workspace", createMemfsWorkspace({}, "/tmp").fs);
      await expect(fs.readFile("/workspace/sub")).rejects.toThrow(
        /^EISDIR: illegal operation on a directory, read$/,
      );
    } finally {
      container.teardown();
    }
  });
});
