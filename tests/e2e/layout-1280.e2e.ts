/**
 * The layout's rules (docs/layout.md), measured in Chromium: at 1280×720 the transcript has room and
 * every step of "Three first prompts" shows its call or result in it, normal and projector; projector type
 * grows with the screen and no visible text is under 16 px; the top bar is one line; the lessons dock
 * beside the panels, never over them; axe stays clean in both modes and themes.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { runAxe } from "./support";

const SMALL = { width: 1280, height: 720 };
const STEPS = 14;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function projector(page: Page, on: boolean) {
  await page.locator("body").focus();
  if ((await page.evaluate(() => document.documentElement.dataset.projector === "true")) !== on)
    await page.keyboard.press("p");
  await page.waitForFunction((v) => (document.documentElement.dataset.projector === "true") === v, on);
}

/** How much of the newest transcript entry's top line is inside the transcript's visible box (px). */
function newestEntryInView(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector(".conversation__transcript");
    const last = box?.querySelector(".transcript > li:last-child");
    if (!box) return { inView: false, height: 0 };
    const b = box.getBoundingClientRect();
    if (!last) return { inView: false, height: b.height };
    const e = last.getBoundingClientRect();
    // Its top (the call's name and arguments, or the result's first line) shows, or it fills the view.
    const topShows = e.top >= b.top - 1 && e.top + 16 <= b.bottom;
    return { inView: topShows || (e.top <= b.top && e.bottom >= b.bottom), height: b.height };
  });
}

/** The visible text nodes whose computed size is under `min` px: "size tag: text". */
function smallText(page: Page, min: number) {
  return page.evaluate((min) => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el?.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const r = range.getBoundingClientRect();
      if (
        r.width < 1 ||
        r.height < 1 ||
        r.bottom < 0 ||
        r.top > innerHeight ||
        r.right < 0 ||
        r.left > innerWidth
      )
        continue;
      // Text clipped away by a scroll box is not seen.
      const clip = el.closest(".panel__body, .conversation__transcript, .events__scroll");
      if (clip) {
        const c = clip.getBoundingClientRect();
        if (r.bottom <= c.top || r.top >= c.bottom) continue;
      }
      const size = Number.parseFloat(getComputedStyle(el).fontSize);
      if (size < min) found.push(`${size} ${el.tagName.toLowerCase()}.${el.className}: ${text.slice(0, 30)}`);
    }
    return found;
  }, min);
}

describe.each([false, true])("at 1280×720, projector %s", (on) => {
  it("shows each step's call or result in a transcript at least 300 px tall", async () => {
    const { page, errors } = await openApp(browser, { viewport: SMALL });
    await projector(page, on);
    await page.getByText("Three first prompts:").waitFor();
    const step = page.getByRole("button", { name: "Step", exact: true });
    // Loaded, before any step: the transcript already has its 300 px.
    expect((await newestEntryInView(page)).height).toBeGreaterThanOrEqual(300);
    for (let n = 1; n <= STEPS; n++) {
      await step.click();
      const said = n < STEPS ? `Step ${n} of ${STEPS} (paused).` : "Finished.";
      await page.getByText(said, { exact: true }).waitFor({ timeout: 10_000 });
      // The scroll follows the layout a frame later: wait for the entry to be in view, then measure.
      await expect.poll(() => newestEntryInView(page).then((v) => v.inView), { timeout: 3_000 }).toBe(true);
      expect((await newestEntryInView(page)).height).toBeGreaterThanOrEqual(300);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  }, 90_000);
});

describe("the frame", () => {
  it("keeps the top bar on one line at 1280 px, normal and projector, with a drill on", async () => {
    const { page, errors } = await openApp(browser, { viewport: SMALL });
    // A drill on makes the Drills button longest ("Drill: slow drive").
    await page.getByRole("button", { name: /^Drill/ }).click();
    const menu = page.getByRole("dialog", { name: "Drills" });
    await menu.getByRole("radio", { name: /^Slow network drive/ }).click();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: "Drill: slow drive" }).waitFor();
    const oneLine = () =>
      page.evaluate(() => {
        const bar = document.querySelector(".app__bar");
        const kids = [...(bar?.querySelectorAll(":scope > *, .app__switches > *") ?? [])].filter(
          (k) => k.getBoundingClientRect().height > 0,
        );
        const tops = kids.map((k) => k.getBoundingClientRect());
        const barBox = bar?.getBoundingClientRect();
        // Every control sits in the bar's one row (the pi version picker among them), none wraps its words.
        const room = barBox ? barBox.right - Math.max(...tops.map((t) => t.right)) : 0;
        const spare = [...(bar?.querySelectorAll("h1, .app__switches") ?? [])];
        const gap =
          spare.length === 2
            ? spare[1].getBoundingClientRect().left - spare[0].getBoundingClientRect().right
            : 0;
        return {
          rows: new Set(tops.map((t) => Math.round(t.top / 8))).size,
          tallest: Math.max(...tops.map((t) => t.height)),
          free: room + gap,
          barHeight: barBox?.height ?? 0,
        };
      });
    for (const on of [false, true]) {
      await projector(page, on);
      const m = await oneLine();
      expect(m.rows, `projector ${on}`).toBe(1);
      const size = await page.evaluate(() =>
        Number.parseFloat(getComputedStyle(document.querySelector(".app__bar button") as Element).fontSize),
      );
      expect(m.tallest).toBeLessThan(size * 2.6);
      expect(m.free, `projector ${on}: nothing past the bar's end`).toBeGreaterThanOrEqual(0);
    }
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("projector type grows to 24 px or more at 1920×1080 and no visible text is under 16 px", async () => {
    for (const viewport of [SMALL, { width: 1920, height: 1080 }]) {
      const { page, errors } = await openApp(browser, { viewport });
      await projector(page, true);
      const root = await page.evaluate(() =>
        Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
      );
      if (viewport.height === 1080) expect(root).toBeGreaterThanOrEqual(24);
      else expect(root).toBeGreaterThanOrEqual(17);
      expect(await smallText(page, 16)).toEqual([]);
      expect(errors).toEqual([]);
      await closePage(page);
    }
  }, 60_000);

  it("docks the lessons beside the panels, never over them; axe is clean in both modes and themes", async () => {
    const { page, errors } = await openApp(browser, { viewport: SMALL });
    await page.getByRole("button", { name: "Lessons", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Lessons" });
    await dialog.waitFor();
    for (const on of [false, true]) {
      await projector(page, on);
      const overlaps = await page.evaluate(() => {
        const lessons = document.querySelector(".lessons")?.getBoundingClientRect();
        if (!lessons) return ["no lessons"];
        return [...document.querySelectorAll(".panel, .app__bar")]
          .map((p) => [p, p.getBoundingClientRect()] as const)
          .filter(([, r]) => r.width > 0 && r.height > 0)
          .filter(
            ([, r]) =>
              r.left < lessons.right &&
              lessons.left < r.right &&
              r.top < lessons.bottom &&
              lessons.top < r.bottom,
          )
          .map(([p]) => (p as HTMLElement).dataset.panel ?? p.className);
      });
      expect(overlaps, `projector ${on}`).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
      ).toBeLessThanOrEqual(0);
    }
    for (const on of [false, true]) {
      await projector(page, on);
      for (const theme of ["light", "dark"]) {
        if ((await page.evaluate(() => document.documentElement.dataset.theme ?? "light")) !== theme) {
          await page.locator("body").focus();
          await page.keyboard.press("t");
          await page.waitForFunction((t) => (document.documentElement.dataset.theme ?? "light") === t, theme);
        }
        expect(await runAxe(page), `projector ${on}, ${theme}`).toEqual([]);
      }
    }
    expect(errors).toEqual([]);
    await closePage(page);
  }, 90_000);
});
