/**
 * The page's dialogs share one frame: each is named by its heading, opens with the focus on its Close
 * button, closes on Esc (which the page's own Esc, abort the run, never sees) and on Close, and gives the
 * focus back to the button that opened it.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Counts the Esc presses that reach the window, where the page's shortcuts listen. */
async function countEscOnWindow(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { escSeen: number };
    w.escSeen = 0;
    window.addEventListener("keydown", (e) => {
      if (e.key === "Escape") w.escSeen++;
    });
  });
  return () => page.evaluate(() => (window as unknown as { escSeen: number }).escSeen);
}

const OPENERS = [
  { button: "Compromises: pi vs mini-pi", dialog: "What mini-pi leaves out, and what happens" },
  { button: "Lessons", dialog: "Lessons" },
] as const;

it("each dialog: focus on Close, Esc closes it alone, Close closes it, focus goes back", async () => {
  const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  const escSeen = await countEscOnWindow(page);
  for (const { button, dialog: name } of OPENERS) {
    const opener = page.getByRole("button", { name: button, exact: true });
    const dialog = page.getByRole("dialog", { name });
    await opener.click();
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Close");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await escSeen()).toBe(0);
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await opener.click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
  }
  // The `?` sheet: opened from the keyboard, its Close button shuts it too.
  await page.locator("body").focus();
  await page.keyboard.press("?");
  const sheet = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await sheet.waitFor();
  await sheet.getByRole("button", { name: "Close" }).click();
  await sheet.waitFor({ state: "hidden" });
  expect(errors).toEqual([]);
  await closePage(page);
});
