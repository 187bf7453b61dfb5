/**
 * "Compare backends" in Chromium: memfs against the disk-full drill marks the failed writes and the torn
 * file, in words; memfs with pi 0.73.1 against memfs with 1.6.0 marks what changed in pi; memfs against the fake WebContainer on a scenario without bash finds no difference; at
 * 1024×768 the dialog and its panes fit the window and scroll inside; a run can be cancelled; and the
 * learner's own session is not touched by any of it.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openAppIn } from "./page";
import { runAxe } from "./support";

let browser: Browser;
const opened: { page: Page; errors: string[]; context: BrowserContext }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const { page, errors, context } of opened.splice(0)) {
    await closePage(page);
    await context.close();
    expect(errors, "console errors on the page").toEqual([]);
  }
});
afterAll(async () => {
  await browser?.close();
});

async function open(options: { hook?: object; viewport?: { width: number; height: number } } = {}) {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 720 } });
  if (options.hook)
    await context.addInitScript((hook) => Object.assign(window, { __playgroundTest: hook }), options.hook);
  const { page, errors } = await openAppIn(context);
  opened.push({ page, errors, context });
  return page;
}

async function compare(page: Page, scenario: string, left: string, right: string) {
  await page.getByRole("button", { name: "Compare backends…" }).click();
  const dialog = page.getByRole("dialog", { name: "Compare backends" });
  await dialog.getByLabel("Scenario").selectOption({ label: scenario });
  await dialog.getByLabel("Left backend").selectOption({ label: left });
  await dialog.getByLabel("Right backend").selectOption({ label: right });
  await dialog.getByRole("button", { name: "Run on both" }).click();
  await dialog.locator("[data-summary]").waitFor({ timeout: 20_000 });
  return dialog;
}

const DISK_FULL = "memfs + drill: Disk full while writing";

describe("Compare backends", () => {
  it("memfs against a drill: the failed writes and the torn file are outlined and said in words", async () => {
    const page = await open();
    const before = await page.locator(".file-tree").textContent();
    const dialog = await compare(page, "Three first prompts", "memfs", DISK_FULL);
    // Without the test hook and with nothing booted, WebContainer cannot be a side, and the page says why.
    await expect
      .poll(() => dialog.getByText(/WebContainer cannot be picked: it is not booted/).count())
      .toBe(1);
    expect(await dialog.locator("[data-summary]").textContent()).toMatch(
      /calls whose results differ: 3; files that differ after the run: 1/,
    );
    const write = dialog.locator('[data-call="2"][data-side="b"]');
    expect(await write.getAttribute("data-differs")).toBe("true");
    expect(await write.textContent()).toMatch(/Differs: error or not, result text/);
    expect(await write.textContent()).toContain("ENOSPC: no space left on device, write");
    // Reading the torn file back gives other text, though the read itself succeeds on both sides.
    expect(await dialog.locator('[data-call="3"][data-side="a"]').textContent()).toMatch(
      /Differs: result text, structuredContent(?!,)/,
    );
    expect(await dialog.locator('[data-call="1"][data-side="a"]').getAttribute("data-differs")).toBe("false");
    expect(await dialog.locator('[data-file="notes.md"][data-side="b"]').textContent()).toContain("HELLO");
    expect((await runAxe(page)).filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    await dialog.getByRole("button", { name: "Close" }).click();
    // The learner's workspace and tree are as they were: the runs had sessions of their own.
    expect(await page.locator(".file-tree").textContent()).toBe(before);
  });

  it("one backend, two pi versions: 'What changed in pi 1.6.0' marks every call and the edited file", async () => {
    const page = await open();
    await page.getByRole("button", { name: "Compare backends…" }).click();
    const dialog = page.getByRole("dialog", { name: "Compare backends" });
    await dialog.getByLabel("Scenario").selectOption({ label: "What changed in pi 1.6.0" });
    await dialog.getByLabel("Left backend").selectOption({ label: "memfs" });
    await dialog.getByLabel("Right backend").selectOption({ label: "memfs" });
    await dialog.getByLabel("Left pi version").selectOption("0.73.1");
    await dialog.getByLabel("Right pi version").selectOption("1.6.0");
    await dialog.getByRole("button", { name: "Run on both" }).click();
    await dialog.locator("[data-summary]").waitFor({ timeout: 20_000 });
    expect(await dialog.locator("[data-summary]").textContent()).toMatch(
      /calls whose results differ: 5; files that differ after the run: 1/,
    );
    expect(await dialog.locator(".compare__side-head h3").allTextContents()).toEqual([
      "memfs · pi 0.73.1",
      "memfs · pi 1.6.0",
    ]);
    const grep = dialog.locator('[data-call="4"][data-side="b"]');
    expect(await grep.getAttribute("data-differs")).toBe("true");
    expect(await dialog.locator('[data-file="notes.txt"][data-side="a"]').textContent()).toContain(
      "alpha - BETA",
    );
    // One backend and one version on both sides is no comparison: the page says what to change.
    await dialog.getByLabel("Right pi version").selectOption("0.73.1");
    await dialog.getByText("Pick two different sides: another backend, or another pi version.").waitFor();
    expect(await dialog.getByRole("button", { name: "Run on both" }).isDisabled()).toBe(true);
  });

  it("memfs against the fake WebContainer on a scenario without bash: no difference", async () => {
    const page = await open({ hook: { webcontainer: "fake" } });
    const dialog = await compare(page, "Three first prompts", "memfs", "WebContainer (test fake)");
    expect(await dialog.locator("[data-summary]").textContent()).toMatch(/no difference/);
    expect(await dialog.locator(".compare__cell.is-different").count()).toBe(0);
    expect(await dialog.locator('[data-side="b"][data-call]').count()).toBe(4);
    expect(await dialog.locator("[data-closure]").allTextContents()).toEqual([
      "The tools' closures hold: memfs",
      "The tools' closures hold: webcontainer (fake)",
    ]);
  });

  it("at 1024×768 the dialog and its panes fit the window and scroll inside; a run can be cancelled", async () => {
    const page = await open({ viewport: { width: 1024, height: 768 } });
    const dialog = await compare(page, "Three first prompts", "memfs", DISK_FULL);
    const fit = await page.evaluate(() => {
      const d = document.querySelector("dialog.compare") as HTMLElement;
      const panes = d.querySelector(".compare__panes") as HTMLElement;
      const box = d.getBoundingClientRect();
      const p = panes.getBoundingClientRect();
      const cells = [...panes.querySelectorAll(".compare__cell")].map((c) => c.getBoundingClientRect());
      return {
        inWindow: box.left >= 0 && box.top >= 0 && box.right <= innerWidth && box.bottom <= innerHeight,
        panesInDialog: p.bottom <= box.bottom + 1 && p.right <= box.right + 1,
        cellsInPanes: cells.every((c) => c.left >= p.left - 1 && c.right <= p.right + 1),
        scrollsInside:
          getComputedStyle(panes).overflowY === "auto" && panes.scrollHeight > panes.clientHeight,
        noWideDialog: d.scrollWidth <= d.clientWidth,
        noWidePage: document.documentElement.scrollWidth <= innerWidth,
      };
    });
    expect(fit).toEqual({
      inWindow: true,
      panesInDialog: true,
      cellsInPanes: true,
      scrollsInside: true,
      noWideDialog: true,
      noWidePage: true,
    });

    // The slow drive's read of package.json never answers: Cancel ends the run at once.
    await dialog.getByLabel("Left backend").selectOption({ label: "memfs + drill: Slow network drive" });
    await dialog.getByLabel("Right backend").selectOption({ label: "memfs" });
    await dialog.getByRole("button", { name: "Run on both" }).click();
    await dialog.getByText(/Running the scenario on one backend/).waitFor();
    const started = Date.now();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.getByText("Cancelled. Nothing was kept from the run.").waitFor();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(await dialog.getByRole("button", { name: "Run on both" }).isEnabled()).toBe(true);
  });
});
