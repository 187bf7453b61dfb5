import { describe, expect, it } from "vitest";
import { hasToolBreakpoint, toggledToolBreakpoint, withBreakpoint } from "./breakpoint-list";

describe("the timeline's breakpoint toggle", () => {
  it("adds a tool's plain before-execute breakpoint to the one list, and takes only that one away", () => {
    const conditional = withBreakpoint([], "write", "before_execute", "src/");
    const on = toggledToolBreakpoint(conditional, "write");
    expect(on).toEqual([
      { id: "b1", tool: "write", stage: "before_execute", when: "src/" },
      { id: "b2", tool: "write", stage: "before_execute" },
    ]);
    expect(hasToolBreakpoint(on, "write")).toBe(true);
    expect(hasToolBreakpoint(on, "read")).toBe(false);
    const off = toggledToolBreakpoint(on, "write");
    expect(off).toEqual(conditional);
    expect(hasToolBreakpoint(off, "write")).toBe(false);
  });
});
