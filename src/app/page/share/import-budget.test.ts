import { describe, expect, it } from "vitest";
import { importBudget } from "./import-budget";

describe("importBudget", () => {
  it("passes over a bad name before it counts, then every entry past the limit", () => {
    const budget = importBudget({ bytes: 100, entries: 2 });
    expect(budget.admit("../up.txt")).toBe("escapes");
    expect(budget.admit("a.txt")).toBeNull();
    expect(budget.admit("b/")).toBeNull();
    expect(budget.admit("c.txt")).toBe("tooMany");
    expect(budget.admit("/abs")).toBe("absolute");
  });

  it("refuses a file larger than the bytes left, counting only what was read", () => {
    const budget = importBudget({ bytes: 10, entries: 5 });
    expect(budget.fit(10)).toBeNull();
    expect(budget.fit(11)).toBe("tooLarge");
    budget.spend(6);
    expect(budget.fit(4)).toBeNull();
    expect(budget.fit(5)).toBe("tooLarge");
  });

  it("uses the page's import limits when given none", () => {
    const budget = importBudget();
    expect(budget.fit(50 * 1024 * 1024)).toBeNull();
    expect(budget.fit(50 * 1024 * 1024 + 1)).toBe("tooLarge");
  });
});
