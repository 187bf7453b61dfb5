import { generateDiffString } from "@core/tools/edit-diff-lines";
import { describe, expect, it } from "vitest";
import { diffCounts, parseDiff } from "./parse-diff";

describe("parseDiff", () => {
  it("reads edit's own numbered diff: added, removed, context and the lines left out", () => {
    const before = Array.from({ length: 30 }, (_, i) => `line ${i + 1}`).join("\n");
    const after = before.replace("line 25", "line 25!").replace("line 2\n", "");
    const { diff } = generateDiffString(before, after);
    const lines = parseDiff(diff);
    expect(lines).toContainEqual({ kind: "remove", number: 2, text: "line 2" });
    expect(lines).toContainEqual({ kind: "remove", number: 25, text: "line 25" });
    expect(lines).toContainEqual({ kind: "add", number: 24, text: "line 25!" });
    expect(lines).toContainEqual({ kind: "context", number: 1, text: "line 1" });
    expect(lines.filter((l) => l.kind === "skip")).toHaveLength(2);
    expect(diffCounts(lines)).toEqual({ added: 1, removed: 2 });
  });

  it("keeps a line's own spacing and a context line that reads '...'", () => {
    expect(parseDiff("+12   indented\n 13 ...\n    ...")).toEqual([
      { kind: "add", number: 12, text: "  indented" },
      { kind: "context", number: 13, text: "..." },
      { kind: "skip", text: "..." },
    ]);
  });

  it("pads numbers to one width, and keeps text that does not fit the format", () => {
    expect(parseDiff("- 9 a\n+10 b\nsomething else")).toEqual([
      { kind: "remove", number: 9, text: "a" },
      { kind: "add", number: 10, text: "b" },
      { kind: "context", text: "something else" },
    ]);
    expect(parseDiff("")).toEqual([]);
  });
});
