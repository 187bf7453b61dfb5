import { describe, expect, it } from "vitest";
import { FakeFs } from "./fake-fs.test-support";
import { createLsToolDefinition } from "./ls";
import type { TextContent } from "./types";

function setup(files: Record<string, string>, dirs: string[] = []) {
  const fs = new FakeFs(files);
  for (const d of dirs) fs.mkdirp(d);
  const tool = createLsToolDefinition("/w", { operations: fs.lsOps() });
  const run = (args: Record<string, unknown>) =>
    tool.execute("t", args as never, undefined, undefined, undefined);
  const text = async (args: Record<string, unknown>) => ((await run(args)).content[0] as TextContent).text;
  return { fs, run, text };
}

describe("ls", () => {
  it("sorts case-insensitively by en-US collation, files and folders interleaved, dirs with /", async () => {
    const { text } = setup(
      {
        "/w/a.txt": "",
        "/w/B.txt": "",
        "/w/big.txt": "",
        "/w/.dot": "",
        "/w/_x": "",
        "/w/10.txt": "",
        "/w/9.txt": "",
      },
      ["/w/sub"],
    );
    expect(await text({})).toBe("_x\n.dot\n10.txt\n9.txt\na.txt\nB.txt\nbig.txt\nsub/");
  });

  it("follows symlinks for the / and skips entries whose stat fails", async () => {
    const { fs, text } = setup({ "/w/f": "" }, ["/w/real"]);
    fs.links.set("/w/to-dir", "/w/real");
    fs.links.set("/w/broken", "/w/nowhere");
    expect(await text({})).toBe("f\nreal/\nto-dir/");
  });

  it("stops at the limit with pi's notice, and says empty for limit 0", async () => {
    const { run, text } = setup({ "/w/a": "", "/w/b": "", "/w/c": "" });
    const result = await run({ limit: 2 });
    expect(result.content[0]).toEqual({
      type: "text",
      text: "a\nb\n\n[2 entries limit reached. Use limit=4 for more]",
    });
    expect(result.details).toEqual({ entryLimitReached: 2 });
    expect(await text({ limit: 3 })).toBe("a\nb\nc");
    expect(await text({ limit: 0 })).toBe("(empty directory)");
  });

  it("says so for an empty directory, a missing path and a file", async () => {
    const { run, text } = setup({ "/w/file.txt": "" }, ["/w/empty"]);
    expect(await text({ path: "empty" })).toBe("(empty directory)");
    await expect(run({ path: "nope" })).rejects.toThrow("Path not found: /w/nope");
    await expect(run({ path: "file.txt" })).rejects.toThrow("Not a directory: /w/file.txt");
  });

  it("wraps a readdir failure", async () => {
    const fs = new FakeFs();
    fs.mkdirp("/w");
    const tool = createLsToolDefinition("/w", {
      operations: {
        ...fs.lsOps(),
        readdir: () => {
          throw new Error("EACCES: permission denied, scandir '/w'");
        },
      },
    });
    await expect(tool.execute("t", {}, undefined, undefined, undefined)).rejects.toThrow(
      "Cannot read directory: EACCES: permission denied, scandir '/w'",
    );
  });

  it("applies the 50KB byte limit", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 600; i++) files[`/w/${"n".repeat(100)}${String(i).padStart(3, "0")}`] = "";
    const { run } = setup(files);
    const result = await run({ limit: 1000 });
    expect((result.content[0] as TextContent).text.endsWith("\n\n[50.0KB limit reached]")).toBe(true);
    expect(result.details?.truncation).toMatchObject({
      truncatedBy: "bytes",
      maxLines: Number.MAX_SAFE_INTEGER,
    });
  });
});
