import { describe, expect, it } from "vitest";
import { treeRows } from "./files";

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
