import { describe, expect, it } from "vitest";
import { createI18n } from "../i18n";
import { noticeText } from "./notice-text";

describe("noticeText", () => {
  const t = createI18n("zh-Hans").t;
  it("words a notice that says what it is about in the page's language, keeping the error as it came", () => {
    const text = noticeText(t, {
      text: "The scenario a.json could not be loaded: boom. Pick it again to retry.",
      about: { code: "loadFailed", file: "a.json", error: "boom" },
    });
    expect(text).toBe("场景 a.json 加载失败：boom。再选一次它即可重试。");
  });
  it("picks the worker notice's wording by where the workspace came back from", () => {
    const about = { code: "workerReplaced", calls: "c1", ms: 1500, from: "preset" } as const;
    expect(noticeText(t, { text: "", about })).toContain("用预设文件恢复了工作区");
  });
  it("shows the English text of a notice that does not say what it is about", () => {
    expect(noticeText(t, { text: "Something else." })).toBe("Something else.");
  });
});
