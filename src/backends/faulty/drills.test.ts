import { describe, expect, it, vi } from "vitest";
import { DRILL_IDS, drillPlan, isDrillId, SLOW_DATA_MS } from "./drills";
import { FILES, fileText, rig } from "./test-kit";

const rules = (id: (typeof DRILL_IDS)[number]) => drillPlan(id, "/workspace").rules;

function untouched(r: ReturnType<typeof rig>, except: string[] = []) {
  for (const path of Object.keys(FILES))
    if (!except.includes(path)) expect(fileText(r.ws, path)).toBe(FILES[path]);
}

describe("drill presets", () => {
  it("knows its ids, and off injects nothing", async () => {
    expect(DRILL_IDS).toEqual(["off", "disk-full", "slow-drive", "src-denied", "vanish"]);
    expect(isDrillId("vanish")).toBe(true);
    expect(isDrillId("melt")).toBe(false);
    const r = rig(rules("off"));
    expect(await r.call("write", { path: "a.txt", content: "x" })).toMatchObject({ isError: false });
    expect(r.faults).toEqual([]);
  });

  it("disk full: a write tears that file and says ENOSPC; reads and other files are fine", async () => {
    const r = rig(rules("disk-full"));
    expect(await r.call("write", { path: "src/a.ts", content: "abcdefgh" })).toEqual({
      text: "ENOSPC: no space left on device, write",
      isError: true,
    });
    expect(fileText(r.ws, "src/a.ts")).toBe("abcd");
    const edit = await r.call("edit", { path: "README.md", edits: [{ oldText: "demo", newText: "demo!" }] });
    expect(edit.text).toBe("ENOSPC: no space left on device, write");
    expect(await r.call("read", { path: "package.json" })).toMatchObject({ isError: false });
    untouched(r, ["src/a.ts", "README.md"]);
  });

  it("slow drive: calls wait, and a JSON read hangs until the call is aborted", async () => {
    const controller = new AbortController();
    const r = rig(rules("slow-drive"), { hooks: { signal: () => controller.signal } });
    const t = performance.now();
    expect(await r.call("read", { path: "README.md" })).toMatchObject({ isError: false });
    expect(performance.now() - t).toBeGreaterThanOrEqual(SLOW_DATA_MS - 10);
    const stuck = r.call("read", { path: "package.json" }, controller.signal);
    await vi.waitFor(() =>
      expect(r.faults.some((f) => f.kind === "hang" && f.path === "package.json")).toBe(true),
    );
    controller.abort();
    expect(await stuck).toEqual({ text: "Operation aborted", isError: true });
    untouched(r);
  });

  it("permission denied under src/: raw texts, a reworded edit, a swallowed walk; the rest works", async () => {
    const r = rig(rules("src-denied"));
    expect(await r.call("read", { path: "src/a.ts" })).toEqual({
      text: "EACCES: permission denied, access '/workspace/src/a.ts'",
      isError: true,
    });
    expect(await r.call("edit", { path: "src/a.ts", edits: [{ oldText: "1", newText: "2" }] })).toEqual({
      text: "Could not edit file: src/a.ts. Error code: EACCES.",
      isError: true,
    });
    expect(await r.call("ls", { path: "src" })).toEqual({
      text: "Cannot read directory: EACCES: permission denied, scandir '/workspace/src'",
      isError: true,
    });
    expect(await r.call("grep", { pattern: "export" })).toEqual({ text: "No matches found", isError: false });
    expect((await r.call("ls", { path: "." })).text).toContain("src/");
    expect(await r.call("read", { path: "README.md" })).toMatchObject({ isError: false });
    untouched(r);
  });

  it("a file vanishes between ls and read: gone once listed, back once written, never deleted", async () => {
    const r = rig(rules("vanish"));
    expect(await r.call("read", { path: "README.md" })).toMatchObject({ isError: false });
    await r.call("ls", { path: "." });
    expect(await r.call("read", { path: "README.md" })).toEqual({
      text: "ENOENT: no such file or directory, access '/workspace/README.md'",
      isError: true,
    });
    expect(await r.call("edit", { path: "README.md", edits: [{ oldText: "demo", newText: "x" }] })).toEqual({
      text: "Could not edit file: README.md. Error code: ENOENT.",
      isError: true,
    });
    untouched(r);
    expect(await r.call("write", { path: "README.md", content: "again\n" })).toMatchObject({
      isError: false,
    });
    expect(await r.call("read", { path: "README.md" })).toEqual({ text: "again\n", isError: false });
  });
});
