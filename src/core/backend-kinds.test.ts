import { describe, expect, it } from "vitest";
import { BACKEND_KIND, BACKEND_KINDS, backendKindOr } from "./backend-kinds";

describe("the backend kinds table", () => {
  it("reads a kind an event or key names, and anything else as the fallback", () => {
    expect(backendKindOr("webcontainer")).toBe("webcontainer");
    expect(backendKindOr("memfs", "webcontainer")).toBe("memfs");
    // an id is not a kind: "webcontainer (fake)" names a backend, not a family
    for (const stranger of ["webcontainer (fake)", "faulty", "", undefined, 3, { kind: "memfs" }])
      expect(backendKindOr(stranger)).toBe("memfs");
    expect(backendKindOr(undefined, "webcontainer")).toBe("webcontainer");
  });

  it("has exactly one row per kind, and a kind the page boots is one whose files live outside the worker", () => {
    expect(Object.keys(BACKEND_KIND).sort()).toEqual([...BACKEND_KINDS].sort());
    // The session settles a copy after each call exactly where the page had to boot the backend: the two
    // facts are separate columns, but a row where they disagree would need a new way to reach the files.
    for (const kind of BACKEND_KINDS)
      expect(BACKEND_KIND[kind].needsIsolation).toBe(!BACKEND_KIND[kind].filesInWorker);
  });
});
