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
});
