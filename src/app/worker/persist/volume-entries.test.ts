import { createMemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { describe, expect, it, vi } from "vitest";
import type { ChunkEntry } from "./chunk-codec";
import { collectEntries, writeEntries } from "./volume-entries";

// A memfs whose internals are not as expected: reading and writing take the public calls instead.
const internals = vi.hoisted(() => ({ off: false }));
vi.mock("@backends/memfs/memfs-internals", async (load) => {
  const real = await load<typeof import("@backends/memfs/memfs-internals")>();
  return {
    ...real,
    internalTree: (vol: unknown) => (internals.off ? undefined : real.internalTree(vol)),
    internalBuilder: (vol: unknown) => (internals.off ? undefined : real.internalBuilder(vol)),
  };
});

const files = {
  "a/b/c.txt": "c",
  "a/bin.bin": { base64: "AP8K" },
  "empty/": { dir: true },
  "zero.txt": "",
  "a/link": { symlink: "b/c.txt" },
} as const;

describe.each([
  ["memfs's tree directly", false],
  ["memfs's public calls", true],
])("workspace entries through %s", (_name, off) => {
  it("read out and written into a fresh volume give the same workspace", () => {
    internals.off = off;
    const source = createMemfsWorkspace({ ...files });
    const entries: ChunkEntry[] = [];
    collectEntries(source, "", entries);
    expect(entries.map((e) => e.path).sort()).toEqual(
      ["a", "a/b", "a/b/c.txt", "a/bin.bin", "a/link", "empty", "zero.txt"].sort(),
    );
    const copy = createMemfsWorkspace({});
    // folders listed after what they hold still come first
    writeEntries(copy, [...entries].reverse());
    expect(snapshotWorkspace(copy)).toEqual(snapshotWorkspace(source));
  });

  it("refuses an entry whose folder is not there, and one that already exists", () => {
    internals.off = off;
    const target = createMemfsWorkspace({ "x.txt": "x" });
    expect(() =>
      writeEntries(target, [{ kind: "file", path: "nowhere/f", data: new Uint8Array(1) }]),
    ).toThrow(/ENOENT/);
    expect(() => writeEntries(target, [{ kind: "file", path: "x.txt", data: new Uint8Array(1) }])).toThrow(
      /EEXIST/,
    );
  });
});
