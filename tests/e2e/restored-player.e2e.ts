/**
 * After a reload restores a saved workspace, the scenario player says why nothing is loaded to play,
 * names the scenario loaded before and loads it again in one click; what that replaced can be brought
 * back once.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { fillToolForm, runAxe } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const saved = (page: Page) =>
  page.getByRole("button", { name: / saved, workspaces menu$/ }).waitFor({ timeout: 10_000 });
const tree = (page: Page, name: string) =>
  page.getByRole("list", { name: "Workspace files" }).getByText(name, { exact: true });

describe("the scenario player after a reload", () => {
  it("says the workspace was restored and loads the scenario from before in one click", async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1024, height: 768 } });
    await fillToolForm(page, "write", { path: "kept.txt", content: "mine" });
    await page
      .getByRole("form", { name: "Call a tool by hand" })
      .getByRole("button", { name: "Run write" })
      .click();
    await tree(page, "kept.txt").waitFor();
    await saved(page);

    await page.reload();
    await tree(page, "kept.txt").waitFor();
    await page.getByRole("tab", { name: "Scenario", exact: true }).click();
    const note = page.locator(".player__restored");
    await note.getByText(/^Your workspace came back as you left it/).waitFor();
    expect(await note.textContent()).toContain("You had “Three first prompts” loaded.");
    expect(await page.getByRole("button", { name: "Play" }).isDisabled()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Scenario" }).inputValue()).toBe("");
    expect(await runAxe(page)).toEqual([]);

    await note.getByRole("button", { name: "Load “Three first prompts” again" }).click();
    await page.getByRole("list", { name: "Scenario steps" }).waitFor();
    expect(await page.getByRole("button", { name: "Play" }).isEnabled()).toBe(true);
    expect(await page.getByRole("combobox", { name: "Scenario" }).inputValue()).toBe("seed-prompts.json");
    await tree(page, "kept.txt").waitFor({ state: "detached" });
    // What the load replaced comes back once, from the workspace menu.
    await saved(page);
    await page.getByRole("button", { name: /, workspaces menu$/ }).click();
    await page.getByRole("button", { name: "Bring back the files from before the reset" }).waitFor();
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
