import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page and returns the serious and critical violations. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: unknown[] }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(" ")),
    }));
  });
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/**
 * Opens "Call a tool by hand", picks `tool` in the generated form and types `fields` into a blank form
 * (the form remembers earlier values per tool), without sending it.
 */
export async function fillToolForm(page: Page, tool: string, fields: Record<string, string>): Promise<void> {
  const form = page.getByRole("form", { name: "Call a tool by hand" });
  await page.getByRole("tab", { name: "Call a tool by hand" }).click();
  await form.getByRole("tab", { name: "Form" }).click();
  await form.getByRole("combobox", { name: "Tool" }).selectOption(tool);
  for (const box of await form.getByRole("textbox").all()) await box.fill("");
  for (const [name, value] of Object.entries(fields))
    await form.getByRole("textbox", { name: new RegExp(`^${name}\\b`) }).fill(value);
}

/**
 * Fills "Call a tool by hand" for `tool`, sends it, and returns the new call's id once the call shows in
 * the transcript (not waiting for its result).
 */
export async function startCallByHand(
  page: Page,
  tool: string,
  fields: Record<string, string>,
): Promise<string> {
  await fillToolForm(page, tool, fields);
  const calls = page.locator(".transcript .call");
  const before = await calls.count();
  await page
    .getByRole("form", { name: "Call a tool by hand" })
    .getByRole("button", { name: `Run ${tool}` })
    .click();
  await page.waitForFunction((n) => document.querySelectorAll(".transcript .call").length > n, before);
  return (await calls.last().getAttribute("data-call")) ?? "";
}

/**
 * Fills "Call a tool by hand" for `tool`, sends it, waits for its result in the transcript and returns
 * the result's text.
 */
export async function callByHand(
  page: Page,
  tool: string,
  fields: Record<string, string>,
  timeout = 30_000,
): Promise<string> {
  await fillToolForm(page, tool, fields);
  const results = page.locator(".msg--result");
  const before = await results.count();
  await page
    .getByRole("form", { name: "Call a tool by hand" })
    .getByRole("button", { name: `Run ${tool}` })
    .click();
  await page.waitForFunction((n) => document.querySelectorAll(".msg--result").length > n, before, {
    timeout,
  });
  return ((await results.last().locator(".result-text").textContent()) ?? "").trim();
}

/** The two projector sizes every teaching check runs at. */
export const PROJECTOR_SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
] as const;

/** Plays "Three first prompts" to the end at no pauses (for checks of what playing does, not its pace). */
export async function playThreePrompts(page: Page): Promise<void> {
  await page
    .getByRole("combobox", { name: "Scenario" })
    .locator("option", { hasText: "Three first prompts" })
    .waitFor({ state: "attached" });
  await page.getByText("Three first prompts:").waitFor();
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
  await page.getByRole("button", { name: "Play" }).click();
  await page.getByText("Finished.").waitFor({ timeout: 20_000 });
}

/**
 * A bash loop that only an abort (or the call's timeout) ends, and that never hands the worker's thread
 * back: its body is assignments, which the engine does not count, so its 100,000-command limit, which
 * ends `while true; do :; done` within a second, never comes. A test that presses Esc on a loaded
 * machine must not find the loop already over.
 */
// biome-ignore lint/suspicious/noTemplateCurlyInString: bash's own ${…}, not a JavaScript template
export const ENDLESS_BASH = 's=x; while true; do s="$s$s"; s="${s:0:20000}"; done';
