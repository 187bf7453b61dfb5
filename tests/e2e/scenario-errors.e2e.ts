/** A broken scenario file on the page: its one line is shown, and the scenario loaded before stays. */
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

const LINE =
  "queue-race.json: steps[1].assistant.content[0].id: missing, expected a non-empty string (every tool call needs an id the result can answer)";

describe("a broken scenario file", () => {
  it("shows the line naming the file, step and field, and keeps the scenario it had", async () => {
    const broken = {
      steps: [{ user: "go" }, { assistant: { content: [{ type: "toolCall", name: "read" }] } }],
    };
    const { page, errors } = await openApp(browser, {
      prepare: async (context) => {
        await context.route("**/scenarios/queue-race.json", (route) =>
          route.fulfill({ contentType: "application/json", body: JSON.stringify(broken) }),
        );
      },
    });
    await page.getByText("Three first prompts:").waitFor();
    await page
      .getByRole("combobox", { name: "Scenario" })
      .selectOption({ label: "Two edits of one file at once" });
    await page.locator(".msg--notice", { hasText: LINE }).waitFor();
    expect(await page.getByText("Three first prompts:").count()).toBe(1);
    expect(await page.getByText("Two edits of one file at once:").count()).toBe(0);
    // The scenario kept still plays.
    await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await page.getByRole("button", { name: "Play" }).click();
    await page.getByText("Finished.").waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
