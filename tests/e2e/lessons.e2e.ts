/**
 * The lessons panel in Chromium: the handlers lesson's exercise fails with the reason (nothing refused,
 * then pi's read getting through), passes once read is on mini-pi's handler and /etc/passwd is refused,
 * and the progress outlives a reload; a lesson without a scenario (truncation) shows its panel and is
 * checked from a call made by hand; the versions lesson passes when one find gets two answers from two pi
 * versions.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { callByHand, fillToolForm, runAxe } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function readByHand(page: Page, path: string) {
  await fillToolForm(page, "read", { path });
  const results = page.locator(".msg--result");
  const before = await results.count();
  await page
    .getByRole("form", { name: "Call a tool by hand" })
    .getByRole("button", { name: "Run read" })
    .click();
  await page.waitForFunction((n) => document.querySelectorAll(".msg--result").length > n, before);
}

it("an exercise fails with the reason, then passes, and the progress is remembered", async () => {
  const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  const open = () => page.getByRole("button", { name: "Lessons", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Lessons" });
  const lesson = dialog.locator('[data-lesson="handlers"]');
  const status = lesson.getByRole("status");
  await open();
  await lesson.getByRole("button", { name: "Start the exercise" }).click();
  await lesson.getByRole("button", { name: "Check" }).click();
  expect(await status.textContent()).toBe(
    "Not yet. No call was refused by safePath since you started. Read /etc/passwd with mini-pi's read.",
  );
  expect(await runAxe(page)).toEqual([]);

  await dialog.getByRole("button", { name: "Close" }).click();
  await readByHand(page, "/etc/passwd");
  await open();
  await lesson.getByRole("button", { name: "Check" }).click();
  await expect
    .poll(() => status.textContent())
    .toContain('The read got through: that was pi\'s handler. Set "read handler"');

  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByRole("combobox", { name: "read handler" }).selectOption("mini-pi");
  await readByHand(page, "/etc/passwd");
  await open();
  await lesson.getByRole("button", { name: "Check" }).click();
  await expect.poll(() => status.textContent()).toBe("Passed. safePath refused a path outside /workspace.");
  expect(await dialog.getByText("1 of 14 passed").count()).toBe(1);

  await page.reload();
  await open();
  await expect.poll(() => dialog.getByText("1 of 14 passed").count()).toBe(1);
  expect(await lesson.getByText("✓ passed").count()).toBe(1);
  expect(errors).toEqual([]);
  await closePage(page);
});

it("a lesson without a scenario: truncation shows its panel, fails before the call and passes after it", async () => {
  const { page, errors } = await openApp(browser, { viewport: { width: 1024, height: 768 } });
  await page.getByRole("button", { name: "Lessons", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Lessons" });
  const lesson = dialog.locator('[data-lesson="truncation"]');
  const status = lesson.getByRole("status");
  await lesson.getByRole("button", { name: "Show the conversation" }).click();
  expect(await page.locator('[data-panel="conversation"].lesson-highlight').count()).toBe(1);
  await lesson.getByRole("button", { name: "Start the exercise" }).click();
  await lesson.getByRole("button", { name: "Check" }).click();
  expect(await status.textContent()).toBe("Not yet. No call has ended since you started. Run one by hand.");

  await dialog.getByRole("button", { name: "Close" }).click();
  await callByHand(page, "bash", { command: "seq 1 3000" }, 20_000);
  await page.getByRole("button", { name: "Lessons", exact: true }).click();
  await lesson.getByRole("button", { name: "Check" }).click();
  await expect
    .poll(() => status.textContent())
    .toBe("Passed. A result was cut: its last line says what was left out.");
  expect(errors).toEqual([]);
  await closePage(page);
});

it("two versions of pi: the same find by hand on each version passes once their answers differ", async () => {
  const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  const open = () => page.getByRole("button", { name: "Lessons", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Lessons" });
  const lesson = dialog.locator('[data-lesson="versions"]');
  const status = lesson.getByRole("status");
  await open();
  // The lesson's scenario brings the files (lib/a.ts, lib/deep/b.ts, src/lib/c.ts) and switches find on.
  await lesson.getByRole("button", { name: "Play the scenario" }).click();
  await expect
    .poll(() => page.getByText("find lib/*.ts: any depth or anchored").count(), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await lesson.getByRole("button", { name: "Start the exercise" }).click();
  await dialog.getByRole("button", { name: "Close" }).click();
  expect(await callByHand(page, "find", { pattern: "lib/*.ts" })).toBe("lib/a.ts");
  await open();
  await lesson.getByRole("button", { name: "Check" }).click();
  await expect
    .poll(() => status.textContent())
    .toMatch(/^Not yet\. Your find calls ran on one pi version only/);

  await dialog.getByRole("button", { name: "Close" }).click();
  await page.getByRole("combobox", { name: "pi version" }).selectOption("0.73.1");
  expect(await callByHand(page, "find", { pattern: "lib/*.ts" })).toBe("lib/a.ts\nsrc/lib/c.ts");
  await open();
  await lesson.getByRole("button", { name: "Check" }).click();
  await expect.poll(() => status.textContent()).toMatch(/^Passed\. The same find got two answers\./);
  expect(errors).toEqual([]);
  await closePage(page);
});
