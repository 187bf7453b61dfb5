/**
 * What the page says it does, it does: the share link's question names the one file it adds (and counts
 * it once, not once per folder on the way); the call form sends a call with a required field empty and
 * pi's validation error comes back; a drill's damage is undone from the Drills menu; Restart starts the
 * event stream clean as it does the rest.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { callByHand } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORT = { width: 1440, height: 900 };

async function withPage(test: (page: Page) => Promise<void>) {
  const { page, errors } = await openApp(browser, { viewport: VIEWPORT });
  try {
    await test(page);
    expect(errors).toEqual([]);
  } finally {
    await closePage(page);
    await page.context().close();
  }
}

describe("honest dialogs and forms", () => {
  it("the share link's question names the one file added four folders deep, and counts 1", async () => {
    await withPage(async (a) => {
      const wrote = await callByHand(a, "write", { path: "deep/er/still/here/new.txt", content: "hello\n" });
      expect(wrote).toMatch(/^Successfully wrote/);
      const summary = a.getByText("Files and sharing", { exact: true });
      if (!(await a.locator("details.share").evaluate((d) => (d as HTMLDetailsElement).open)))
        await summary.click();
      await a.getByRole("button", { name: "Copy share link" }).click();
      const field = a.getByRole("textbox", { name: "Share link" });
      await expect.poll(() => field.inputValue()).toMatch(/#share=1\./);
      const url = await field.inputValue();

      const context = await browser.newContext({ viewport: VIEWPORT });
      const b = await context.newPage();
      try {
        await b.goto(`${inject("baseURL")}${url.slice(url.indexOf("#"))}`);
        const ask = b.getByRole("dialog");
        await ask.getByText("Open the shared work?").waitFor();
        expect(await ask.textContent()).toContain("1 added, 0 changed and 0 removed");
        const added = ask.getByRole("list", { name: "Added (1)" });
        expect(await added.getByRole("listitem").allTextContents()).toEqual(["deep/er/still/here/new.txt"]);
        expect(await ask.getByRole("list").count()).toBe(1);
        await ask.getByRole("button", { name: "Keep what I have" }).click();
      } finally {
        await context.close();
      }
    });
  });

  it("the call form sends a call with a required field empty, and pi's validation error shows", async () => {
    await withPage(async (page) => {
      const out = await callByHand(page, "read", {});
      expect(out).toContain('Validation failed for tool "read"');
      // pi 1.6.0's validator (the page's default version) words a missing field so.
      expect(out).toContain("path: missing");
    });
  });

  it("a disk-full drill's cut file comes back from the Drills menu once the drill is off", async () => {
    await withPage(async (page) => {
      const original = await callByHand(page, "read", { path: "README.md", limit: "1" });
      const menu = page.getByRole("dialog", { name: "Drills" });
      const pick = async (name: string, shown: string) => {
        await page.getByRole("button", { name: /^Drill/ }).click();
        await menu.getByRole("radio", { name: new RegExp(`^${name}`) }).click();
        await page.getByRole("button", { name: shown }).waitFor();
      };
      await pick("Disk full while writing", "Drill: disk full");
      await page.keyboard.press("Escape");
      const torn = await callByHand(page, "write", { path: "README.md", content: "0123456789" });
      expect(torn).toBe("ENOSPC: no space left on device, write");
      await pick("Off", "Drills");
      expect(await callByHand(page, "read", { path: "README.md" })).toBe("01234");
      await page.getByRole("button", { name: "Drills" }).click();
      await menu.getByRole("button", { name: "Bring back the files from before the drill" }).click();
      await menu.getByRole("button", { name: "Bring back the files from before the drill" }).waitFor({
        state: "detached",
      });
      await page.keyboard.press("Escape");
      expect(await callByHand(page, "read", { path: "README.md", limit: "1" })).toBe(original);
    });
  });

  it("Restart starts the event stream clean, and every run stays one choice away", async () => {
    await withPage(async (page) => {
      await callByHand(page, "read", { path: "README.md", limit: "1" });
      const list = page.getByRole("list", { name: "Session events" });
      await list.getByText("tool_execution_end").first().waitFor();
      await page.getByRole("tab", { name: "Scenario" }).click();
      await page.getByRole("button", { name: "Restart" }).click();
      // The call's events go from view once the restart's session_cleared is in, and the count says so.
      await expect.poll(() => list.getByText("tool_execution_end").count()).toBe(0);
      await page.getByText(/earlier events, before the last restart/).waitFor();
      await page.getByRole("combobox", { name: "Show" }).selectOption("all");
      await list.getByText("tool_execution_end").first().waitFor();
    });
  });
});
