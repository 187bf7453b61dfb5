/**
 * The Model field in Chromium: it offers the models pi-ai knows for the chosen provider, each with its
 * context window and prices, says what the typed model gets (the table's figures, or pi's defaults for a
 * model given by id only), stays free text, and keeps the page's accessibility checks clean.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chooseModel, modelField, modelForm, modelPages, PROJECTOR, SMALL } from "./model-support";
import { runAxe } from "./support";

const pages = modelPages();

/** the line under the field (its description) */
const about = async (p: Page) => {
  const id = await modelField(p).getAttribute("aria-describedby");
  return (await p.locator(`[id="${id}"]`).textContent()) ?? "";
};

describe("the Model field", () => {
  it.each([
    ["1280×720", PROJECTOR],
    ["1024×768", SMALL],
  ] as const)("offers pi-ai's models with their context window and prices, at %s", async (_, viewport) => {
    const p = await pages.open(viewport);
    await chooseModel(p, {
      preset: "Anthropic",
      baseUrl: pages.mock.anthropicBaseUrl,
      modelId: "claude-haiku-4-5",
    });
    // a list of suggestions: the field is a combobox named "Model"
    await expect.poll(() => modelForm(p).getByRole("combobox", { name: "Model" }).count()).toBe(1);
    const options = p.locator("datalist option");
    expect(await options.count()).toBeGreaterThan(5);
    const haiku = p.locator('datalist option[value="claude-haiku-4-5"]');
    expect(await haiku.textContent()).toBe(
      "Claude Haiku 4.5 (latest) · 200,000 tokens · $1.00 in / $5.00 out per million",
    );
    expect(await about(p)).toBe(
      "Known to pi-ai: context window 200,000 tokens, up to 64,000 output tokens; $1.00 input, $5.00 output per million tokens.",
    );
    // still free text: an id the table does not have gets pi's defaults
    await modelField(p).fill("my-own-model");
    expect(await about(p)).toMatch(
      /^Not among the \d+ models pi-ai knows for this provider .* a context window of 128,000 tokens, up to 16,384 output tokens/,
    );
    expect(await runAxe(p)).toEqual([]);
  });

  it("says a local server's model gets pi's defaults, with nothing to offer", async () => {
    const p = await pages.open(PROJECTOR);
    await chooseModel(p, { baseUrl: pages.mock.openaiBaseUrl });
    await expect.poll(() => about(p)).toMatch(/^pi-ai knows no models for this provider/);
    expect(await modelForm(p).getByRole("textbox", { name: "Model" }).inputValue()).toBe("mock-model");
    expect(await p.locator("datalist").count()).toBe(0);
  });
});
