/**
 * The page's error sentences in Chinese: a JSON syntax hint, a session error and Test connection's answer
 * to a server that is down all come worded in the page's language, with no English left outside the
 * learner's own text, code and what the provider said.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockProvider } from "../mock-provider/server";
import { launchBrowser } from "./browser";
import { englishLeft } from "./english-left";
import { closePage, openAppIn } from "./page";
import { runAxe } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("error sentences on a Simplified Chinese page", () => {
  it("words a JSON mistake, a refused call and a closed port in Chinese", async () => {
    // A port nothing listens on: a mock provider's, closed again.
    const closed = await startMockProvider();
    const downUrl = closed.openaiBaseUrl;
    await closed.close();
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: "zh-CN" });
    const { page, errors } = await openAppIn(context, { waitForScenario: false });
    try {
      await page.locator(".event-list").getByText("scenario_loaded").first().waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-Hans");

      // The JSON syntax hint: where it breaks and what to do, in Chinese; the learner's word as code.
      await page.getByRole("tab", { name: "手动调用工具" }).click();
      await page.getByRole("tab", { name: "原始 JSON" }).click();
      const args = page.getByRole("textbox", { name: "参数（JSON）" });
      await args.fill("{path: 1}");
      const hint = page.locator(".run-bar").getByText("这不是合法的 JSON");
      await hint.waitFor();
      expect(await hint.textContent()).toBe(
        '这不是合法的 JSON：在第 1 行第 2 列出错。 属性名要加双引号： "path"',
      );
      expect(await englishLeft(page)).toEqual([]);

      // A session error: arguments that are JSON but not an object, which the session refuses.
      await args.fill("[1]");
      await page.getByRole("button", { name: "运行 read" }).click();
      const refused = page.locator(".msg--error").last();
      await refused.waitFor();
      expect(await refused.textContent()).toMatch(/^参数必须是一个 JSON 对象/);

      // Test connection to a server that is down: what happened and what to do, in Chinese.
      await page.getByRole("tab", { name: "模型提示" }).click();
      const form = page.getByRole("form", { name: "模型提示" });
      await form.getByRole("textbox", { name: "基础 URL" }).fill(downUrl);
      await form.getByRole("button", { name: "测试连接" }).click();
      const answer = form.locator("output");
      await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toContain("没有任何回应");
      expect(await answer.textContent()).toContain(`${downUrl} 没有任何回应：服务器没有运行`);

      expect(await englishLeft(page)).toEqual([]);
      expect(await runAxe(page)).toEqual([]);
      // the refused call and the failed request are the cases under test; nothing else went wrong
      expect(errors.filter((e) => !/ERR_CONNECTION_REFUSED|Failed to load resource/.test(e))).toEqual([]);
    } finally {
      await closePage(page);
      await context.close();
    }
  }, 60_000);
});

describe("the languages not in use", () => {
  it("are not fetched by an English page, and a pick fetches its chunk then switches", async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, locale: "en-US" });
    const { page, errors } = await openAppIn(context);
    const chunks: string[] = [];
    page.on("request", (request) => {
      const name = /strings-(zh-Han[st])/.exec(request.url())?.[1];
      if (name) chunks.push(name);
    });
    try {
      await page.getByRole("heading", { name: "Dispatch table", exact: true }).waitFor();
      // requests made before the listener was attached show in the page's own resource list
      const early = await page.evaluate(
        () => performance.getEntriesByType("resource").filter((e) => /strings-zh/.test(e.name)).length,
      );
      expect([early, chunks]).toEqual([0, []]);
      await page.getByRole("combobox", { name: "Language" }).selectOption("zh-Hant");
      await page.getByRole("heading", { name: "分派表", exact: true }).waitFor();
      expect(chunks).toEqual(["zh-Hant"]);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-Hant");
      expect(errors).toEqual([]);
    } finally {
      await closePage(page);
      await context.close();
    }
  }, 40_000);
});
