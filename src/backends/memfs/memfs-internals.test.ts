import { describe, expect, it } from "vitest";
import {
  checkMemfsInternals,
  internalTree,
  listenToInternalChanges,
  storedBytesView,
} from "./memfs-internals";
import { createMemfsWorkspace } from "./workspace";

describe("memfs internals", () => {
  it("are as this code expects (an upgrade that changes them fails here, naming what changed)", () => {
    const problems = checkMemfsInternals();
    expect(
      problems,
      `memfs changed under memfs-internals.ts; the public fallbacks still answer, but slower:\n${problems.join("\n")}`,
    ).toEqual([]);
  });

  it("answer undefined for a volume without them, so the callers take the public API", () => {
    const noCore = {};
    expect(listenToInternalChanges(noCore, () => {})).toBeUndefined();
    expect(storedBytesView(noCore, "/a")).toBeUndefined();
    expect(internalTree(noCore)).toBeUndefined();
    const partial = { _core: { getResolvedLink() {}, root: { children: new Map() } } };
    expect(internalTree(partial)).toBeUndefined();
  });

  it("leave what readFileSync must word to readFileSync", () => {
    const ws = createMemfsWorkspace({ "a.txt": "abc", "d/x": "" });
    expect(new TextDecoder().decode(storedBytesView(ws.vol, "/workspace/a.txt"))).toBe("abc");
    expect(storedBytesView(ws.vol, "/workspace/missing")).toBeUndefined();
    expect(storedBytesView(ws.vol, "/workspace/d")).toBeUndefined();
    expect(storedBytesView(ws.vol, "/workspace/a.txt/")).toBeUndefined();
    ws.fs.chmodSync("/workspace/a.txt", 0);
    expect(storedBytesView(ws.vol, "/workspace/a.txt")).toBeUndefined();
  });
});
