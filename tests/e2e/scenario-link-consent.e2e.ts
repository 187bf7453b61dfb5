/**
 * A `?scenario=` link over saved work: the saved file survives the link until the learner chooses (the
 * link's question, as a share link asks it), "Keep what I have" changes nothing, "Replace my workspace"
 * loads the scenario and "Bring back the files from before the reset" brings the file back (the link
 * is off the address, so the reload does not open it again), and "Open as a new workspace" leaves the
 * saved workspace as it was.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openAppIn } from "./page";
import { callByHand, runAxe } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LINK = "?scenario=/scenarios/queue-race.json";
const TITLE = "Two edits of one file at once";

const ready = (page: Page) =>
  page.getByRole("list", { name: "Session events" }).getByText("session_ready").first().waitFor();
const saved = (page: Page) =>
  page.getByRole("button", { name: / saved, workspaces menu$/ }).waitFor({ timeout: 10_000 });
const tree = (page: Page, name: string) =>
  page.getByRole("list", { name: "Workspace files" }).getByText(name, { exact: true });
const ask = (page: Page) => page.getByRole("dialog", { name: "Open the linked scenario?" });

/** Does `action`, which loads the page again, and waits for the new session. */
async function navigates(page: Page, action: () => Promise<unknown>) {
  await Promise.all([page.waitForEvent("load", { timeout: 15_000 }), action()]);
  await ready(page);
}

describe("a scenario link over saved work", () => {
  it("asks first; keep changes nothing, replace can be undone, and a new workspace leaves it alone", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const { page, errors } = await openAppIn(context);
    await callByHand(page, "bash", { command: "echo precious > my-precious-work.md" });
    await saved(page);

    // The link, opened in the tab that holds the saved work: nothing changes before the answer.
    await navigates(page, () => page.goto(`${inject("baseURL")}${LINK}`));
    await ask(page).waitFor({ timeout: 15_000 });
    await tree(page, "my-precious-work.md").waitFor();
    expect(await ask(page).textContent()).toContain(`This link opens the scenario “${TITLE}”`);
    expect(new URL(page.url()).search).toBe("");
    expect(await runAxe(page)).toEqual([]);
    await ask(page).getByRole("button", { name: "Keep what I have" }).click();
    await ask(page).waitFor({ state: "detached" });
    // A load after the answer would go to the worker at once, before this call (commands are taken in
    // order), so the call's answer comes after anything such a load would have shown.
    expect(await callByHand(page, "bash", { command: "cat my-precious-work.md" })).toBe("precious");
    expect(await page.getByText(`${TITLE}:`).count()).toBe(0);

    // Replace: the scenario's files in place of the work, which the workspace menu brings back.
    await navigates(page, () => page.goto(`${inject("baseURL")}${LINK}`));
    await ask(page).getByRole("button", { name: "Replace my workspace" }).click();
    await page.getByText(`${TITLE}:`).first().waitFor();
    await tree(page, "src/todo.ts").or(tree(page, "todo.ts")).first().waitFor();
    expect(await tree(page, "my-precious-work.md").count()).toBe(0);
    await saved(page);
    await page.getByRole("button", { name: /, workspaces menu$/ }).click();
    const menu = page.getByRole("dialog", { name: "Workspaces" });
    await navigates(page, () =>
      menu.getByRole("button", { name: "Bring back the files from before the reset" }).click(),
    );
    expect(await callByHand(page, "bash", { command: "cat my-precious-work.md" })).toBe("precious");
    // The reload did not open the link again: the address it reloaded holds none to open.
    const address = new URL(page.url());
    expect(address.search + address.hash).not.toMatch(/scenario=|share=/);
    expect(await ask(page).count()).toBe(0);
    expect(await page.getByText(`${TITLE}:`).count()).toBe(0);

    // A new workspace: the link opens there; the saved one keeps its file.
    await navigates(page, () => page.goto(`${inject("baseURL")}${LINK}`));
    await navigates(page, () => ask(page).getByRole("button", { name: "Open as a new workspace" }).click());
    await page.getByText(`${TITLE}:`).first().waitFor({ timeout: 15_000 });
    await page.getByRole("button", { name: new RegExp(`^${TITLE} .*, workspaces menu$`) }).waitFor();
    expect(await tree(page, "my-precious-work.md").count()).toBe(0);
    await saved(page);
    await page.getByRole("button", { name: /, workspaces menu$/ }).click();
    await navigates(page, () => menu.getByRole("button", { name: "Open Workspace 1" }).click());
    expect(await callByHand(page, "bash", { command: "cat my-precious-work.md" })).toBe("precious");
    expect(errors).toEqual([]);
    await closePage(page);
    await context.close();
  }, 240_000);
});
