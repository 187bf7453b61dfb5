import { describe, expect, it } from "vitest";
import { createFindToolDefinition } from "../tools/find";
import { createGrepToolDefinition } from "../tools/grep";
import { SearchTimeoutError, startSearchBudget } from "./budget";
import type { SearchOperations } from "./types";

describe("startSearchBudget", () => {
  it("lets checks pass until the clock reaches the deadline, then throws", () => {
    let now = 1_000;
    const budget = startSearchBudget("find", 2_500, () => now);
    now = 3_499;
    expect(() => budget.check()).not.toThrow();
    now = 3_500;
    expect(() => budget.check()).toThrow(SearchTimeoutError);
    expect(() => budget.check()).toThrow(
      "find timed out after 2.5 seconds without finishing the search (its time limit). Search a smaller path or use a more specific pattern, then try again.",
    );
  });
});

describe("grep and find with a time budget", () => {
  // One directory with one file: enough for the walk and the search to check the budget.
  const ops: SearchOperations = {
    isDirectory: (path) => path === "/w",
    readdir: () => [{ name: "a.txt", kind: "file" }],
    readFile: () => new TextEncoder().encode("hit\n"),
  };

  it("end the call with the budget's error when it is used up", async () => {
    const grep = createGrepToolDefinition("/w", { operations: ops, timeBudgetMs: 0 });
    await expect(
      grep.execute("t", { pattern: "h.t" }, undefined, undefined, undefined as never),
    ).rejects.toThrow(
      /^grep timed out after 0 seconds without finishing the search \(its time limit\)\. Search a smaller path/,
    );
    const find = createFindToolDefinition("/w", { operations: ops, timeBudgetMs: 0 });
    await expect(
      find.execute("t", { pattern: "*.txt" }, undefined, undefined, undefined as never),
    ).rejects.toThrow(/^find timed out after 0 seconds/);
  });

  it("answer as before within the default budget", async () => {
    const grep = createGrepToolDefinition("/w", { operations: ops });
    const result = await grep.execute("t", { pattern: "h.t" }, undefined, undefined, undefined as never);
    expect(result.content).toEqual([{ type: "text", text: "a.txt:1: hit" }]);
  });
});
