import type { DemoCall } from "@core/tools/mini-pi/compromises";
import { describe, expect, it } from "vitest";
import {
  backendKey,
  type CompareFile,
  callDifferences,
  callRows,
  compareChoices,
  fileRows,
  parseBackendKey,
  sameBackend,
  usesContainer,
} from "./compare-backends";

const call = (over: Partial<DemoCall> = {}): DemoCall => ({
  id: "c1",
  tool: "read",
  args: { path: "a.txt" },
  isError: false,
  text: "hello",
  chars: 5,
  hash: "5-x",
  images: 0,
  updates: 0,
  detailKeys: [],
  ms: 3,
  ...over,
});

const text = (t: string, hash = t): CompareFile => ({ kind: "text", text: t, chars: t.length, hash });

describe("callDifferences", () => {
  it("finds nothing between two equal calls, and ignores small timing noise", () => {
    expect([...callDifferences(call(), call({ ms: 400 }))]).toEqual([]);
  });

  it("names each fact that differs", () => {
    expect([...callDifferences(call(), call({ isError: true, text: "EIO", chars: 3, hash: "3-y" }))]).toEqual(
      ["status", "text"],
    );
    expect([...callDifferences(call(), call({ updates: 2 }))]).toEqual(["updates"]);
    expect([...callDifferences(call(), call({ images: 1 }))]).toEqual(["images"]);
    expect([...callDifferences(call(), call({ detailKeys: ["diff"] }))]).toEqual(["details"]);
    expect([...callDifferences(call(), call({ ms: 900 }))]).toEqual(["ms"]);
  });

  it("tells two long texts apart by their digest when only their cut middles differ", () => {
    const long = { text: "head", tail: "tail", omitted: 1000, chars: 1008 };
    expect([...callDifferences(call({ ...long, hash: "a" }), call({ ...long, hash: "a" }))]).toEqual([]);
    expect([...callDifferences(call({ ...long, hash: "a" }), call({ ...long, hash: "b" }))]).toEqual([
      "text",
    ]);
  });

  it("marks a call only one side made", () => {
    expect([...callDifferences(call(), undefined)]).toContain("missing");
  });
});

describe("callRows", () => {
  it("matches calls by id, keeps side A's order, and appends the calls only side B made", () => {
    const rows = callRows(
      [call({ id: "x" }), call({ id: "y" })],
      [call({ id: "y", isError: true }), call({ id: "x" }), call({ id: "z" })],
    );
    expect(rows.map((r) => [r.id, r.differs.length > 0, !!r.a, !!r.b])).toEqual([
      ["x", false, true, true],
      ["y", true, true, true],
      ["z", true, false, true],
    ]);
  });
});

describe("fileRows", () => {
  it("lists only the files that differ: content, missing on one side, kind or link target", () => {
    const a = {
      "same.txt": text("s"),
      "changed.txt": text("one"),
      "gone.txt": text("g"),
      l: { kind: "symlink", target: "x" } as const,
    };
    const b = {
      "same.txt": text("s"),
      "changed.txt": text("two"),
      "new.bin": { kind: "binary", bytes: 3, hash: "h" } as const,
      l: { kind: "symlink", target: "y" } as const,
    };
    expect(fileRows(a, b).map((r) => r.path)).toEqual(["changed.txt", "gone.txt", "l", "new.bin"]);
    expect(fileRows(a, a)).toEqual([]);
  });
});

describe("the backend choices", () => {
  it("round-trips a backend through its key and tells two choices apart", () => {
    for (const b of [
      { kind: "memfs" },
      { kind: "webcontainer" },
      { kind: "drill", drill: "disk-full" },
    ] as const)
      expect(parseBackendKey(backendKey(b))).toEqual(b);
    expect(sameBackend({ kind: "drill", drill: "vanish" }, { kind: "drill", drill: "disk-full" })).toBe(
      false,
    );
    expect(sameBackend({ kind: "memfs" }, { kind: "memfs" })).toBe(true);
    // A key from an older page or a hand-made one names no kind: it is memfs, where every session starts.
    expect(parseBackendKey("tmpfs")).toEqual({ kind: "memfs" });
  });

  it("offers every backend kind, then each drill, and only the container kind needs the page's container", () => {
    const choices = compareChoices(["disk-full"]);
    expect(choices.map(backendKey)).toEqual(["memfs", "webcontainer", "drill:disk-full"]);
    expect(choices.filter(usesContainer)).toEqual([{ kind: "webcontainer" }]);
  });
});
