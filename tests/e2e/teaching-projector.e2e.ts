/**
 * Projector mode keeps the subject: at the two projector sizes it shows the dispatch table, the
 * conversation, the timeline and the prompt, with code and tables at 18 px or more; no tab label is
 * clipped in either mode; the presenter's choice of panels is kept apart from normal mode's and survives
 * a reload. Screenshots of both modes go to test-results/ for a person to look at.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { PROJECTOR_SIZES, playThreePrompts, runAxe } from "./support";

const OUT = fileURLToPath(new URL("../../test-results/", import.meta.url));
const PROJECTOR_DEFAULT = ["Dispatch table", "Conversation", "Timeline", "System prompt"];
const ALL_PANELS = ["Workspace", ...PROJECTOR_DEFAULT, "Event stream"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  mkdirSync(OUT, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function setProjector(page: Page, on: boolean) {
  await page.locator("body").focus();
  await page.keyboard.press("p");
  await page.waitForFunction((want) => document.documentElement.dataset.projector === want, String(on));
}

/** The panel headings the page shows (a hidden panel is out of the accessibility tree). */
async function shownPanels(page: Page): Promise<string[]> {
  const shown: string[] = [];
  for (const name of ALL_PANELS)
    if (await page.getByRole("heading", { level: 2, name, exact: true }).isVisible()) shown.push(name);
  return shown;
}

/** Normal mode: which panels are open (not collapsed to their header). */
async function openPanels(page: Page): Promise<string[]> {
  const open: string[] = [];
  for (const name of ALL_PANELS)
    if ((await page.getByRole("button", { name, exact: true }).getAttribute("aria-expanded")) === "true")
      open.push(name);
  return open;
}

/**
 * Every shown tab whose label is cut: its text wider than its box, or its box outside what the tablist
 * shows (the tablist cut sideways by every ancestor that clips, and by the window).
 */
function clippedTabs(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    for (const tab of document.querySelectorAll<HTMLElement>('[role="tab"]')) {
      if (!tab.checkVisibility()) continue;
      const name = tab.textContent ?? "";
      if (tab.scrollWidth > tab.clientWidth)
        bad.push(`${name}: text ${tab.scrollWidth} > ${tab.clientWidth}`);
      const list = tab.closest('[role="tablist"]');
      if (!list) {
        bad.push(`${name}: no tablist`);
        continue;
      }
      const box = list.getBoundingClientRect();
      let left = Math.max(box.left, 0);
      let right = Math.min(box.right, window.innerWidth);
      for (let el = list.parentElement; el; el = el.parentElement) {
        if (getComputedStyle(el).overflowX === "visible") continue;
        const r = el.getBoundingClientRect();
        left = Math.max(left, r.left + el.clientLeft);
        right = Math.min(right, r.left + el.clientLeft + el.clientWidth);
      }
      const t = tab.getBoundingClientRect();
      if (
        t.left < left - 0.5 ||
        t.right > right + 0.5 ||
        t.top < box.top - 0.5 ||
        t.bottom > box.bottom + 0.5
      )
        bad.push(`${name}: [${t.left}, ${t.right}] outside the visible [${left}, ${right}]`);
    }
    return bad;
  });
}

/** The elements of `selector` with a computed font size under 18 px, and how many were measured. */
function smallType(page: Page, selector: string): Promise<{ count: number; small: string[] }> {
  return page.evaluate((sel) => {
    const els = [...document.querySelectorAll<HTMLElement>(sel)].filter((e) => e.checkVisibility());
    const small = els
      .map((e) => ({ e, px: Number.parseFloat(getComputedStyle(e).fontSize) }))
      .filter(({ px }) => px < 18)
      .map(({ e, px }) => `${e.tagName.toLowerCase()} "${(e.textContent ?? "").slice(0, 30)}" ${px}px`);
    return { count: els.length, small };
  }, selector);
}

describe("projector mode keeps the subject", () => {
  for (const viewport of PROJECTOR_SIZES) {
    const size = `${viewport.width}×${viewport.height}`;
    it(`${size}: the dispatch table at 18 px, no clipped tab in either mode`, async () => {
      const { page, errors } = await openApp(browser, { viewport });
      await playThreePrompts(page);
      // The hand-call form's own tabs show too.
      await page.getByRole("tab", { name: "Call a tool by hand" }).click();
      expect(await clippedTabs(page)).toEqual([]);
      await page.screenshot({ path: `${OUT}teaching-normal-${viewport.width}.png` });

      await setProjector(page, true);
      expect(await shownPanels(page)).toEqual(PROJECTOR_DEFAULT);
      expect(await clippedTabs(page)).toEqual([]);
      for (const sel of [
        '[data-panel="dispatch"] :is(th, td, code, select)',
        '[data-panel="system-prompt"] :is(th, td, code, pre)',
        '[data-panel="conversation"] .transcript :is(code, pre)',
      ]) {
        const { count, small } = await smallType(page, sel);
        expect(count, sel).toBeGreaterThan(0);
        expect(small, sel).toEqual([]);
      }
      // Every row of the dispatch table reads whole: none cut at the bottom, none wider than the panel.
      const cut = await page.evaluate(() => {
        const body = document.querySelector('[data-panel="dispatch"] .panel__body') as HTMLElement;
        const b = body.getBoundingClientRect();
        const rows = [...body.querySelectorAll("tbody tr")].filter(
          (r) => r.getBoundingClientRect().bottom > b.bottom,
        );
        return { rows: rows.length, wider: body.scrollWidth - body.clientWidth };
      });
      expect(cut).toEqual({ rows: 0, wider: 0 });
      await page.getByRole("tab", { name: "Rendered" }).click();
      expect((await smallType(page, '[data-panel="system-prompt"] pre')).small).toEqual([]);
      await page.getByRole("tab", { name: "Sections" }).click();
      await page.screenshot({ path: `${OUT}teaching-projector-${viewport.width}.png` });
      expect(await runAxe(page)).toEqual([]);

      // Back in normal mode every panel is where it was, and no tab is cut there either.
      await setProjector(page, false);
      expect(await openPanels(page)).toEqual(ALL_PANELS);
      expect(await clippedTabs(page)).toEqual([]);
      expect(errors).toEqual([]);
      await closePage(page);
    });
  }

  it("keeps the projector's panels apart from normal mode's, through the Panels menu, the keys and a reload", async () => {
    const { page, errors } = await openApp(browser, { viewport: PROJECTOR_SIZES[0] });
    await page.getByRole("heading", { name: "Workspace" }).waitFor();
    // Normal mode: collapse the event stream (6).
    await page.locator("body").focus();
    await page.keyboard.press("6");
    expect(await openPanels(page)).toEqual(ALL_PANELS.filter((p) => p !== "Event stream"));

    // Projector mode: its own default; show the event stream and hide the timeline from the menu, hide the
    // dispatch table with 2.
    await setProjector(page, true);
    expect(await shownPanels(page)).toEqual(PROJECTOR_DEFAULT);
    // Esc closes the menu wherever focus is (the page's own Esc, which aborts, waits for the next press).
    await page.getByRole("button", { name: "Panels" }).click();
    const menu = page.getByRole("dialog", { name: "Panels" });
    await menu.waitFor();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Panels" }).click();
    expect(await runAxe(page)).toEqual([]);
    await menu.getByRole("checkbox", { name: /Event stream/ }).check();
    await menu.getByRole("checkbox", { name: /Timeline/ }).uncheck();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await page.locator("body").focus();
    await page.keyboard.press("2");
    expect(await shownPanels(page)).toEqual(["Conversation", "System prompt", "Event stream"]);
    // A panel's own hide button; focus goes to the Panels button, which brings it back.
    await page.getByRole("button", { name: "Hide System prompt" }).click();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Panels");
    expect(await shownPanels(page)).toEqual(["Conversation", "Event stream"]);
    await page.keyboard.press("Enter");
    await menu.getByRole("checkbox", { name: /System prompt/ }).check();
    await page.keyboard.press("Escape");

    // Normal mode did not change; changing it does not change the projector's choice.
    await setProjector(page, false);
    expect(await openPanels(page)).toEqual(ALL_PANELS.filter((p) => p !== "Event stream"));
    await page.locator("body").focus();
    await page.keyboard.press("1");
    expect(await openPanels(page)).toEqual(
      ALL_PANELS.filter((p) => p !== "Event stream" && p !== "Workspace"),
    );
    await setProjector(page, true);
    const projectorChoice = ["Conversation", "System prompt", "Event stream"];
    expect(await shownPanels(page)).toEqual(projectorChoice);

    // Both choices survive a reload (localStorage).
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dataset.projector === "true");
    await page.getByRole("heading", { name: "Conversation" }).waitFor();
    expect(await shownPanels(page)).toEqual(projectorChoice);
    await setProjector(page, false);
    expect(await openPanels(page)).toEqual(
      ALL_PANELS.filter((p) => p !== "Event stream" && p !== "Workspace"),
    );
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
