import { describe, expect, it } from "vitest";
import { createPrefsStore, DEFAULT_PREFS, parsePrefs } from "./prefs";

describe("prefs", () => {
  it("keeps only valid stored values and resizes columns within bounds", () => {
    expect(parsePrefs({ theme: "pink", projector: true, columns: [1, 2] })).toEqual({
      ...DEFAULT_PREFS,
      projector: true,
    });
    const prefs = createPrefsStore();
    prefs.resize(0, 0.2);
    expect(prefs.getSnapshot().columns[0]).toBeCloseTo(1.2);
    prefs.resize(0, -5);
    expect(prefs.getSnapshot().columns[0]).toBeCloseTo(1.2);
    prefs.toggleCollapsed("timeline");
    expect(prefs.getSnapshot().collapsed).toEqual({ timeline: true });
  });
});
