/**
 * A long session stays answerable: one assistant message of 5,000 read calls, played with no pauses,
 * draws its calls (the timeline, the step list and the transcript draw only what is in view), and Esc in
 * the middle of its results stops the run within a second, with the abort and the stopped reply shown.
 * A workspace of thousands of files draws only the tree's rows near the view.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wideScenario } from "../../bench/browser/long";
import { manyFilesZip } from "../../bench/browser/many-files";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { startCallByHand } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const CALLS = 5000;
const FILE = "e2e-wide.json";

/** What the page's init script keeps from the session worker's messages. */
interface Watched {
  current: number;
  abortAt: number;
  endAt: number;
}

describe("a message of 5,000 calls", () => {
  it("plays with no pauses, and Esc during its results stops the run within a second", async () => {
    const scenario = wideScenario(CALLS);
    const { page, errors } = await openApp(browser, {
      viewport: { width: 1280, height: 720 },
      prepare: async (context) => {
        await context.addInitScript({
          content: `window.__wide = { current: -1, abortAt: 0, endAt: 0 };
            const Original = window.Worker;
            window.Worker = class extends Original { constructor(...a) { super(...a); this.addEventListener("message", (m) => {
              const d = m.data; const list = d.kind === "event" ? [d.event] : d.kind === "events" ? d.events : [];
              for (const e of list) {
                if (e.type === "scenario_state") window.__wide.current = e.current;
                else if (e.type === "abort_requested") window.__wide.abortAt = performance.now();
                else if (e.type === "agent_end") window.__wide.endAt = performance.now();
              }
            }); } };`,
        });
        await context.route("**/scenarios/index.json", async (route) => {
          const response = await route.fetch();
          const list = (await response.json()) as unknown[];
          list.push({ file: FILE, title: scenario.title, description: scenario.description });
          await route.fulfill({ response, json: list });
        });
        await context.route(`**/scenarios/${FILE}`, (route) => route.fulfill({ json: scenario }));
      },
    });
    const picker = page.getByRole("combobox", { name: "Scenario" });
    await picker.locator("option", { hasText: scenario.title }).waitFor({ state: "attached" });
    await picker.selectOption(FILE);
    await page.getByText(`${scenario.title}:`).waitFor({ timeout: 60_000 });
    await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await page.getByRole("button", { name: "Play", exact: true }).click();

    // Well into the results: the player shows one step per call result, after the prompt and the reply.
    await page.waitForFunction(() => (window as unknown as { __wide: Watched }).__wide.current >= 300, null, {
      timeout: 120_000,
      polling: 50,
    });
    const pressed = await page.evaluate(() => performance.now());
    await page.keyboard.press("Escape");
    await page.waitForFunction(() => (window as unknown as { __wide: Watched }).__wide.endAt > 0, null, {
      timeout: 30_000,
      polling: 20,
    });
    const seen = await page.evaluate(() => (window as unknown as { __wide: Watched }).__wide);
    expect(seen.abortAt).toBeGreaterThan(pressed);
    // The run's end reached the page within a second of the key.
    expect(seen.endAt - pressed).toBeLessThan(1000);

    // What the learner sees: the reply after the calls was stopped, and the scenario ended there.
    await page.locator(".transcript").getByText("Request was aborted").waitFor({ timeout: 10_000 });
    await page.getByText("Finished.").waitFor({ timeout: 10_000 });
    // The step list drew only the steps near the current one, not 5,002.
    expect(await page.locator(".player__steps > li").count()).toBeLessThan(100);
    expect(await page.locator(".lanes > li").count()).toBeLessThan(200);
    expect(errors).toEqual([]);
    await closePage(page);
  }, 240_000);
});

describe("a workspace of 2,000 files", () => {
  it("draws only the tree's rows near the view, and scrolls the panel to a file a call reads far down", async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
    await page.getByText("Files and sharing", { exact: true }).click();
    const [chooser] = await Promise.all([
      page.waitForEvent("filechooser"),
      page.getByRole("button", { name: "Import a .zip" }).click(),
    ]);
    await chooser.setFiles({
      name: "many.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(manyFilesZip(2000)),
    });
    await page.getByText(/Imported files: 2,000/).waitFor();
    const tree = page.getByRole("list", { name: "Workspace files" });
    await tree.getByText("d000/", { exact: true }).waitFor();
    const drawn = await tree.locator("li:not([aria-hidden])").count();
    expect(drawn, "rows drawn of 2,200").toBeGreaterThan(10);
    expect(drawn).toBeLessThan(300);
    expect(await tree.getByText("f01990.txt", { exact: true }).count(), "a row far down is not drawn").toBe(
      0,
    );

    await startCallByHand(page, "read", { path: "d199/f01990.txt" });
    const row = tree.locator("li[data-touched]");
    await row.getByText("f01990.txt", { exact: true }).waitFor();
    // In view inside the panel's body, which scrolls the tree with what sits above it.
    await page.waitForFunction(
      (el) => {
        const body = el?.closest(".panel__body");
        if (!el || !body) return false;
        const r = el.getBoundingClientRect();
        const b = body.getBoundingClientRect();
        return r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
      },
      await row.elementHandle(),
      { timeout: 5000 },
    );
    expect(await tree.getByText("d000/", { exact: true }).count(), "the top is no longer drawn").toBe(0);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
