import { describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { worded } from "./worded";

const t = createI18n("en").getFixedT("en");

describe("the unsaved-edits question, as the dialog words it", () => {
  it("names the files and what going on does, from the locale files", () => {
    const q = worded(t, { about: { kind: "unsaved", action: "pick", paths: ["a.md", "b.md"] } });
    expect(q?.title).toBe("Load the scenario? Your edits are not saved");
    expect(q?.text).toContain("2 files (a.md, b.md)");
    expect(q?.text).toContain("the scenario's own files replace the workspace");
    expect(q).toMatchObject({ confirm: "Discard my edits and load", cancel: "Keep editing" });
  });

  it("names a single file by its path", () => {
    const q = worded(t, { about: { kind: "unsaved", action: "reset", paths: ["src/app.ts"] } });
    expect(q?.text).toContain("unsaved edits in src/app.ts.");
    expect(q?.confirm).toBe("Discard my edits and reset");
  });

  it("passes a question that is already worded through as it is", () => {
    const q = { title: "T", text: "X", confirm: "Yes", cancel: "No" };
    expect(worded(t, q)).toBe(q);
    expect(worded(t, null)).toBeNull();
  });
});
