/**
 * "What changed in pi" presets in Chromium: each button runs its scenario on memfs with pi 0.73.1 on the
 * left and 1.6.0 on the right, and the panes point at the difference the preset is about (a thicker
 * outline and a sentence saying what to look at).
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openAppIn } from "./page";
import { callByHand } from "./support";

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await closePage(page);
  await context.close();
  expect(errors, "console errors on the page").toEqual([]);
});
afterAll(async () => {
  await browser?.close();
});

/** Where each preset's difference must be pointed at, and a text the marked place must hold. */
const EXPECTED: Record<string, { where: string; holds: RegExp }> = {
  "bash-exit": { where: '[data-about][data-side="b"]', holds: /"exit_code":1/ },
  "edit-normalise": { where: ".compare__files-title.is-about", holds: /Files that differ after the run: 1/ },
  "find-anchor": { where: '[data-about][data-side="a"]', holds: /src\/lib\/c\.ts/ },
  "grep-context": { where: '[data-about][data-side="b"]', holds: /log\.txt-3- three\nlog\.txt:4:/ },
  validation: { where: '[data-about][data-side="b"]', holds: /path: missing/ },
  prompt: { where: "[data-told-title].is-about", holds: /What the model was told/ },
  length: {
    where: '[data-about][data-side="b"]',
    holds: /was not executed: the response hit the output token limit/,
  },
  strict: { where: "[data-wire-title].is-about", holds: /The next model request/ },
};

describe("What changed in pi: the presets", () => {
  it("every preset runs both versions on memfs and points at its difference", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    ({ page, errors } = await openAppIn(context));
    await page.getByRole("button", { name: "Compare backends…" }).click();
    const dialog = page.getByRole("dialog", { name: "Compare backends" });
    const presets = dialog.getByRole("group", { name: /What changed in pi/ });
    for (const [id, expected] of Object.entries(EXPECTED)) {
      await presets.locator(`[data-preset="${id}"]`).click();
      await dialog.locator(`[data-preset-look="${id}"]`).waitFor({ timeout: 20_000 });
      // The form says what ran: the preset's scenario, memfs on both sides, one version each.
      expect(await dialog.getByLabel("Left pi version").inputValue()).toBe("0.73.1");
      expect(await dialog.getByLabel("Right pi version").inputValue()).toBe("1.6.0");
      expect(await dialog.getByLabel("Left backend").inputValue()).toBe("memfs");
      expect(await dialog.getByLabel("Scenario").inputValue()).toBe(`changed/${id}.json`);
      const marked = dialog.locator(expected.where).first();
      await marked.waitFor();
      expect(await marked.textContent(), id).toMatch(expected.holds);
      expect(await dialog.locator(".compare__pi").allTextContents()).toEqual(["· pi 0.73.1", "· pi 1.6.0"]);
    }
    // The last preset ran was the wire's: the lines of each body the other lacks are marked.
    const differs = (side: string) =>
      dialog.locator(`[data-wire][data-side="${side}"] [data-wire-differs]`).allTextContents();
    expect((await differs("a")).join("")).toContain('"strict": false');
    expect((await differs("b")).join("")).toContain('"strict": true');
    expect((await differs("b")).join("")).toContain("Updated system prompt section");
    // The prompt preset shows the patch 1.6.0 sent in place of a whole new prompt.
    await presets.locator('[data-preset="prompt"]').click();
    await dialog.locator('[data-preset-look="prompt"]').waitFor({ timeout: 20_000 });
    const told = dialog.locator('[data-told][data-side="b"] summary');
    expect(await told.nth(1).textContent()).toMatch(/Updated system prompt section "/);
    expect(await dialog.locator('[data-told][data-side="a"] summary').count()).toBe(2);
  });

  it("a call by hand runs on a copy of the learner's files, one version each side", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    ({ page, errors } = await openAppIn(context));
    await callByHand(page, "write", { path: "lib/a.ts", content: "export {};" });
    await callByHand(page, "write", { path: "src/lib/c.ts", content: "export {};" });
    await page.getByRole("button", { name: "Compare backends…" }).click();
    const dialog = page.getByRole("dialog", { name: "Compare backends" });
    await dialog.getByLabel("Scenario").selectOption({ label: "A call by hand, on a copy of your files" });
    await dialog.getByRole("combobox", { name: /^Tool/ }).selectOption("find");
    const args = dialog.getByLabel("Arguments (JSON)");
    await args.fill("{not json");
    await dialog.getByText("Write the arguments as a JSON object").waitFor();
    expect(await dialog.getByRole("button", { name: "Run on both" }).isDisabled()).toBe(true);
    await args.fill('{"pattern": "lib/*.ts"}');
    await dialog.getByLabel("Left pi version").selectOption("0.73.1");
    await dialog.getByLabel("Right pi version").selectOption("1.6.0");
    await dialog.getByLabel("Right backend").selectOption("memfs");
    await dialog.getByRole("button", { name: "Run on both" }).click();
    await dialog.locator("[data-summary]").waitFor({ timeout: 20_000 });
    const left = dialog.locator('[data-call="1"][data-side="a"]');
    expect(await left.getAttribute("data-differs")).toBe("true");
    expect(await left.textContent()).toContain("src/lib/c.ts");
    expect(await dialog.locator('[data-call="1"][data-side="b"]').textContent()).not.toContain(
      "src/lib/c.ts",
    );
  });
});
