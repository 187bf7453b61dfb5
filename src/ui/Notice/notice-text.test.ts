import { beforeAll, describe, expect, it } from "vitest";
import { createI18n, startI18n } from "../i18n";
import { noticeText } from "./notice-text";

describe("noticeText", () => {
  let t = createI18n("en").t;
  beforeAll(async () => {
    t = (await startI18n("zh-Hans")).t;
    await startI18n("zh-Hant");
  });
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
  it("says a learner's tool did not end, not the bash engine's reason, in each language", () => {
    const about = {
      code: "workerReplaced",
      calls: "c1",
      ms: 150,
      from: "snapshot",
      reason: "import",
      cause: "learner",
      tools: "hang",
    } as const;
    const en = noticeText(createI18n("en").t, { text: "", about });
    expect(en).toContain("because the code of your tool hang did not end when the abort came");
    expect(en).not.toContain("bash");
    expect(noticeText(t, { text: "", about })).toContain("因为你的工具 hang 的代码在收到中止时没有结束");
    expect(noticeText(createI18n("zh-Hant").t, { text: "", about })).toContain(
      "因為你的工具 hang 的程式碼在收到中止時沒有結束",
    );
    for (const language of ["en", "zh-Hans", "zh-Hant"])
      expect(noticeText(createI18n(language as "en").t, { text: "", about })).not.toMatch(/bash/);
  });
  it("words a session error and an abort by their codes, keeping an engine's message as it came", () => {
    const busy = { code: "busy" } as const;
    expect(noticeText(t, { text: "A run is in progress", about: busy })).toBe(
      "正在运行中：请等它结束，或按 Esc 中止，然后再试一次。",
    );
    const failed = { code: "failed", error: "ENOENT: no such file" } as const;
    expect(noticeText(t, { text: "", about: failed })).toBe("会话无法完成这一操作：ENOENT: no such file");
    const abort = { code: "abortRequested", source: "user" } as const;
    expect(noticeText(createI18n("en").t, { text: "", about: abort })).toBe(
      "Abort requested (Esc or the Abort button).",
    );
    expect(noticeText(createI18n("zh-Hant").t, { text: "", about: { ...abort, source: "scenario" } })).toBe(
      "已要求中止（由情境發起）。",
    );
  });
  it("names the call of a composed turn before what is wrong with it", () => {
    const about = { code: "inCall", n: 2, tool: "read", about: { code: "argsNotObject" } } as const;
    expect(noticeText(t, { text: "", about })).toMatch(/^调用 2（read）：参数必须是一个 JSON 对象/);
    const raw = { code: "inCall", n: 1, tool: "ls", error: "boom" } as const;
    expect(noticeText(t, { text: "", about: raw })).toBe("调用 1（ls）：boom");
  });
  it("shows the English text of a notice that does not say what it is about", () => {
    expect(noticeText(t, { text: "Something else." })).toBe("Something else.");
  });
});
