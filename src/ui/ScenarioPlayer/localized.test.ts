import { describe, expect, it } from "vitest";
import { localized } from "./localized";

const scenario = {
  title: "Abort a long command",
  description: "A bash command that never ends is aborted.",
  translations: {
    "zh-Hans": { title: "中止一个长时间运行的命令" },
    "zh-Hant": { title: "", description: "說明" },
  },
};

describe("localized", () => {
  it("takes the page language's title and description", () => {
    expect(localized(scenario, "zh-Hans").title).toBe("中止一个长时间运行的命令");
    expect(localized(scenario, "zh-Hant").description).toBe("說明");
  });
  it("falls back to English for a field the language lacks or leaves empty", () => {
    expect(localized(scenario, "zh-Hans").description).toBe(scenario.description);
    expect(localized(scenario, "zh-Hant").title).toBe(scenario.title);
    expect(localized({ title: "T", description: "D" }, "zh-Hant")).toEqual({ title: "T", description: "D" });
  });
  it("shows English on an English page even when translations exist", () => {
    expect(localized(scenario, "en")).toEqual({ title: scenario.title, description: scenario.description });
  });
});
