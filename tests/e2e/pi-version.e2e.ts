/**
 * The pi version picker in Chromium: a new page runs pi 1.6.0; the picker switches a running page to
 * 0.73.1 (the workspace stays; the dispatch table, the rendered prompt and the event stream follow); a
 * share link made on 0.73.1 opens on 0.73.1 in a fresh browser; `?pi=` opens the page on a version.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { callByHand } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORT = { width: 1280, height: 720 };

async function open(address = "", options: { slowScenario?: boolean } = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // The first visit's scenario arriving late, as on a loaded machine: its load clears the conversation.
  if (options.slowScenario)
    await context.route(/\/scenarios\/seed-prompts\.json$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`${e.name}: ${e.message}`));
  await page.goto(`${inject("baseURL")}${address}`);
  await page.getByRole("list", { name: "Session events" }).getByText("session_ready").first().waitFor();
  return { page, errors };
}

const picker = (page: Page) => page.getByRole("combobox", { name: "pi version" });
const powershellRow = (page: Page) => page.locator(".dispatch__listed").getByText("powershell");

/** The rendered prompt's text, from the System prompt panel's Rendered tab. */
async function renderedPrompt(page: Page): Promise<string> {
  await page.getByRole("tab", { name: "Rendered" }).click();
  return (await page.getByLabel("The rendered system prompt").textContent()) ?? "";
}

describe("the pi version picker", () => {
  it("a new page runs 1.6.0; the picker switches it to 0.73.1 and keeps the files", async () => {
    const { page, errors } = await open();
    await expect.poll(() => picker(page).inputValue()).toBe("1.6.0");
    await powershellRow(page).waitFor();
    expect(await renderedPrompt(page)).not.toContain("Current date:");
    // 1.6.0's bash returns a failed command as an error result with its output.
    expect(await callByHand(page, "bash", { command: "echo mine > kept.txt; exit 2" })).toContain(
      "Command exited with code 2",
    );

    await picker(page).selectOption("0.73.1");
    await page
      .getByRole("list", { name: "Session events" })
      .getByText("pi_version_changed")
      .first()
      .waitFor();
    await powershellRow(page).waitFor({ state: "detached" });
    await expect.poll(() => renderedPrompt(page)).toMatch(/Current date: \d{4}-\d{2}-\d{2}/);
    // The workspace stayed: the file written on 1.6.0 is read on 0.73.1.
    expect(await callByHand(page, "read", { path: "kept.txt" })).toContain("mine");
    // 0.73.1's validation texts.
    expect(await callByHand(page, "read", { path: "kept.txt", limit: "many" })).toContain(
      "limit: must be number",
    );
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a share link made on 0.73.1 opens on 0.73.1 in a fresh browser", async () => {
    const a = await open("?pi=0.73.1");
    await expect.poll(() => picker(a.page).inputValue()).toBe("0.73.1");
    await callByHand(a.page, "bash", { command: "echo linked > linked.txt" });
    const summary = a.page.getByText("Files and sharing", { exact: true });
    if (!(await a.page.locator("details.share").evaluate((d) => (d as HTMLDetailsElement).open)))
      await summary.click();
    await a.page.getByRole("button", { name: "Copy share link" }).click();
    const field = a.page.getByRole("textbox", { name: "Share link" });
    await expect.poll(() => field.inputValue()).toMatch(/#share=1\./);
    const url = await field.inputValue();

    const b = await open(url.slice(url.indexOf("#")));
    await expect.poll(() => picker(b.page).inputValue()).toBe("1.6.0");
    const ask = b.page.getByRole("dialog");
    await ask.getByText("Open the shared work?").waitFor();
    await ask.getByRole("button", { name: "Replace my workspace" }).click();
    await b.page.getByText("Opened the shared work.").waitFor();
    await expect.poll(() => picker(b.page).inputValue()).toBe("0.73.1");
    expect(await callByHand(b.page, "read", { path: "linked.txt" })).toContain("linked");
    for (const p of [a, b]) {
      expect(p.errors).toEqual([]);
      await p.page.context().close();
    }
  });

  it("?pi= with an unknown version says so, after the first scenario too, and starts on the default", async () => {
    const { page, errors } = await open("?pi=9.9", { slowScenario: true });
    await page.getByRole("list", { name: "Session events" }).getByText("scenario_loaded").first().waitFor();
    await page
      .locator(".msg--notice", {
        hasText: "The address asks for pi 9.9, which the playground cannot imitate",
      })
      .waitFor();
    await expect.poll(() => picker(page).inputValue()).toBe("1.6.0");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
