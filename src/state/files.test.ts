import type { SessionEvent, SessionEventBody } from "@agent/events";
import { describe, expect, it } from "vitest";
import { EMPTY_FILES, reduceFiles, treeRows } from "./files";

describe("treeRows", () => {
  it("lists folders before files at each level, indented by depth", () => {
    const rows = treeRows(["b.txt", "a/", "a/z.ts", "a/y/", "a/y/x.ts"]);
    expect(rows.map((r) => `${"  ".repeat(r.depth)}${r.name}${r.dir ? "/" : ""}`)).toEqual([
      "a/",
      "  y/",
      "    x.ts",
      "  z.ts",
      "b.txt",
    ]);
  });
});

let seq = 0;
const ev = (body: SessionEventBody): SessionEvent => ({ ...body, seq: ++seq, ts: seq }) as SessionEvent;
const start = (id: string, toolName: string, args: unknown) =>
  ev({ type: "tool_execution_start", toolCallId: id, toolName, args });
const end = (id: string, toolName = "read") =>
  ev({
    type: "tool_execution_end",
    toolCallId: id,
    toolName,
    result: { content: [], details: {} },
    isError: false,
  });
const changed = (
  path: string,
  change: "create" | "modify" | "delete" = "modify",
  source: "tool" | "editor" = "tool",
) => ev({ type: "file_changed", path, change, source });
const ready = () =>
  ev({ type: "session_ready", backend: "memfs", cwd: "/workspace", files: ["a.txt", "src/", "src/b.ts"] });
const fold = (...events: SessionEvent[]) => events.reduce((s, e) => reduceFiles(s, e), EMPTY_FILES);

describe("what the last call touched", () => {
  it("takes a read's path from its arguments, relative to cwd in any spelling", () => {
    for (const path of ["src/b.ts", "./src/b.ts", "/workspace/src/b.ts", "@src/b.ts", "src/../src/b.ts"])
      expect(fold(ready(), start("c1", "read", { path })).touched?.paths).toEqual({ "src/b.ts": "read" });
  });

  it("names folders for ls, find and grep, and nothing for cwd itself or paths outside it", () => {
    expect(fold(ready(), start("c1", "ls", { path: "src" })).touched?.paths).toEqual({ src: "listed" });
    expect(fold(ready(), start("c1", "grep", { pattern: "x", path: "src/" })).touched?.paths).toEqual({
      src: "searched",
    });
    expect(fold(ready(), start("c1", "find", { pattern: "*" })).touched?.paths).toEqual({});
    expect(fold(ready(), start("c1", "read", { path: "/etc/passwd" })).touched?.paths).toEqual({});
    expect(fold(ready(), start("c1", "read", { path: "../x" })).touched?.paths).toEqual({});
    expect(fold(ready(), start("c1", "read", { path: 3 })).touched?.paths).toEqual({});
  });

  it("adds the files a running call changes, keeping edit's own word", () => {
    const s = fold(ready(), start("c1", "edit", { path: "a.txt" }), changed("a.txt"), end("c1", "edit"));
    expect(s.touched?.paths).toEqual({ "a.txt": "edited" });
    const b = fold(ready(), start("c1", "bash", { command: "touch n.txt" }), changed("n.txt", "create"));
    expect(b.touched?.paths).toEqual({ "n.txt": "created" });
    const w = fold(
      ready(),
      start("c1", "write", { path: "m.txt" }),
      changed("m.txt", "create"),
      changed("m.txt"),
    );
    expect(w.touched?.paths).toEqual({ "m.txt": "created" });
  });

  it("starts over at the next call, but gathers calls that run at the same time", () => {
    const after = fold(
      ready(),
      start("c1", "read", { path: "a.txt" }),
      end("c1"),
      start("c2", "read", { path: "src/b.ts" }),
    );
    expect(after.touched).toMatchObject({ calls: ["c2"], paths: { "src/b.ts": "read" } });
    const parallel = fold(
      ready(),
      start("c1", "read", { path: "a.txt" }),
      start("c2", "read", { path: "src/b.ts" }),
    );
    expect(parallel.touched).toMatchObject({
      calls: ["c1", "c2"],
      paths: { "a.txt": "read", "src/b.ts": "read" },
    });
  });

  it("ignores the editor's changes and changes after the call ended, and forgets all at a reset", () => {
    const s = fold(ready(), start("c1", "read", { path: "a.txt" }), changed("src/b.ts", "modify", "editor"));
    expect(s.touched?.paths).toEqual({ "a.txt": "read" });
    expect(
      fold(ready(), start("c1", "read", { path: "a.txt" }), end("c1"), changed("x")).touched?.paths,
    ).toEqual({
      "a.txt": "read",
    });
    const reset = reduceFiles(
      s,
      ev({ type: "workspace_reset", preset: "default", cwd: "/workspace", files: [] }),
    );
    expect(reset.touched).toBeNull();
  });

  it("moves its seq forward only when a path was added, so the tree scrolls only then", () => {
    const a = fold(ready(), start("c1", "read", { path: "a.txt" }));
    const b = reduceFiles(a, start("c2", "bash", { command: "ls" }));
    expect(b.touched?.seq).toBe(a.touched?.seq);
  });
});

describe("a folder made by a command", () => {
  it("is one folder row, though its create event came before its files and did not say it was a folder", () => {
    const s = fold(ready(), changed("zz", "create"), changed("zz/f1.txt", "create"), changed("zz", "modify"));
    expect(s.paths.filter((p) => p.startsWith("zz"))).toEqual(["zz/", "zz/f1.txt"]);
  });
});

describe("which kind of backend holds the files", () => {
  const moved = (backend: string, kind?: "memfs" | "webcontainer") =>
    ev({ type: "backend_changed", backend, cwd: "/workspace", ...(kind ? { kind } : {}) });

  it("is the kind the event names, whatever the id says (the fake container is a webcontainer)", () => {
    const s = fold(ready(), moved("webcontainer (fake)", "webcontainer"));
    expect(s).toMatchObject({ backend: "webcontainer (fake)", backendKind: "webcontainer" });
    expect(
      fold(ready(), moved("webcontainer (fake)", "webcontainer"), moved("memfs", "memfs")).backendKind,
    ).toBe("memfs");
  });

  it("survives a new tree from the same session, and reads a log without kinds as memfs", () => {
    const on = fold(ready(), moved("webcontainer", "webcontainer"));
    const reset = reduceFiles(on, ev({ type: "workspace_reset", preset: "x", cwd: "/workspace", files: [] }));
    expect(reset.backendKind).toBe("webcontainer");
    // An exported log from before events carried the kind: the id alone proves nothing.
    expect(fold(ready(), moved("webcontainer")).backendKind).toBe("memfs");
  });
});

describe("the path list as files arrive", () => {
  it("stays sorted, with each folder once as `name/`, however the files come", () => {
    const names = Array.from(
      { length: 2000 },
      (_, i) => `d${(i * 7919) % 37}/e${i % 5}/f${(i * 104729) % 2000}.txt`,
    );
    const state = fold(ready(), ...names.map((n) => changed(n, "create")));
    const expected = new Set(["a.txt", "src/", "src/b.ts"]);
    for (const n of names) {
      const parts = n.split("/");
      for (let i = 1; i < parts.length; i++) expected.add(`${parts.slice(0, i).join("/")}/`);
      expected.add(n);
    }
    expect(state.paths).toEqual([...expected].sort());
  });

  it("turns a file into a folder when a file is created under its name", () => {
    const state = fold(ready(), changed("a.txt/inner.md", "create"));
    expect(state.paths).toEqual(["a.txt/", "a.txt/inner.md", "src/", "src/b.ts"]);
  });
});

describe("a moved path", () => {
  it("leaves its old place (and a folder's files with it) and takes the new one, folders above it listed", () => {
    const move = (oldPath: string, path: string) =>
      ev({ type: "file_changed", path, oldPath, change: "move", source: "tool" });
    expect(fold(ready(), move("a.txt", "docs/deep/a.txt")).paths).toEqual([
      "docs/",
      "docs/deep/",
      "docs/deep/a.txt",
      "src/",
      "src/b.ts",
    ]);
    expect(fold(ready(), move("src", "lib/src")).paths).toEqual(["a.txt", "lib/", "lib/src"]);
  });
});
