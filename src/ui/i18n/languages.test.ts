import { describe, expect, it } from "vitest";
import { languageOfTag, pickLanguage } from "./languages";

describe("languageOfTag", () => {
  it.each([
    ["en-US", "en"],
    ["en", "en"],
    ["zh-CN", "zh-Hans"],
    ["zh-SG", "zh-Hans"],
    ["zh", "zh-Hans"],
    ["zh-Hans-CN", "zh-Hans"],
    ["zh-TW", "zh-Hant"],
    ["zh-HK", "zh-Hant"],
    ["zh_MO", "zh-Hant"],
    ["zh-Hant", "zh-Hant"],
    ["zh-Hant-US", "zh-Hant"],
    ["fr-FR", undefined],
  ])("%s → %s", (tag, language) => {
    expect(languageOfTag(tag)).toBe(language);
  });
});

describe("pickLanguage", () => {
  it("keeps a remembered choice over the browser's", () => {
    expect(pickLanguage("zh-Hant", ["en-US"])).toBe("zh-Hant");
  });
  it("takes the first preferred language it has, skipping ones it lacks", () => {
    expect(pickLanguage(null, ["fr-FR", "zh-TW", "en"])).toBe("zh-Hant");
  });
  it("ignores a stored value that is not a language and falls back to English", () => {
    expect(pickLanguage("klingon", ["de-DE"])).toBe("en");
  });
});
