/**
 * A presenter plays a scenario at a pace an audience can follow, or steps through it: at 1× each step
 * stays long enough to narrate, 0.5× is about twice as slow, and every Step moves the counter and the
 * highlighted step by one (call results included). Checked at both projector sizes.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { runAxe } from "./support";

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];
const SEED = "Three first prompts";
/** The seed's ten file steps plus one per call result (four calls). */
const SEED_STEPS = 14;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const status = (page: Page) => page.locator(".player__status");
const steps = (page: Page) => page.getByRole("list", { name: "Scenario steps" });

async function openSeed(viewport: { width: number; height: number }) {
  const opened = await openApp(browser, { viewport });
  const { page } = opened;
  await page.getByRole("tab", { name: "Scenario" }).click();
  await page.getByText(`${SEED}:`).waitFor();
  await status(page).getByText(`${SEED_STEPS} steps`).waitFor();
  return opened;
}

/** Plays the loaded scenario at `speed` (the Speed option's label) and returns how long it took, in ms. */
async function timePlay(page: Page, speed: string) {
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: speed });
  const started = Date.now();
  await page.getByRole("button", { name: "Play", exact: true }).click();
  await page.getByText("Finished.").waitFor({ timeout: 60_000 });
  return Date.now() - started;
}

async function restart(page: Page) {
  await page.getByRole("button", { name: "Restart" }).click();
  await status(page).getByText(`${SEED_STEPS} steps`).waitFor();
}

describe.each(VIEWPORTS)("teaching pace at $width×$height", (viewport) => {
  it("plays at a pace to follow: 1× takes seconds, 0.5× about twice as long, no pauses far less", async () => {
    const { page, errors } = await openSeed(viewport);
    const atOne = await timePlay(page, "1×");
    await restart(page);
    const atHalf = await timePlay(page, "0.5×");
    await restart(page);
    const noPauses = await timePlay(page, "no pauses");
    // 13 pauses between 14 steps come to ~10.8 s at 1× (src/agent/pace.ts); the page's own work adds.
    expect(atOne).toBeGreaterThanOrEqual(8_000);
    expect(atHalf).toBeGreaterThanOrEqual(1.6 * atOne);
    expect(noPauses).toBeLessThan(atOne / 3);
    expect(errors).toEqual([]);
    await closePage(page);
  }, 150_000);

  it("moves the counter and the highlighted step by one with each Step, call results included", async () => {
    const { page, errors } = await openSeed(viewport);
    const list = steps(page);
    expect(await list.locator("li").count()).toBe(SEED_STEPS);
    const kinds = await list.locator(".kind").allTextContents();
    expect(kinds).toEqual([
      ...["user", "assistant", "result", "assistant"],
      ...["user", "assistant", "result", "assistant"],
      ...["user", "assistant", "result", "assistant", "result", "assistant"],
    ]);
    const seen: number[] = [];
    for (let n = 1; n <= SEED_STEPS; n++) {
      await page.getByRole("button", { name: "Step", exact: true }).click();
      const said = n < SEED_STEPS ? `Step ${n} of ${SEED_STEPS} (paused).` : "Finished.";
      await status(page).getByText(said, { exact: true }).waitFor({ timeout: 10_000 });
      // The highlighted step is the n-th, and the list has scrolled it into view.
      const current = list.locator('li[aria-current="step"]');
      expect(await current.count()).toBe(1);
      const number = (await current.locator(".player__n").textContent())?.trim();
      seen.push(Number.parseInt(number ?? "", 10));
      // (the list scrolls in the frame after the step is drawn)
      await expect
        .poll(async () => {
          const [box, item] = [await list.boundingBox(), await current.boundingBox()];
          return item && box && item.y >= box.y - 1 && item.y + item.height <= box.y + box.height + 1;
        })
        .toBe(true);
    }
    expect(seen).toEqual(Array.from({ length: SEED_STEPS }, (_, i) => i + 1));
    // Each call's result came on a press of its own: four results, four calls, all done.
    await expect.poll(() => page.locator(".transcript .msg--result").count()).toBe(4);
    expect(await runAxe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  }, 90_000);

  it("Restart in the middle of playing starts over: the counter is back to the first step", async () => {
    const { page, errors } = await openSeed(viewport);
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await status(page).getByText(`Step 3 of ${SEED_STEPS} (playing).`, { exact: true }).waitFor();
    await restart(page);
    await page.getByRole("button", { name: "Step", exact: true }).click();
    await status(page).getByText(`Step 1 of ${SEED_STEPS} (paused).`, { exact: true }).waitFor();
    expect(await status(page).textContent()).toBe(`Step 1 of ${SEED_STEPS} (paused).`);
    // The run before has ended for good. Played to its end at the same pace, the new run takes longer than
    // the old one's remaining steps would (it starts earlier in the scenario): had the old player gone on,
    // its calls would be in the transcript by "Finished.", beside the new run's four.
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await page.getByText("Finished.").waitFor({ timeout: 40_000 });
    expect(await page.locator(".transcript .msg--result").count()).toBe(4);
    expect(errors).toEqual([]);
    await closePage(page);
  }, 60_000);

  it("pause after each call stops playing after a result until Play is pressed again", async () => {
    const { page, errors } = await openSeed(viewport);
    // The box shows the session's setting, which comes back a frame after the click.
    const box = page.getByRole("checkbox", { name: "Pause after each call" });
    await box.click();
    await expect.poll(() => box.isChecked()).toBe(true);
    await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await page.getByRole("button", { name: "Play", exact: true }).click();
    // The first result is step 3: playing stops there.
    await status(page).getByText(`Step 3 of ${SEED_STEPS} (paused).`, { exact: true }).waitFor();
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await status(page).getByText(`Step 7 of ${SEED_STEPS} (paused).`, { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await closePage(page);
  }, 60_000);
});
