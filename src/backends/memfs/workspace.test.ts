import { describe, expect, it } from "vitest";
import {
  createMemfsWorkspace,
  type FsChange,
  listenToChanges,
  type MemfsWorkspace,
  restoreWorkspace,
  snapshotWorkspace,
} from "./workspace";

describe("memfs workspace", () => {
  const files = {
    "src/a.ts": "export const a = 1;\n",
    "img.bin": { base64: "AP+AAQ==" },
    link: { symlink: "src/a.ts" },
    empty: { dir: true as const },
  };

  it("builds text, bytes, symlinks and empty folders under the root", () => {
    const ws = createMemfsWorkspace(files, "/ws");
    expect(ws.fs.readFileSync("/ws/src/a.ts", "utf8")).toBe("export const a = 1;\n");
    expect([...(ws.fs.readFileSync("/ws/img.bin") as Uint8Array)]).toEqual([0, 255, 128, 1]);
    expect(ws.fs.readlinkSync("/ws/link")).toBe("src/a.ts");
    expect(ws.fs.readFileSync("/ws/link", "utf8")).toBe("export const a = 1;\n");
    expect(ws.fs.readdirSync("/ws/empty")).toEqual([]);
  });

  it("snapshots and restores losslessly into an independent volume", () => {
    const ws = createMemfsWorkspace(files, "/ws");
    const snapshot = snapshotWorkspace(ws);
    ws.fs.writeFileSync("/ws/src/a.ts", "changed");
    const restored = restoreWorkspace(snapshot);
    expect(restored.fs.readFileSync("/ws/src/a.ts", "utf8")).toBe("export const a = 1;\n");
    expect(snapshotWorkspace(restored)).toEqual(snapshot);
  });

  it("reports changes with absolute paths", () => {
    const ws = createMemfsWorkspace({}, "/ws");
    const seen: FsChange[] = [];
    const stop = ws.onChange((c) => seen.push(c));
    ws.fs.writeFileSync("/ws/new.txt", "x");
    stop();
    ws.fs.writeFileSync("/ws/after.txt", "x");
    expect(seen.some((c) => c.type === "create" && c.path === "/ws/new.txt")).toBe(true);
    expect(seen.some((c) => c.path === "/ws/after.txt")).toBe(false);
  });

  it("reports changes through memfs's public watch when its change bus is not there", async () => {
    const ws = createMemfsWorkspace({ "old.txt": "x", "gone.txt": "x" }, "/ws");
    const seen: FsChange[] = [];
    // A volume without the internals memfs-internals.ts reads: the public fallback serves.
    const stop = listenToChanges({ vol: {} as MemfsWorkspace["vol"], fs: ws.fs }, (c) => seen.push(c));
    ws.fs.writeFileSync("/ws/new.txt", "x");
    ws.fs.writeFileSync("/ws/old.txt", "y");
    ws.fs.unlinkSync("/ws/gone.txt");
    ws.fs.mkdirSync("/ws/d");
    await Promise.resolve();
    stop();
    ws.fs.writeFileSync("/ws/after.txt", "x");
    await Promise.resolve();
    expect(seen).toEqual([
      { type: "create", path: "/ws/new.txt" },
      { type: "modify", path: "/ws/old.txt" },
      { type: "delete", path: "/ws/gone.txt" },
      { type: "create", path: "/ws/d" },
    ]);
  });
});
