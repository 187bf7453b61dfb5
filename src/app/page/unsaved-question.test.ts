import { describe, expect, it } from "vitest";
import { unsavedQuestion } from "./page-session";

describe("unsavedQuestion", () => {
  it("asks nothing when no edit is unsaved", () => {
    expect(unsavedQuestion([], "reset")).toBeNull();
  });
  it("says what it is about, so the page words it in its own language", () => {
    const q = unsavedQuestion(["a.md", "b.md"], "pick");
    expect(q?.about).toEqual({ kind: "unsaved", action: "pick", paths: ["a.md", "b.md"] });
    expect(q?.title).toBe("Load the scenario? Your edits are not saved");
    expect(q?.text).toContain("2 files (a.md, b.md)");
  });
});
