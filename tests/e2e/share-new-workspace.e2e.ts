/**
 * A share link opened as a new named workspace: the question offers it beside "Replace" and "Keep"; the
 * page saves the current workspace, reloads into a new one named after the link's scenario, and opens
 * the link there; the workspace before it still holds its own files after switching back.
 */

import { parseScenario } from "@agent/scenario";
import { encodeLink } from "@app/page/share/link-codec";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

// The session answered: the top bar's status says ready (hidden below 1440 px, so attached, not visible).
const ready = (page: Page) => page.locator('.app__status[data-ready="true"]').waitFor({ state: "attached" });
const saved = (page: Page) =>
  page.getByRole("button", { name: / saved, workspaces menu$/ }).waitFor({ timeout: 10_000 });
const tree = (page: Page, name: string) =>
  page.getByRole("list", { name: "Workspace files" }).getByText(name, { exact: true });

async function bash(page: Page, command: string): Promise<string> {
  return callByHand(page, "bash", { command });
}

/** Does `action`, which reloads the page, and waits for the new session. */
async function navigates(page: Page, action: () => Promise<void>) {
  await Promise.all([page.waitForEvent("load", { timeout: 15_000 }), action()]);
  await ready(page);
}

const hash = `#${encodeLink(
  {
    files: { "from-link.txt": "shared\n" },
    tools: { active: ["read", "bash"] },
    scenario: parseScenario({ title: "Link lesson", steps: [{ user: "Read from-link.txt" }] }),
  },
  {},
)}`;

describe("a share link opened as a new workspace", () => {
  it("keeps the current workspace as it was and opens the link in a new one named after its scenario", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const { page, errors } = await openAppIn(context);
    await bash(page, "echo mine > mine.txt");
    await saved(page);

    // "Keep what I have" changes nothing.
    const open = () => page.evaluate((h) => window.location.assign(h), hash);
    await open();
    const ask = page.getByRole("dialog", { name: "Open the shared work?" });
    await ask.getByRole("button", { name: "Keep what I have" }).click();
    await tree(page, "mine.txt").waitFor();
    expect(await tree(page, "from-link.txt").count()).toBe(0);

    // The third way: a new workspace, named after the link's scenario.
    await open();
    await ask.getByRole("button", { name: "Open as a new workspace" }).waitFor();
    expect(await runAxe(page)).toEqual([]);
    await navigates(page, () => ask.getByRole("button", { name: "Open as a new workspace" }).click());
    await page
      .getByRole("status")
      .getByText(/^Opened the shared work as this new workspace\./)
      .waitFor();
    await page.getByRole("button", { name: /^Link lesson .*, workspaces menu$/ }).waitFor();
    await tree(page, "from-link.txt").waitFor();
    await page.getByText("Link lesson:").first().waitFor();
    expect(await tree(page, "mine.txt").count()).toBe(0);
    expect(await dialogs(page)).toBe(0);
    // No question on the reload: the learner already chose.
    await saved(page);

    // The menu lists both; the first still holds its own files, and not the link's.
    await page.getByRole("button", { name: /, workspaces menu$/ }).click();
    const menu = page.getByRole("dialog", { name: "Workspaces" });
    expect(await menu.getByRole("list", { name: "Saved workspaces" }).getByRole("listitem").count()).toBe(2);
    await navigates(page, () => menu.getByRole("button", { name: "Open Workspace 1" }).click());
    await tree(page, "mine.txt").waitFor();
    expect(await bash(page, "cat mine.txt; ls from-link.txt 2>&1 || true")).toMatch(/^mine\n.*No such file/s);

    // And the new one kept the link's files.
    await page.getByRole("button", { name: /, workspaces menu$/ }).click();
    await navigates(page, () => menu.getByRole("button", { name: "Open Link lesson" }).click());
    expect(await bash(page, "cat from-link.txt")).toBe("shared");
    expect(errors).toEqual([]);
    await closePage(page);
    await context.close();
  });
});

const dialogs = (page: Page) => page.locator("dialog[open]").count();
