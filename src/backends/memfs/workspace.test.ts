import { describe, expect, it, vi } from "vitest";
import { createMemfsWorkspace, type FsChange, restoreWorkspace, snapshotWorkspace } from "./workspace";

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

  it("asks the host process for its uid and gid once, not on every path it walks", () => {
    const host = globalThis.process as NodeJS.Process & { getuid(): number; getgid(): number };
    const identity = [host.getuid(), host.getgid()];
    const uid = vi.spyOn(host, "getuid");
    const gid = vi.spyOn(host, "getgid");
    try {
      const workspace = createMemfsWorkspace({ "src/a/b.txt": "hi" });
      uid.mockClear();
      gid.mockClear();
      for (let i = 0; i < 20; i++) {
        workspace.fs.existsSync("/workspace/src/a/b.txt");
        workspace.fs.statSync("/workspace/src/a");
      }
      expect(uid).not.toHaveBeenCalled();
      expect(gid).not.toHaveBeenCalled();
      // The identity is the host's, as before.
      const { process } = (workspace.vol as unknown as { _core: { process: typeof host } })._core;
      expect([process.getuid(), process.getgid()]).toEqual(identity);
    } finally {
      uid.mockRestore();
      gid.mockRestore();
    }
  });
});
