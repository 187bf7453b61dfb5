import { describe, expect, it } from "vitest";
import { barSegments } from "./segments";

const entry = (index: number, role = index % 2 ? "assistant" : "user") => ({
  index,
  estimate: index + 1,
  role,
});

describe("barSegments", () => {
  it("gives each message its own segment while there are at most `max`", () => {
    const entries = [0, 1, 2].map((i) => entry(i));
    expect(barSegments(entries, 3)).toEqual([
      { key: "m0", tokens: 1, kind: "user", first: 0, last: 0 },
      { key: "m1", tokens: 2, kind: "assistant", first: 1, last: 1 },
      { key: "m2", tokens: 3, kind: "user", first: 2, last: 2 },
    ]);
  });

  it("groups neighbours past `max`, keeps every token and names a mixed run 'many'", () => {
    const entries = Array.from({ length: 10_000 }, (_, i) => entry(i));
    const segments = barSegments(entries, 120);
    expect(segments.length).toBeLessThanOrEqual(120);
    expect(segments.reduce((n, s) => n + s.tokens, 0)).toBe(entries.reduce((n, e) => n + e.estimate, 0));
    expect(segments[0]).toMatchObject({ first: 0, last: 83, kind: "many" });
    expect(segments.at(-1)?.last).toBe(9_999);
  });

  it("keeps a run's role when every message in it has that role", () => {
    const entries = Array.from({ length: 4 }, (_, i) => entry(i, "toolResult"));
    expect(barSegments(entries, 2).map((s) => s.kind)).toEqual(["toolResult", "toolResult"]);
  });
});
