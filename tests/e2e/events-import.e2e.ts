/**
 * Importing an events file: a run exported from one browser, imported into a fresh one, shows the same
 * conversation and the same number of events, in a replay the page names as such, with the way back to
 * the live session; a corrupt file gives its sentence with the line number and changes nothing. The
 * button fits the top bar's one row at 1280×720 and 1024×768.
 */
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const conversation = (page: Page) => page.locator("ol.transcript").textContent();
const eventCount = (page: Page) => page.locator(".events__count").textContent();
const replayBar = (page: Page) => page.getByRole("region", { name: "Replay of an events file" });

async function importEvents(page: Page, name: string, text: string) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Import events…" }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: "application/x-ndjson", buffer: Buffer.from(text) });
}

/** The top bar's controls stand on one row and nothing in it spills over. */
async function topBarOneRow(page: Page) {
  return page.locator("header.app__bar").evaluate((bar) => {
    const tops = [...bar.querySelectorAll(".app__switches > *")]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => Math.round(el.getBoundingClientRect().top));
    return { rows: new Set(tops).size, spills: bar.scrollWidth > bar.clientWidth };
  });
}

describe("importing an events file", () => {
  it("replays an exported run in a fresh browser: same conversation and event count, then back to live", async () => {
    const a = await openApp(browser, { viewport: { width: 1280, height: 720 } });
    await a.page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await a.page.getByRole("button", { name: "Play" }).click();
    await a.page.getByText("Finished.").waitFor({ timeout: 30_000 });
    const [download] = await Promise.all([
      a.page.waitForEvent("download"),
      a.page.getByRole("button", { name: "Export events" }).click(),
    ]);
    const text = await readFile(String(await download.path()), "utf8");
    const lines = text.split("\n").filter((l) => l.trim() !== "").length;
    // "Finished." is in the status line, drawn every frame; the event list redraws in turns with the other
    // heavy panels, so its count may still be a turn behind.
    const count = `${lines.toLocaleString("en")} events`;
    await expect.poll(() => eventCount(a.page)).toBe(count);
    // After a burst the transcript draws the newest entries, then grows back: wait for every call.
    const calls = text.split("\n").filter((l) => l.includes('"type":"tool_execution_start"')).length;
    expect(calls).toBeGreaterThan(0);
    await expect.poll(() => a.page.locator("ol.transcript .call").count()).toBe(calls);
    const recorded = { conversation: await conversation(a.page), count };

    // The same viewport as the recording: the conversation shows as many entries at the same height.
    const b = await openApp(browser, { viewport: { width: 1280, height: 720 } });
    const live = await eventCount(b.page);
    // Unsaved typing in the editor: a replay must not lose it.
    await b.page
      .getByRole("list", { name: "Workspace files" })
      .getByText("README.md", { exact: true })
      .click();
    await b.page.locator(".cm-content").click();
    await b.page.keyboard.press("Control+Home");
    await b.page.keyboard.type("typed before the replay ");
    await importEvents(b.page, "run.jsonl", text);
    await replayBar(b.page).getByText("Replay of a file, not the live session.").waitFor();
    expect(await replayBar(b.page).textContent()).toContain(
      `The panels show the ${lines} events of run.jsonl`,
    );
    await expect.poll(() => eventCount(b.page)).toBe(recorded.count);
    // All of it arrives at once, so the transcript draws the newest entries first, then grows back.
    await expect.poll(() => conversation(b.page), { timeout: 10_000 }).toBe(recorded.conversation);
    // The controls that drive the live session are out of sight, and the workspace panel says why.
    expect(await b.page.locator(".composer").isVisible()).toBe(false);
    await b.page.getByText("The workspace, its files and the controls belong to the live session").waitFor();
    expect(await runAxe(b.page)).toEqual([]);

    // Below 1280 px the bar's switches may take a second row (layout-1280.e2e.ts holds it to one at
    // 1280), but nothing spills past the page.
    await b.page.setViewportSize({ width: 1024, height: 768 });
    expect((await topBarOneRow(b.page)).spills).toBe(false);
    await replayBar(b.page).getByRole("button", { name: "Back to live session" }).click();
    await replayBar(b.page).waitFor({ state: "detached" });
    expect(await eventCount(b.page)).toBe(live);
    await b.page.getByRole("button", { name: "Play" }).waitFor();
    await b.page.locator(".cm-content").getByText("typed before the replay").waitFor();

    for (const p of [a, b]) {
      expect(p.errors).toEqual([]);
      await closePage(p.page);
    }
  });

  it("a corrupt file says which line is wrong and changes nothing", async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
    expect(await topBarOneRow(page)).toEqual({ rows: 1, spills: false });
    const before = {
      conversation: await page.locator(".conversation__transcript").textContent(),
      count: await eventCount(page),
    };
    const good = JSON.stringify({ type: "agent_start", seq: 1, ts: 1 });
    await importEvents(page, "broken.jsonl", `${good}\n${good}\n{"type": "turn_start", "seq": 2,\n`);
    const alert = page.getByRole("alert").filter({ hasText: "broken.jsonl was not imported" });
    await alert.waitFor();
    expect(await alert.textContent()).toContain("line 3 is not JSON");
    expect(await alert.textContent()).toContain("Nothing changed.");
    expect(await replayBar(page).count()).toBe(0);
    expect(await eventCount(page)).toBe(before.count);
    expect(await page.locator(".conversation__transcript").textContent()).toBe(before.conversation);
    await alert.getByRole("button", { name: "Dismiss" }).click();
    await alert.waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
