/**
 * Starting over, as a presenter does between demos: Restart and a scenario pick leave a clean page (or keep
 * the history when asked), the timeline keeps its newest lane in view, and the learner's unsaved editor
 * work is never lost without a question. Each check runs at both projector sizes.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { fillToolForm, PROJECTOR_SIZES, runAxe } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const messages = (page: Page) => page.locator(".transcript .msg").count();
const lanes = (page: Page) => page.locator(".timeline .lane").count();
/** the dispatch table's Calls and Err columns, summed over every tool */
const counters = (page: Page) =>
  page.evaluate(() => {
    let calls = 0;
    let errors = 0;
    for (const row of document.querySelectorAll(".dispatch__row")) {
      const cells = row.querySelectorAll("td.num");
      calls += Number(cells[0]?.textContent ?? 0);
      errors += Number(cells[1]?.textContent ?? 0);
    }
    return { calls, errors };
  });

async function pick(page: Page, title: string) {
  await page.getByRole("tab", { name: "Scenario" }).click();
  const picker = page.getByRole("combobox", { name: "Scenario" });
  await picker.locator("option", { hasText: title }).waitFor({ state: "attached" });
  const value = await picker.locator("option", { hasText: title }).getAttribute("value");
  await picker.selectOption(value ?? "");
  await page.getByText(`${title}:`).waitFor();
}

async function play(page: Page) {
  // What is checked here is what starting over does, not the pace.
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
  await page.getByRole("button", { name: "Play" }).click();
  await page.getByText("Finished.").waitFor({ timeout: 20_000 });
}

async function expectClean(page: Page) {
  await expect.poll(() => messages(page)).toBe(0);
  await expect.poll(() => lanes(page)).toBe(0);
  await expect.poll(() => counters(page)).toEqual({ calls: 0, errors: 0 });
}

/** Opens `path` in the editor and types at its end without saving. */
async function typeUnsaved(page: Page, path: string, text: string) {
  const name = path.split("/").pop() ?? path;
  await page
    .getByRole("list", { name: "Workspace files" })
    .getByRole("button", { name: new RegExp(`^${name.replace(".", "\\.")}`) })
    .click();
  const editor = page.getByRole("textbox", { name: `Contents of ${path}` });
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(text);
  await page.locator(".editor__dirty").waitFor();
  return editor;
}

describe.each(PROJECTOR_SIZES)("starting over at $width×$height", (viewport) => {
  it("Keep history keeps, the newest lane stays in view, and Restart and a pick start clean", async () => {
    const { page, errors } = await openApp(browser, { viewport });
    await pick(page, "Three first prompts");
    await play(page);
    await expect.poll(() => lanes(page)).toBe(4);
    expect((await counters(page)).calls).toBe(4);
    // The transcript may draw its last entries a little after "Finished." on a busy machine: all 15 of
    // the three runs (prompts, replies and results) are there before the count that follows is taken.
    await expect.poll(() => messages(page)).toBe(15);

    // Keep history: the old entries stay when another scenario is picked.
    const before = await messages(page);
    await page.getByRole("checkbox", { name: "Keep history" }).check();
    await pick(page, "Two edits of one file at once");
    await page.getByText(/\d+ steps: press Play/).waitFor();
    expect(await messages(page)).toBe(before);
    expect(await lanes(page)).toBe(4);
    expect((await counters(page)).calls).toBe(4);

    // Below the earlier lanes, the queue wait the scenario exists to show is in the panel's view.
    await play(page);
    await expect.poll(() => lanes(page)).toBe(6);
    await page.locator('.timeline [data-stage="queue"]').first().waitFor();
    const newest = page.locator(".timeline .lane").last();
    const inView = async () => {
      const body = await page.locator('[data-panel="timeline"] .panel__body').boundingBox();
      const lane = await newest.boundingBox();
      return !!body && !!lane && lane.y >= body.y - 1 && lane.y + lane.height <= body.y + body.height + 1;
    };
    await expect.poll(inView).toBe(true);

    // Restart: an empty conversation and timeline, counters at 0, the scenario at its first step.
    await page.getByRole("button", { name: "Restart" }).click();
    await expectClean(page);
    await page.getByText(/\d+ steps: press Play/).waitFor();
    await play(page);
    await expect.poll(() => lanes(page)).toBe(2);
    await expect.poll(inView).toBe(true);

    // A pick with Keep history off starts clean.
    await page.getByRole("checkbox", { name: "Keep history" }).uncheck();
    await pick(page, "Three first prompts");
    await expectClean(page);

    expect(await runAxe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("a tool's write over unsaved edits is shown, and the learner chooses", async () => {
    const { page, errors } = await openApp(browser, { viewport });
    const editor = await typeUnsaved(page, "src/todo.ts", "\n// mine");
    await fillToolForm(page, "write", { path: "src/todo.ts", content: "// the tool's\n" });
    await page
      .getByRole("form", { name: "Call a tool by hand" })
      .getByRole("button", { name: "Run write" })
      .click();
    const conflict = page.getByRole("alert").filter({ hasText: "A tool changed src/todo.ts" });
    await conflict.waitFor();
    // Saving now would undo the tool's write: Save waits for the choice.
    expect(await page.getByRole("button", { name: "Save", exact: true }).isDisabled()).toBe(true);
    expect(await editor.textContent()).toContain("// mine");
    expect(await runAxe(page)).toEqual([]);
    await conflict.getByRole("button", { name: "Take the tool's version" }).click();
    await conflict.waitFor({ state: "detached" });
    await expect.poll(async () => (await editor.textContent()) ?? "").toBe("// the tool's");
    await page.locator(".editor__dirty").waitFor({ state: "detached" });

    // Keep mine: the edits stay unsaved, and a Save then writes them over the tool's text, knowingly.
    await typeUnsaved(page, "src/todo.ts", "\n// mine again");
    await fillToolForm(page, "write", { path: "src/todo.ts", content: "// the tool's second\n" });
    await page
      .getByRole("form", { name: "Call a tool by hand" })
      .getByRole("button", { name: "Run write" })
      .click();
    await conflict.waitFor();
    await conflict.getByRole("button", { name: "Keep mine" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.locator(".editor__dirty").waitFor({ state: "detached" });
    expect(await editor.textContent()).toContain("// mine again");
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("Reset files and Restart ask before unsaved edits are lost", async () => {
    const { page, errors } = await openApp(browser, { viewport });
    await page.getByText("Three first prompts:").waitFor();
    const editor = await typeUnsaved(page, "README.md", "\nnot saved yet");
    const dialog = page.getByRole("dialog", { name: /Your edits are not saved/ });

    await page.getByRole("button", { name: "Reset files" }).click();
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("README.md");
    expect(await runAxe(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Keep editing" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await editor.textContent()).toContain("not saved yet");

    await page.getByRole("tab", { name: "Scenario" }).click();
    await page.getByRole("button", { name: "Restart" }).click();
    await dialog.waitFor();
    await page.keyboard.press("Escape"); // Esc keeps everything too
    await dialog.waitFor({ state: "hidden" });
    expect(await editor.textContent()).toContain("not saved yet");

    await page.getByRole("button", { name: "Reset files" }).click();
    await dialog.getByRole("button", { name: "Discard my edits and reset" }).click();
    await editor.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
