import { describe, expect, it } from "vitest";
import {
  MAX_TOOL_SOURCE,
  readSavedLearner,
  readTravellingTools,
  savedLearner,
  travellingTools,
} from "./saved";

const wc = { name: "wc", source: "export default function (pi) {}", enabled: true };
const mine = { name: "read", source: "export default function (pi) {}", enabled: false, replaces: "read" };

describe("the learner's tools in a saved workspace", () => {
  it("come back exactly as saved: files on and off, why one was switched off, every handler choice", () => {
    const blocked = { ...wc, name: "spin", enabled: false, disabledReason: "blocked" as const };
    const saved = savedLearner([wc, mine, blocked], { read: "learner", bash: "mini-pi" });
    const back = readSavedLearner(structuredClone(saved));
    expect(back).toEqual({ ok: true, value: saved });
  });

  it.each([
    [{ tools: "wc" }, "not a list"],
    [{ tools: [{ name: "1bad", source: "" }] }, "not a tool name"],
    [{ tools: [{ name: "wc" }] }, "no source text"],
    [{ tools: [{ name: "wc", source: "x".repeat(MAX_TOOL_SOURCE + 1) }] }, "longer than"],
    [{ tools: [wc, wc] }, "listed twice"],
    [{ tools: [{ ...wc, replaces: "bash" }] }, "names another tool"],
    [{ tools: [], handlers: { read: 3 } }, "handler choice is not valid"],
    [null, "not a record"],
  ])("refuses a damaged value instead of reading half of it (%j)", (value, problem) => {
    const out = readSavedLearner(value);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.problem).toContain(problem);
  });
});

describe("the learner's tools from outside (a link, a .zip, a scenario file)", () => {
  it("keep only names and source text, offered switched on, and drop this browser's history", () => {
    const out = readTravellingTools({
      tools: [{ ...mine, disabledReason: "blocked", extra: "dropped" }],
      handlers: {},
    });
    expect(out).toEqual({
      ok: true,
      value: {
        tools: [{ name: "read", source: mine.source, enabled: true, replaces: "read" }],
        handlers: {},
      },
    });
  });

  it("apply pi's and mini-pi's handler choices only: a learner handler needs its accepted tool", () => {
    const out = readTravellingTools({
      tools: [],
      handlers: { read: "learner", bash: "mini-pi", edit: "pi" },
    });
    expect(out.ok && out.value.handlers).toEqual({ bash: "mini-pi", edit: "pi" });
  });

  it("leave nothing of this browser's own when the work goes out, and nothing at all when there is none", () => {
    const blocked = { ...wc, enabled: false, disabledReason: "blocked" as const };
    expect(travellingTools(savedLearner([blocked], { read: "learner", write: "mini-pi" }))).toEqual({
      tools: [{ name: "wc", source: wc.source, enabled: true }],
      handlers: { write: "mini-pi" },
    });
    expect(travellingTools(savedLearner([], { read: "learner" }))).toBeUndefined();
  });
});
