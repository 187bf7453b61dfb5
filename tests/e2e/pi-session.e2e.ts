/**
 * A pi session file recorded by real pi (tests/fixtures/pi-sessions, both versions) opens in the panels:
 * its calls on the timeline and in the transcript, pi's results marked as recorded; a re-run on the page's
 * workspace marks the call whose answer differs (the page has no todo.md). A 30 MB file opens with
 * progress while the page keeps answering; broken lines are reported by number; an unknown format
 * version gets its sentence.
 */
import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

const fixture = (version: string) => readFileSync(`tests/fixtures/pi-sessions/pi-${version}.jsonl`, "utf8");
const replayBar = (page: Page) => page.getByRole("region", { name: "Replay of an events file" });

async function openFile(page: Page, name: string, text: string | Buffer) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: "Import events…" }).click(),
  ]);
  await chooser.setFiles({ name, mimeType: "application/x-ndjson", buffer: Buffer.from(text) });
}

/**
 * The 1.6.0 fixture's first call and its result, repeated until the file is past `bytes`; each result is
 * a 20 KB file read, as the bulk of a real session's bytes are tool results.
 */
function bigSession(bytes: number): Buffer {
  const lines = fixture("1.6.0").trimEnd().split("\n");
  const [user, assistant, result] = [lines[3], lines[4], lines[5]].map((l) => JSON.parse(l));
  assistant.message.content = assistant.message.content.slice(0, 2);
  const out = lines.slice(0, 3);
  let parent = JSON.parse(lines[2]).id;
  let size = 0;
  for (let n = 0; size < bytes; n++) {
    for (const entry of [user, assistant, result]) {
      const copy = structuredClone(entry);
      copy.id = `e${n}-${entry.message.role}`;
      copy.parentId = parent;
      parent = copy.id;
      if (copy.message.role === "assistant") copy.message.content[1].id = `call-${n}`;
      if (copy.message.role === "toolResult") {
        copy.message.toolCallId = `call-${n}`;
        copy.message.content = [{ type: "text", text: `line ${n}\n`.repeat(2500) }];
      }
      if (copy.message.role === "user") copy.message.content = `Question ${n}`;
      const line = JSON.stringify(copy);
      out.push(line);
      size += line.length + 1;
    }
  }
  return Buffer.from(out.join("\n"));
}

describe("a pi session file", () => {
  for (const version of ["0.73.1", "1.6.0"]) {
    it(`pi ${version}: shows its calls; a re-run marks the one the page answers differently`, async () => {
      const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 900 } });
      await callByHand(page, "write", { path: "notes.txt", content: "hello from pi\nsecond line\n" });
      await openFile(page, `pi-${version}.jsonl`, fixture(version));

      const bar = replayBar(page);
      await bar.getByText("A pi session file (format version 3) with 4 tool calls.").waitFor();
      // The calls are drawn like a live run's: in the transcript and on the timeline.
      await page.locator("ol.transcript").getByText("What do my notes and my todo list say?").waitFor();
      expect(await page.locator(".lane").count()).toBeGreaterThanOrEqual(4);
      // The dispatch table lists the tools the session called, with their counts.
      const table = page.getByRole("table", { name: /Tools by name/ });
      await table.getByRole("button", { name: "read", exact: true }).waitFor();
      await table.getByRole("button", { name: "bash", exact: true }).waitFor();
      if (version === "1.6.0") {
        // The file's own system prompt, by section, in place of the live one (which has a docs section).
        const prompt = page.getByRole("region", { name: /System prompt/ });
        await prompt.getByText("tools", { exact: true }).first().waitFor();
        expect(await prompt.getByText("docs", { exact: true }).count()).toBe(0);
      }
      const calls = bar.getByRole("list", { name: "The session's tool calls" }).getByRole("listitem");
      expect(await calls.count()).toBe(4);
      expect(await calls.first().getByText("recorded").count()).toBe(1);

      await bar.getByRole("button", { name: "Re-run every call on this page" }).click();
      await expect
        .poll(() => calls.evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.mark)), {
          timeout: 30_000,
        })
        .not.toContain("running");
      const marks = await calls.evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.mark));
      // notes.txt is the same on the page; todo.md is not in the page's workspace.
      expect(marks[0]).toBe("same");
      expect(marks[1]).toBe("differs");
      await calls.nth(1).getByText("todo.md").first().waitFor();

      // As a scenario on the live session: its prompts and replies play, the calls run on the page.
      await bar.getByRole("button", { name: "Play it as a scenario" }).click();
      await bar.waitFor({ state: "detached" });
      await page.getByRole("tab", { name: "Scenario" }).click();
      await page.getByText(`pi session pi-${version}.jsonl:`).waitFor();
      await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
      await page.getByRole("button", { name: "Play", exact: true }).click();
      await page.getByText("Finished.").waitFor({ timeout: 20_000 });
      expect(errors).toEqual([]);
      await closePage(page);
    }, 90_000);
  }

  it("a 30 MB file opens with progress, and the page answers input while it loads", async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 900 } });
    const big = bigSession(30 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(30 * 1024 * 1024);
    await openFile(page, "big.jsonl", big);
    const progress = page.getByRole("progressbar", { name: /big\.jsonl/ });
    await progress.waitFor({ timeout: 20_000 });
    // While it loads, the page's thread is free: a frame comes within a short wait, and a click works.
    const frames: number[] = [];
    while ((await progress.count()) > 0 && frames.length < 20) {
      frames.push(
        await page.evaluate(() => {
          const start = performance.now();
          return new Promise<number>((resolve) =>
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start))),
          );
        }),
      );
    }
    expect(frames.length).toBeGreaterThan(0);
    expect(Math.max(...frames)).toBeLessThan(1000);
    await replayBar(page)
      .getByText(/A pi session file \(format version 3\) with [\d,]+ tool calls\./)
      .waitFor({
        timeout: 120_000,
      });
    expect(errors).toEqual([]);
    await closePage(page);
  }, 180_000);

  it("reports broken lines by number and an unknown format version in a sentence", async () => {
    const { page, errors } = await openApp(browser);
    const lines = fixture("0.73.1").split("\n");
    lines.splice(3, 0, "{not json", '"a string"');
    await openFile(page, "broken.jsonl", lines.join("\n"));
    await replayBar(page)
      .getByText("2 lines of the file were skipped (not session entries): lines 4, 5.")
      .waitFor();
    await replayBar(page).getByRole("button", { name: "Back to live session" }).click();

    await openFile(
      page,
      "future.jsonl",
      '{"type":"session","version":7,"id":"x","cwd":"/","timestamp":""}\n',
    );
    await page
      .getByRole("alert")
      .getByText(/future\.jsonl was not opened: it is a pi session of format version 7/)
      .waitFor();
    expect(errors).toEqual([]);
    await closePage(page);
  }, 60_000);
});
