import { beforeAll, describe, expect, it } from "vitest";
import { createI18n, startI18n } from "../i18n";
import { linkQuestion } from "./link-question";

const scenario = {
  source: "scenario" as const,
  learnerTools: [],
  files: 3,
  changes: { added: [], changed: [], removed: [] },
  tools: ["read", "bash"],
  scenario: "Queue race",
  steps: 4,
};

describe("a link's question", () => {
  beforeAll(async () => {
    await startI18n("zh-Hans");
    await startI18n("zh-Hant");
  });
  it("says what a scenario link holds, with the share link's three answers", () => {
    const q = linkQuestion(createI18n("en").t, scenario, true);
    expect(q.title).toBe("Open the linked scenario?");
    expect(q.text).toContain(
      "This link opens the scenario “Queue race”: a workspace of 3 entries, the tools read, bash, and 4 scripted steps",
    );
    expect([q.confirm, q.alternative, q.cancel]).toEqual([
      "Replace my workspace",
      "Open as a new workspace",
      "Keep what I have",
    ]);
    expect(linkQuestion(createI18n("en").t, scenario, false).alternative).toBeUndefined();
  });
  it("is worded in the page's other languages", () => {
    expect(linkQuestion(createI18n("zh-Hans").t, scenario, true).title).toBe("打开链接里的场景？");
    expect(linkQuestion(createI18n("zh-Hant").t, scenario, true).text).toContain("情境「Queue race」");
  });
  it("keeps the share link's own wording for a share link", () => {
    const q = linkQuestion(
      createI18n("en").t,
      { ...scenario, source: undefined, changes: { added: ["a/b/c.txt"], changed: [], removed: [] } },
      true,
    );
    expect(q.title).toBe("Open the shared work?");
    expect(q.text).toContain("1 added, 0 changed and 0 removed");
    expect(q.changes?.added).toEqual(["a/b/c.txt"]);
  });
});
