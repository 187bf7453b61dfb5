/**
 * The lessons' code exercises in Chromium: the safePath and dispatch table exercise fails with the
 * reason (a prefix check lets /workspace-evil through), an endless loop is ended and the page stays
 * usable, a syntax error is shown at its line, and a right answer passes and is remembered; the wc
 * exercise's test calls pass a right tool, which then joins the dispatch table.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  SAFEPATH_PREFIX_CHECK,
  SAFEPATH_SOLUTION,
  WC_SOLUTION,
} from "../../src/app/worker/lessons/solutions.fixture";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { runAxe } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function lessonOf(page: Page, id: string) {
  const lesson = page.getByRole("dialog", { name: "Lessons" }).locator(`[data-lesson="${id}"]`);
  return {
    lesson,
    status: lesson.getByRole("status"),
    editor: lesson.getByRole("textbox", { name: /^Code of the exercise/ }),
    run: () => lesson.getByRole("button", { name: "Run the tests" }).click(),
  };
}

/** Replaces the editor's text (typing through CodeMirror, as a learner's paste would). */
async function setSource(page: Page, editor: ReturnType<typeof lessonOf>["editor"], text: string) {
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

it("safePath and the dispatch table: a wrong answer fails with the reason, a loop is ended, a right one passes", async () => {
  const { page, errors } = await openApp(browser, { viewport: { width: 1024, height: 768 } });
  await page.getByRole("button", { name: "Lessons", exact: true }).click();
  const { lesson, status, editor, run } = lessonOf(page, "memory");
  await lesson.getByRole("button", { name: "Open the exercise" }).click();
  await editor.waitFor();
  expect(await editor.textContent()).toContain("export function safePath(cwd: string, p: string)");

  await setSource(page, editor, SAFEPATH_PREFIX_CHECK);
  await run();
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe("Not yet: 1 of 11 tests fail.");
  expect(await lesson.locator('[data-test="prefixTrick"]').textContent()).toBe(
    '✗ safePath("/workspace", "/workspace-evil/notes.md") is refused: was not refused: it returned /workspace-evil/notes.md',
  );
  expect(await lesson.locator(".is-passed").count()).toBe(10);
  expect(await runAxe(page)).toEqual([]);

  // An endless loop holds the exercise worker, never the page: it is ended, and the page answers.
  await setSource(page, editor, SAFEPATH_SOLUTION.replace("const abs = resolve(cwd, p);", "while (true) {}"));
  await run();
  await expect
    .poll(() => status.textContent(), { timeout: 10_000 })
    .toMatch(/^Your code ran for \d+ s without giving the page a turn \(an endless loop\?\)/);

  await setSource(page, editor, SAFEPATH_SOLUTION.replace("return abs;", "return abs;;)"));
  await run();
  // A new exercise worker starts after the loop ended the last one.
  await expect
    .poll(() => status.textContent(), { timeout: 20_000 })
    .toBe("1 problem: the code did not load, so no test ran.");
  const line = SAFEPATH_SOLUTION.split("\n").findIndex((l) => l.includes("return abs;")) + 1;
  expect(await lesson.getByRole("list", { name: "Problems in the code" }).textContent()).toContain(
    `Syntax error (line ${line})`,
  );

  await setSource(page, editor, SAFEPATH_SOLUTION);
  await run();
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe("Passed: all 11 tests pass.");
  expect(await lesson.getByText("✓ passed", { exact: true }).count()).toBe(1);
  expect(await page.getByText("1 of 14 passed").count()).toBe(1);

  // The draft and the progress outlive a reload.
  await page.reload();
  await page.getByRole("button", { name: "Lessons", exact: true }).click();
  await expect.poll(() => page.getByText("1 of 14 passed").count()).toBe(1);
  const again = lessonOf(page, "memory");
  await again.lesson.getByRole("button", { name: "Open the exercise" }).click();
  await again.editor.waitFor();
  await expect.poll(() => again.editor.textContent()).toContain("Object.hasOwn(tools, name)");
  expect(errors).toEqual([]);
  await closePage(page);
});

it("the wc exercise: the skeleton fails on the counting calls, a right tool passes them", async () => {
  const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
  await page.getByRole("button", { name: "Lessons", exact: true }).click();
  const { lesson, status, editor, run } = lessonOf(page, "layers");
  await lesson.getByRole("button", { name: "Open the exercise" }).click();
  await editor.waitFor();
  await run();
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe("Not yet: 3 of 5 tests fail.");
  expect(await lesson.locator('[data-test="poem"]').textContent()).toBe(
    "✗ wc poem.txt (2 lines, 6 words): came back with 0 lines and 0 words; expected 2 lines and 6 words.",
  );
  await setSource(page, editor, WC_SOLUTION);
  await run();
  await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe("Passed: all 5 tests pass.");
  // The tool that passed joins this session's dispatch table, marked as the learner's.
  await lesson.getByRole("button", { name: "Add it to the dispatch table" }).click();
  const table = page.getByRole("table", { name: /Tools by name/ });
  const row = table.getByRole("row").filter({ has: page.getByRole("button", { name: "wc" }) });
  await row.getByText("yours").waitFor();
  expect(errors).toEqual([]);
  await closePage(page);
});
