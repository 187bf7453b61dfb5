/**
 * The Context window panel: after "Three first prompts" it lists the system prompt and every message with
 * its count; the small-window scenario on the 8,192-token window crosses pi's compaction line, names the
 * cut, and a truncated read shows what its whole output would have cost.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { playThreePrompts } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const gauge = (page: Page) => page.locator(".context-gauge");
const roles = (page: Page) =>
  gauge(page)
    .locator("tr[data-testid='context-row']")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-role")));

async function pick(page: Page, title: string) {
  const picker = page.getByRole("combobox", { name: "Scenario" });
  await picker.locator("option", { hasText: title }).waitFor({ state: "attached" });
  const value = await picker.locator("option", { hasText: title }).getAttribute("value");
  await picker.selectOption(value ?? "");
  await page.getByText(`${title}:`).waitFor();
}

describe("context window gauge", () => {
  it("shows the system prompt and each message after Three first prompts, each with its count", async () => {
    const { page, errors } = await openApp(browser);
    await playThreePrompts(page);
    // three runs: a user message, an assistant message per call and one closing text, a result per call
    await expect
      .poll(() => roles(page).then((r) => r.filter((x) => x !== "system")))
      .toEqual([
        "user",
        "assistant",
        "toolResult",
        "assistant",
        "user",
        "assistant",
        "toolResult",
        "assistant",
        "user",
        "assistant",
        "toolResult",
        "assistant",
        "toolResult",
        "assistant",
      ]);
    const prompt = gauge(page).locator("tr[data-role='prompt']");
    await expect.poll(() => prompt.textContent()).toMatch(/System prompt\s*[1-9][\d,]*\s*estimate/);
    // a scripted model reports no usage, so every count is pi's estimate, and the total is their sum
    const counts = await gauge(page)
      .locator("tr[data-testid='context-row'], tr[data-role='prompt']")
      .evaluateAll((rows) =>
        rows.map((r) => ({
          n: Number((r.querySelectorAll("td")[2]?.textContent ?? "").replace(/,/g, "")),
          source: r.querySelectorAll("td")[3]?.textContent ?? "",
        })),
      );
    expect(counts.every((c) => c.n > 0 && c.source === "estimate")).toBe(true);
    const sum = counts.reduce((s, c) => s + c.n, 0);
    const total = await gauge(page).getByTestId("context-total").textContent();
    expect(total).toContain(`${sum.toLocaleString("en-US")} of 128,000 tokens`);
    await expect
      .poll(() => gauge(page).getByTestId("compaction-status").textContent())
      .toMatch(/^Under the line/);
    expect(errors).toEqual([]);
    await closePage(page);
  });

  it("an 8,192-token window: the small-window scenario crosses the compaction line, and the cut log says what it saved", async () => {
    const { page, errors } = await openApp(browser);
    await pick(page, "A small window fills up");
    await gauge(page).getByRole("combobox", { name: "Window" }).selectOption({ value: "8192" });
    await expect
      .poll(() => gauge(page).getByTestId("compaction-status").textContent())
      .toMatch(/^Under the line/);
    await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await page.getByRole("button", { name: "Play" }).click();
    await page.getByText("Finished.").waitFor({ timeout: 30_000 });
    await expect
      .poll(() => gauge(page).getByTestId("compaction-status").textContent())
      .toContain("Over the line: pi would compact now (above 6,144 tokens)");
    await expect
      .poll(() => gauge(page).getByTestId("cut-point").textContent())
      .toMatch(/keep from message \d+ on/);
    await expect(gauge(page).locator(".context-gauge__cutrow").count()).resolves.toBe(1);
    // the line sits inside the bar, left of the end: the conversation has passed it
    const line = await gauge(page)
      .getByTestId("compaction-line")
      .evaluate((el) => (el as HTMLElement).style.left);
    expect(Number.parseFloat(line)).toBeGreaterThan(0);
    expect(Number.parseFloat(line)).toBeLessThan(100);

    await gauge(page).getByRole("button", { name: "Why truncate?" }).click();
    const why = (await gauge(page).getByTestId("untruncated").textContent()) ?? "";
    expect(why).toMatch(/The whole output: 202,440 bytes, 3,000 lines ≈ 50,610 tokens/);
    expect(why).toMatch(/What the cut sent: 51,148 bytes, 758 lines = 12,806 tokens/);
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
