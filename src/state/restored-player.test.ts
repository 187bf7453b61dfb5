import { describe, expect, it } from "vitest";
import { parseRemembered, restoredPlayerNote, scenarioToRemember } from "./restored-player";

const shipped = [
  { file: "seed-prompts.json", title: "Three first prompts" },
  { file: "abort.json", title: "Aborting a long command" },
];

describe("the scenario player after a restored workspace", () => {
  it("says nothing without a restore, or once a scenario is loaded", () => {
    const remembered = { title: "Three first prompts", file: "seed-prompts.json" };
    expect(restoredPlayerNote({ restored: false, scenarioLoaded: false, remembered, shipped })).toBeNull();
    expect(restoredPlayerNote({ restored: true, scenarioLoaded: true, remembered, shipped })).toBeNull();
  });

  it("offers the shipped scenario loaded before, found by file or else by title", () => {
    expect(
      restoredPlayerNote({
        restored: true,
        scenarioLoaded: false,
        remembered: { title: "Old title", file: "abort.json" },
        shipped,
      }),
    ).toEqual({ kind: "again", file: "abort.json", title: "Aborting a long command" });
    expect(
      restoredPlayerNote({
        restored: true,
        scenarioLoaded: false,
        remembered: { title: "Three first prompts" },
        shipped,
      }),
    ).toEqual({ kind: "again", file: "seed-prompts.json", title: "Three first prompts" });
  });

  it("names a scenario from a link or a file, and asks for a pick when none was remembered", () => {
    expect(
      restoredPlayerNote({
        restored: true,
        scenarioLoaded: false,
        remembered: { title: "Link lesson" },
        shipped,
      }),
    ).toEqual({ kind: "elsewhere", title: "Link lesson" });
    expect(restoredPlayerNote({ restored: true, scenarioLoaded: false, remembered: null, shipped })).toEqual({
      kind: "pick",
    });
  });

  it("remembers a shipped scenario by its file, another by its title, and reads back only what is valid", () => {
    expect(scenarioToRemember("Three first prompts", shipped)).toEqual({
      title: "Three first prompts",
      file: "seed-prompts.json",
    });
    expect(scenarioToRemember("Link lesson", shipped)).toEqual({ title: "Link lesson" });
    expect(parseRemembered({ title: "A", file: "a.json" })).toEqual({ title: "A", file: "a.json" });
    expect(parseRemembered({ title: "A", file: 3 })).toEqual({ title: "A" });
    expect(parseRemembered({ title: "" })).toBeNull();
    expect(parseRemembered("nonsense")).toBeNull();
    expect(parseRemembered(null)).toBeNull();
  });
});
