import { describe, expect, it } from "vitest";
import { startSearchBudget } from "./budget";
import { runGrepSearch } from "./grep-engine";
import type { DirEntry, SearchOperations } from "./types";

/** A flat in-memory tree: absolute file path → text. */
function treeOps(files: Record<string, string>): SearchOperations {
  const encoded = new Map(Object.entries(files).map(([p, t]) => [p, new TextEncoder().encode(t)]));
  const children = (dir: string): DirEntry[] => {
    const prefix = dir === "/" ? "/" : `${dir}/`;
    const names = new Map<string, DirEntry["kind"]>();
    for (const path of encoded.keys()) {
      if (!path.startsWith(prefix)) continue;
      const [name, ...rest] = path.slice(prefix.length).split("/");
      names.set(name, rest.length > 0 ? "directory" : "file");
    }
    return [...names].map(([name, kind]) => ({ name, kind }));
  };
  return {
    isDirectory: (path) => !encoded.has(path) && children(path).length > 0,
    readdir: (path) => children(path),
    readFile: (path) => {
      const bytes = encoded.get(path);
      if (!bytes) throw new Error(`ENOENT: ${path}`);
      return bytes;
    },
  };
}

/** About 2 MB in 38,000 lines of words and single spaces, nothing else: `\s` can take each line break. */
function wordLines(count = 38_000): string[] {
  const words = ["alpha", "beta", "gamma", "delta", "value", "item", "x1", "y_2"];
  const lines: string[] = [];
  for (let n = 0; n < count; n++) {
    const line: string[] = [];
    for (let k = 0; line.join(" ").length < 50; k++)
      line.push(words[(n * 7 + k * 3 + (n >> 3)) % words.length]);
    lines.push(line.join(" "));
  }
  return lines;
}

const search = (ops: SearchOperations, pattern: string, limit: number, extra = {}) =>
  runGrepSearch(ops, {
    searchPath: "/w",
    isDirectory: true,
    cwd: "/w",
    pattern,
    ignoreCase: false,
    literal: false,
    glob: undefined,
    limit,
    ...extra,
  });

describe("grep's search with a pattern that matches the empty string at every line end", () => {
  const lines = wordLines();
  const text = `${lines.join("\n")}\n`;
  const ops = treeOps({ "/w/words.txt": text });

  it("stops at the limit on a 2 MB file of 38,000 lines, with the right lines", async () => {
    expect(text.length).toBeGreaterThan(1_900_000);
    const { matches, limitReached } = await search(ops, "(\\w+\\s?)*$", 100);
    expect(limitReached).toBe(true);
    expect(matches.map((m) => m.lineNumber)).toEqual(lines.slice(0, 100).map((_, i) => i + 1));
    expect(matches[99].lineText).toBe(lines[99]);
  });

  it("reports every one of the 38,000 lines when the limit allows, once each, in order", async () => {
    // Each line costs a bounded amount of work: before, every line found made RE2 run on to the end of
    // the text, and this took hours. The bound here is generous; the content is what is checked.
    const started = performance.now();
    const { matches, limitReached } = await search(ops, "(\\w+\\s?)*$", 1_000_000);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(limitReached).toBe(false);
    expect(matches).toHaveLength(lines.length);
    expect(matches.every((m, i) => m.lineNumber === i + 1 && m.lineText === lines[i])).toBe(true);
  });

  it("finds the same lines whether hits come close together or far apart", async () => {
    const mixed = Array.from({ length: 300 }, (_, i) =>
      (i < 60 ? i % 3 === 0 : i % 25 === 0) ? `hit ${i}` : `miss ${i}`,
    );
    const expected = mixed.flatMap((line, i) => (line.startsWith("hit") ? [i + 1] : []));
    const { matches } = await search(treeOps({ "/w/m.txt": mixed.join("\n") }), "^[gh]\\w+\\s\\d+$", 1_000);
    expect(matches.map((m) => m.lineNumber)).toEqual(expected);
  });

  it("still never matches across a line break", async () => {
    const small = treeOps({ "/w/a.txt": "alpha\nbeta gamma\nx y;\n" });
    const { matches } = await search(small, "alpha\\sbeta|^(\\w+\\s?)+$", 10);
    expect(matches.map((m) => m.lineText)).toEqual(["alpha", "beta gamma"]);
  });
});

describe("grep's time budget", () => {
  // A clock that moves 1 ms each time it is read: the budget runs out after a known number of checks.
  const ticking = () => {
    let t = 0;
    return () => t++;
  };

  it("ends a search inside one long file with an error that says what to do", async () => {
    const ops = treeOps({ "/w/words.txt": `${wordLines(5_000).join("\n")}\n` });
    const budget = startSearchBudget("grep", 1_000, ticking());
    await expect(search(ops, "(\\w+\\s?)*$", 1_000_000, { budget })).rejects.toThrow(
      "grep timed out after 1 second without finishing the search (its time limit). Search a smaller path, add a glob, or simplify the pattern, then try again.",
    );
  });

  it("ends the walk over many files, and leaves a search within it alone", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 200; i++) files[`/w/d${i % 10}/f${i}.txt`] = "needle\n";
    const ops = treeOps(files);
    await expect(
      search(ops, "needle", 1_000, { budget: startSearchBudget("grep", 50, ticking()) }),
    ).rejects.toThrow(/grep timed out/);
    const { matches } = await search(ops, "needle", 1_000, { budget: startSearchBudget("grep") });
    expect(matches).toHaveLength(200);
  });
});
