/**
 * What a presenter needs: the layout holds at 1280×720, projector mode, both themes, the `?` sheet, and the
 * README screenshots (taken here, so they show the current page: into test-results/ on every run, and into
 * docs/ for the README when UPDATE_SCREENSHOTS=1, so a plain test run leaves the checkout clean).
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { openApp } from "./page";
import { playThreePrompts, runAxe } from "./support";

const DOCS = fileURLToPath(
  new URL(process.env.UPDATE_SCREENSHOTS === "1" ? "../../docs/" : "../../test-results/", import.meta.url),
);
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(DOCS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

describe("the presenter's page", () => {
  it("fits 1280×720 without sideways scrolling and takes the light screenshot", async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
    await playThreePrompts(page);
    await page.getByRole("button", { name: "read", exact: true }).click();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${DOCS}screenshot-light.png` });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("projector mode: larger type, fewer panels, dark theme with `t`, no axe violations; screenshot", async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
    await playThreePrompts(page);
    const size = () =>
      page.evaluate(() => Number.parseFloat(getComputedStyle(document.documentElement).fontSize));
    const normal = await size();
    await page.locator("body").focus();
    await page.keyboard.press("p");
    await page.waitForFunction(() => document.documentElement.dataset.projector === "true");
    expect(await size()).toBeGreaterThan(normal);
    expect(await page.getByRole("heading", { name: "Event stream" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Dispatch table" }).isVisible()).toBe(true);
    await page.screenshot({ path: `${DOCS}screenshot-projector.png` });
    await page.keyboard.press("t");
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    expect(await runAxe(page)).toEqual([]);
    // The settings survive a reload (localStorage, written by the app layer).
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.projector === "true");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("lists the shortcuts under ? and collapses a panel from the keyboard", async () => {
    const { page, errors } = await openApp(browser);
    await page.getByRole("heading", { name: "Workspace" }).waitFor();
    await page.locator("body").focus();
    await page.keyboard.press("?");
    const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await dialog.waitFor();
    expect((await dialog.textContent()) ?? "").toContain("abort the running call");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    const toggle = page.getByRole("button", { name: "Timeline" });
    expect(await toggle.getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("4");
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
