/**
 * The page in Simplified and Traditional Chinese: it comes up in the browser's language without a click,
 * the newcomer's journey works in it, axe finds nothing serious, no English UI text is left outside the
 * model's text and code, nothing overflows at 1024×768, and switching back to English is remembered.
 */
import { existsSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { englishLeft } from "./english-left";
import { closePage, openAppIn } from "./page";
import { runAxe } from "./support";

const SCREENSHOT = "docs/languages-zh-Hans.png";
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What spills out at this size: the page sideways, or a button or tab whose label is cut. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) out.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    for (const el of document.querySelectorAll<HTMLElement>("button, [role=tab], select, label")) {
      if (!el.offsetParent || el.closest("[hidden], dialog:not([open]), [popover]")) continue;
      if (el.scrollWidth > el.clientWidth + 2 && getComputedStyle(el).overflowX !== "visible")
        out.push(`${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}"`);
      if (el.scrollHeight > el.clientHeight + 2 && getComputedStyle(el).overflowY === "hidden")
        out.push(`${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}" cut below`);
    }
    return out;
  });
}

/** openAppIn, waiting for the first scenario by the event list's class: its name is in the page's language. */
async function openInChinese(context: BrowserContext) {
  const opened = await openAppIn(context, { waitForScenario: false });
  await opened.page.locator(".event-list").getByText("scenario_loaded").first().waitFor();
  return opened;
}

const WORDS = {
  "zh-Hans": {
    locale: "zh-CN",
    dispatch: "分派表",
    scenario: "情境",
    title: "三个入门提示",
    finished: "播放完毕。",
    hand: "手动调用工具",
    form: "表单",
    tool: "工具",
    speed: "速度",
    play: "播放",
    noPauses: "不停顿",
    files: "工作区文件",
    picker: "语言",
  },
  "zh-Hant": {
    locale: "zh-TW",
    dispatch: "分派表",
    scenario: "情境",
    title: "三個入門提示",
    finished: "播放完畢。",
    hand: "手動呼叫工具",
    form: "表單",
    tool: "工具",
    speed: "速度",
    play: "播放",
    noPauses: "不停頓",
    files: "工作區檔案",
    picker: "語言",
  },
} as const;

describe.each(Object.entries(WORDS))("the page in %s", (language, w) => {
  it("comes up in the browser's language and takes a newcomer through a scenario and a call by hand", async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: w.locale });
    const { page, errors } = await openInChinese(context);
    try {
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await page.getByRole("heading", { name: w.dispatch, exact: true }).waitFor();
      // The scenario: its title in the page's language, played to the end.
      const picker = page.getByRole("combobox", { name: language === "zh-Hans" ? "场景" : "情境" });
      const value = await picker.locator("option", { hasText: w.title }).getAttribute("value");
      await picker.selectOption(value ?? "");
      await page.getByText(w.title).last().waitFor();
      await page.getByRole("combobox", { name: w.speed }).selectOption({ label: w.noPauses });
      await page.getByRole("button", { name: w.play, exact: true }).click();
      await page.getByText(w.finished).waitFor({ timeout: 20_000 });
      await expect.poll(() => page.locator(".transcript .call").count(), { timeout: 15_000 }).toBe(4);
      await page.getByRole("list", { name: w.files }).getByText("notes.md", { exact: true }).waitFor();
      // A call by hand: the form's labels are the page's, the arguments and the result stay the model's.
      await page.getByRole("tab", { name: w.hand }).click();
      await page.getByRole("tab", { name: w.form }).click();
      const before = await page.locator(".msg--result").count();
      await page.getByRole("combobox", { name: w.tool, exact: true }).selectOption("read");
      await page.getByRole("textbox", { name: /^path\b/ }).fill("package.json");
      await page.getByRole("button", { name: language === "zh-Hans" ? "运行 read" : "執行 read" }).click();
      await page.waitForFunction((n) => document.querySelectorAll(".msg--result").length > n, before);
      expect((await page.locator(".msg--result").last().textContent()) ?? "").toContain('"name"');

      expect(await englishLeft(page)).toEqual([]);
      expect(await runAxe(page)).toEqual([]);
      expect(await overflows(page)).toEqual([]);
      // Projector mode: larger type, the same labels, nothing cut.
      await page.locator("body").press("p");
      await page.waitForFunction(() => document.documentElement.dataset.projector === "true");
      expect(await overflows(page)).toEqual([]);
      await page.locator("body").press("p");
      // The README's picture of the Chinese page: refreshed on request, written when it is missing.
      if (language === "zh-Hans" && (process.env.UPDATE_SCREENSHOTS || !existsSync(SCREENSHOT))) {
        await page.setViewportSize({ width: 1280, height: 720 });
        await page.screenshot({ path: SCREENSHOT });
      }
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
      await context.close();
    }
  });
});

describe("switching back to English", () => {
  it("speaks English at once, keeps it over a reload, and stays clean for axe", async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: "zh-TW" });
    const { page, errors } = await openInChinese(context);
    try {
      await page.getByRole("combobox", { name: "語言" }).selectOption("en");
      await page.getByRole("heading", { name: "Dispatch table", exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
      await page.reload();
      // The saved workspace comes back on reload, so no first scenario loads over it: the session's ready.
      await page.getByRole("list", { name: "Session events" }).getByText("session_ready").first().waitFor();
      await page.getByRole("combobox", { name: "Language" }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
      // The newcomer's journey in English, as newcomer.e2e.ts walks it: play, then a call by hand. The
      // restored workspace loads no scenario by itself, so the newcomer picks one.
      await page
        .getByRole("combobox", { name: "Scenario" })
        .selectOption({ label: "Two edits of one file at once" });
      await page.getByText("Two edits of one file at once:").waitFor();
      await page.getByRole("combobox", { name: "Scenario" }).selectOption({ label: "Three first prompts" });
      await page.getByText("Three first prompts:").waitFor();
      await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
      await page.getByRole("button", { name: "Play" }).click();
      await page.getByText("Finished.").waitFor({ timeout: 20_000 });
      await page.getByRole("tab", { name: "Call a tool by hand" }).click();
      await page.getByRole("textbox", { name: /^path\b/ }).fill("package.json");
      await page.getByRole("button", { name: "Run read" }).click();
      await page.locator(".msg--result").first().waitFor();
      expect(await runAxe(page)).toEqual([]);
      expect(await overflows(page)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
      await context.close();
    }
  });
});
