import type { ToolRow } from "@agent/events";
import { describe, expect, it } from "vitest";
import { dispatchSteps } from "./dispatch-table";

const row = (over: Partial<ToolRow>): ToolRow =>
  ({ name: "read", state: "active", backend: "memfs", hasPrepareArguments: false, ...over }) as ToolRow;

describe("dispatchSteps", () => {
  it("stops at the lookup for an unknown or switched-off tool", () => {
    expect(dispatchSteps(undefined)).toEqual([{ step: "lookup", what: "missing" }]);
    expect(dispatchSteps(row({ state: "off" }))).toEqual([{ step: "lookup", what: "off" }]);
  });
  it("walks every stage of a found tool, saying what differs between tools", () => {
    const steps = dispatchSteps(row({ name: "edit", state: "hidden", hasPrepareArguments: true }));
    expect(steps.map((s) => s.step)).toEqual([
      "lookup",
      "prepare",
      "validate",
      "before",
      "execute",
      "after",
      "result",
    ]);
    expect(steps[0].what).toBe("foundHidden");
    expect(steps[1].what).toBe("prepareEdit");
    expect(steps[4].what).toBe("executeParallel");
    expect(dispatchSteps(row({ executionMode: "sequential" }))[4].what).toBe("executeSequential");
    expect(dispatchSteps(row({}))[1].what).toBe("prepareNone");
  });
});
