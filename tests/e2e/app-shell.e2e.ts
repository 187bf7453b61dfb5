import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { openApp } from "./page";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the page shell", () => {
  it("renders the three columns and hears from the session worker, with no console error", async () => {
    const { page, errors } = await openApp(browser);
    for (const name of ["Workspace", "Conversation", "System prompt", "Event stream"]) {
      await expect(page.getByRole("heading", { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    // The worker answered: its first event is listed and the preset's files are shown.
    await page.getByRole("list", { name: "Session events" }).getByText("session_ready").waitFor();
    await page
      .getByRole("list", { name: "Workspace files" })
      .getByText("package.json", { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("keeps the scenario picked while the first one was still loading", async () => {
    // The first scenario (loaded on the first visit) answers late; the user picks another meanwhile.
    const { page, errors, asked, release } = await openHoldingScenario("seed-prompts.json");
    await asked;
    const picker = page.getByRole("combobox", { name: "Scenario" });
    await picker
      .locator("option", { hasText: "Two edits of one file at once" })
      .waitFor({ state: "attached" });
    await picker.selectOption({ label: "Two edits of one file at once" });
    await page.getByText("Two edits of one file at once:").waitFor();
    release(); // the first scenario's answer, after the pick has loaded
    // The late answer has come and the page has read it (what it then does with it runs in the same task).
    await page.waitForFunction(() =>
      (window as unknown as { __read?: string[] }).__read?.some((url) => url.endsWith("/seed-prompts.json")),
    );
    // A command sent now reaches the session after anything the page sent for that answer, and its own
    // answer is shown after theirs: once the speed shows, a load of the late scenario would show too.
    const speed = page.getByRole("combobox", { name: "Speed" });
    await speed.selectOption({ label: "no pauses" });
    await expect.poll(() => speed.inputValue()).toBe("0");
    expect(await page.getByText("Two edits of one file at once:").count()).toBe(1);
    expect(await page.getByText("Three first prompts:").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("holds Play while a picked scenario is on its way, so Play plays the one picked", async () => {
    const { page, errors, release } = await openHoldingScenario("queue-race.json");
    // The first scenario is loaded and playable; then the user picks another, which answers late.
    const play = page.getByRole("button", { name: "Play" });
    await page.getByText("Three first prompts:").waitFor();
    await expect.poll(() => play.isEnabled()).toBe(true);
    await page
      .getByRole("combobox", { name: "Scenario" })
      .selectOption({ label: "Two edits of one file at once" });
    await page.getByText("Loading the scenario picked…").waitFor();
    expect(await play.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Step" }).isDisabled()).toBe(true);
    release();
    await page.getByText("Two edits of one file at once:").waitFor();
    await play.click();
    await page.getByText("Finished.").waitFor({ timeout: 20_000 });
    // What ran is the scenario picked: its two parallel edits of one file met in the queue.
    await expect.poll(() => page.locator('.timeline [data-stage="queue"]').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByText("Two edits of one file at once:").count()).toBe(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** Opens the page with one scenario file's answer held back until `release` (`asked`: it was requested). */
async function openHoldingScenario(file: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let requested: () => void = () => {};
  const asked = new Promise<void>((resolve) => {
    requested = resolve;
  });
  const opened = await openApp(browser, {
    waitForScenario: false,
    prepare: async (context) => {
      // Every response body the page has read, by address, once the page's own code has it.
      await context.addInitScript(() => {
        const text = Response.prototype.text;
        Response.prototype.text = function (this: Response) {
          const url = this.url;
          return text.call(this).then((body) => {
            const w = window as unknown as { __read?: string[] };
            w.__read = [...(w.__read ?? []), url];
            return body;
          });
        };
      });
      await context.route(`**/scenarios/${file}`, async (route) => {
        requested();
        const response = await route.fetch();
        await held;
        await route.fulfill({ response });
      });
    },
  });
  return { ...opened, asked, release };
}
