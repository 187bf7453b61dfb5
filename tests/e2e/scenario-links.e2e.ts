/**
 * A presenter's link and a saved conversation: `?scenario=<url>` opens that scenario in place of the
 * first shipped one, a link that cannot be opened says why in one sentence and leaves the default, a
 * link over unsaved edits asks first (after the link's own question), and "Save as scenario" downloads a
 * file that loads again. Links over saved work: scenario-link-consent.e2e.ts.
 */
import { readFile } from "node:fs/promises";
import { parseScenario } from "@agent/scenario";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { openApp } from "./page";
import { runAxe } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

/** Opens the page at `query` and records console errors, as openApp does for the bare address. */
async function openAt(viewport: { width: number; height: number }, query: string) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`${e.name}: ${e.message}`));
  await page.goto(`${inject("baseURL")}${query}`);
  return { page, errors };
}

const loaded = (page: Page, title: string) => page.getByText(`${title}:`).first();

describe.each(SIZES)("scenario links at $width×$height", (viewport) => {
  it("a link loads its scenario in place of the first one, and Save as scenario downloads one that loads", async () => {
    const { page, errors } = await openAt(viewport, "?scenario=/scenarios/queue-race.json");
    await loaded(page, "Two edits of one file at once").waitFor();
    await page.getByRole("list", { name: "Session events" }).getByText("scenario_loaded").first().waitFor();

    await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await page.getByRole("button", { name: "Play" }).click();
    await page.getByText("Finished.").waitFor({ timeout: 20_000 });
    // The first shipped scenario gave way: the scenario played to its end, many round trips to the worker
    // after the link's load, is still the link's, so the first one's pick never replaced it.
    expect(await loaded(page, "Two edits of one file at once").count()).toBeGreaterThan(0);
    expect(await page.getByText("Three first prompts:").count()).toBe(0);

    const save = page.getByRole("button", { name: "Save as scenario" });
    const box = await save.boundingBox();
    expect(box && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height).toBe(true);
    const [download] = await Promise.all([page.waitForEvent("download"), save.click()]);
    expect(download.suggestedFilename()).toMatch(/\.scenario\.json$/);
    const file = JSON.parse(await readFile(String(await download.path()), "utf8"));
    expect(file.$schema).toBe("../../docs/scenario.schema.json");
    const scenario = parseScenario(file);
    // The linked scenario's own workspace is the one the conversation started from.
    expect(Object.keys(scenario.workspace?.files ?? {})).toContain("src/todo.ts");
    expect(scenario.steps.filter((s) => "user" in s).length).toBeGreaterThan(0);

    expect(await runAxe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a link that cannot be opened says why in one sentence and keeps the first scenario", async () => {
    const { page, errors } = await openAt(viewport, "?scenario=/scenarios/missing.json");
    await page
      .locator(".msg--notice", {
        hasText:
          // The preview server answers an unknown path with the page itself, as many static hosts do.
          "The scenario link /scenarios/missing.json could not be opened, so the page kept what it had: missing.json: the server answered with a web page, expected the scenario file (is the address right?).",
      })
      .waitFor();
    await loaded(page, "Three first prompts").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("a link over unsaved edits", () => {
  it("asks first, keeps the edits when told to, and loads once the learner discards them", async () => {
    const { page, errors } = await openApp(browser, { viewport: SIZES[0] });
    await page
      .getByRole("list", { name: "Workspace files" })
      .getByRole("button", { name: /^README\.md/ })
      .click();
    const editor = page.getByRole("textbox", { name: "Contents of README.md" });
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\nmine");
    await page.locator(".editor__dirty").waitFor();

    const follow = () =>
      page.evaluate(() => {
        history.pushState(null, "", "?scenario=/scenarios/queue-race.json");
        dispatchEvent(new PopStateEvent("popstate"));
      });
    // A link reached later in the page asks first, as a share link does; then the unsaved edits ask too.
    const consent = page.getByRole("dialog", { name: "Open the linked scenario?" });
    await follow();
    await consent.getByRole("button", { name: "Replace my workspace" }).click();
    const dialog = page.getByRole("dialog", { name: /Your edits are not saved/ });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await dialog.waitFor({ state: "hidden" });
    // The link's file is fetched before the first question (it says what the scenario holds), but nothing is
    // sent to the session before both answers: "Keep editing" ended the link there, so nothing loaded.
    expect(await page.getByText("Two edits of one file at once:").count()).toBe(0);
    await page.locator(".editor__dirty").waitFor();

    await follow();
    await consent.getByRole("button", { name: "Replace my workspace" }).click();
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Discard my edits and load" }).click();
    await loaded(page, "Two edits of one file at once").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
