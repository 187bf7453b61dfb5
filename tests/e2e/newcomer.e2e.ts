/**
 * A newcomer's first steps, each `it` in a page of its own (its own session and workspace) that sets up
 * what it needs.
 * Everything is driven the way a person would (roles and labels), so the tests also check that every
 * control is named.
 */
import { DEFAULT_WORKSPACE } from "@app/common/presets/default-workspace";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./page";
import { fillToolForm, runAxe } from "./support";

let page: Page;
pagePerTest((p) => (page = p), { viewport: { width: 1440, height: 900 } });

const form = () => page.getByRole("form", { name: "Call a tool by hand" });
const lastResult = () => page.locator(".msg--result").last();

async function composer(tab: "Scenario" | "Call a tool by hand") {
  await page.getByRole("tab", { name: tab }).click();
}

async function callByHand(tool: string, fields: Record<string, string>) {
  await fillToolForm(page, tool, fields);
  const before = await page.locator(".msg--result").count();
  await form()
    .getByRole("button", { name: `Run ${tool}` })
    .click();
  await page.waitForFunction((n) => document.querySelectorAll(".msg--result").length > n, before);
  return ((await lastResult().textContent()) ?? "").trim();
}

async function playScenario(title: string) {
  await composer("Scenario");
  const picker = page.getByRole("combobox", { name: "Scenario" });
  const value = await picker.locator("option", { hasText: title }).getAttribute("value");
  await picker.selectOption(value ?? "");
  await page.getByText(`${title}:`).waitFor();
  // What is checked here is what playing does, not its pace.
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
  await page.getByRole("button", { name: "Play" }).click();
  await page.getByText("Finished.").waitFor({ timeout: 20_000 });
}

describe("a newcomer's first session", () => {
  it("opens the page and hears from the session worker", async () => {
    await page.getByRole("heading", { name: "Dispatch table", exact: true }).waitFor();
    await page.getByRole("list", { name: "Session events" }).getByText("session_ready").waitFor();
    await page
      .getByRole("list", { name: "Workspace files" })
      .getByText("package.json", { exact: true })
      .waitFor();
  });

  it("plays the tutorial's three prompts: notes.md appears, one lane per call, and the events", async () => {
    await playScenario("Three first prompts");
    await page
      .getByRole("list", { name: "Workspace files" })
      .getByText("notes.md", { exact: true })
      .waitFor();
    // The seed's scenario makes four calls over three runs; counts are polled because the page renders
    // once per animation frame, and the heavy panels (transcript, timeline) may wait a few frames more
    // while the page is busy: on a loaded machine that took longer than expect.poll's default second.
    const calls = 4;
    const settled = { timeout: 10_000 };
    await expect.poll(() => page.locator(".transcript .call").count(), settled).toBe(calls);
    await expect.poll(() => page.locator(".timeline .lane").count(), settled).toBe(calls);
    const events = page.getByRole("list", { name: "Session events" });
    await events.getByText("agent_end").last().waitFor();
    await page.getByRole("combobox", { name: "Type" }).selectOption("tool_execution_end");
    await expect.poll(() => events.locator("li").count()).toBe(calls);
    await page.getByRole("combobox", { name: "Type" }).selectOption("");
  });

  it("calls read by hand on package.json with offset 2 and limit 3 and sees lines 2 to 4", async () => {
    const text = await callByHand("read", { path: "package.json", offset: "2", limit: "3" });
    const lines = String(DEFAULT_WORKSPACE["package.json"]).split("\n");
    expect(text).toContain(lines.slice(1, 4).join("\n"));
    expect(text).not.toContain(lines[0]);
    expect(text).not.toContain(lines[4]);
  });

  it("types JSON that does not parse and sees where it breaks; the call cannot be sent", async () => {
    await fillToolForm(page, "read", {});
    await form().getByRole("tab", { name: "Raw JSON" }).click();
    const box = form().getByRole("textbox", { name: "Arguments (JSON)" });
    await box.fill('{\n  "path": "package.json",\n  "limit": 3,\n}');
    const alert = form().getByRole("alert");
    await alert.waitFor();
    expect((await alert.textContent()) ?? "").toMatch(/breaks at line 3, column 13\b.*comma before "}"/);
    expect(await box.getAttribute("aria-invalid")).toBe("true");
    expect(await form().getByRole("button", { name: "Run read" }).isDisabled()).toBe(true);
  });

  it("sends JSON that parses but misfits the schema and gets pi's validation error", async () => {
    await fillToolForm(page, "read", {});
    await form().getByRole("tab", { name: "Raw JSON" }).click();
    const box = form().getByRole("textbox", { name: "Arguments (JSON)" });
    await box.fill('{"path": "package.json", "limit": "many"}');
    const before = await page.locator(".msg--result").count();
    await form().getByRole("button", { name: "Run read" }).click();
    await page.waitForFunction((n) => document.querySelectorAll(".msg--result").length > n, before);
    const text = (await lastResult().textContent()) ?? "";
    expect(text).toContain('Validation failed for tool "read"');
    expect(await lastResult().getAttribute("class")).toContain("msg--error");
  });

  it("switches grep on: the rules change and the Changes tab shows the patch", async () => {
    const rules = page.locator(".rules").last();
    await rules.getByText("Use bash for file operations like ls, rg, find").waitFor();
    await page.getByRole("combobox", { name: "State of grep" }).selectOption("active");
    await rules.getByText("Use bash for file operations like ls, rg, find").waitFor({ state: "detached" });
    await page.getByRole("tab", { name: /^Changes/ }).click();
    const update = page.getByRole("region", { name: "System message update" });
    await update.waitFor();
    expect((await update.textContent()) ?? "").toContain('Updated system prompt section "rules"');
    const decl = page.getByRole("list", { name: "Tool declarations added or removed" });
    expect((await decl.textContent()) ?? "").toContain("grep declared");
  });

  it("edits a file in the editor, saves, and reads it back with the read tool", async () => {
    await page
      .getByRole("list", { name: "Workspace files" })
      .getByRole("button", { name: /^README\.md/ })
      .click();
    const editor = page.getByRole("textbox", { name: "Contents of README.md" });
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type("\nEdited in the playground editor.");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.locator(".editor__dirty").waitFor({ state: "detached" });
    // The session confirms the write: the tree marks the file as changed in the editor.
    await page.getByRole("list", { name: "Workspace files" }).getByText("changed in the editor").waitFor();
    const text = await callByHand("read", { path: "README.md" });
    expect(text).toContain("Edited in the playground editor.");
  });

  it("runs the parallel-edit scenario and sees a queue wait in the timeline", async () => {
    await playScenario("Two edits of one file at once");
    await expect.poll(() => page.locator('.timeline [data-stage="queue"]').count()).toBeGreaterThanOrEqual(1);
    const latest = page.locator(".timeline .batch").last();
    await expect.poll(() => latest.locator(".lane").count()).toBe(2);
  });

  it("aborts a long bash command with Esc and keeps a working session", async () => {
    await composer("Call a tool by hand");
    await form().getByRole("combobox", { name: "Tool" }).selectOption("bash");
    await form()
      .getByRole("textbox", { name: /^command\b/ })
      // A command the engine can interrupt: a CPU loop may instead reach the engine's command limit on
      // its own before Esc lands on a loaded machine (bash.e2e.ts covers the loop the page must end).
      .fill("sleep 30");
    await form().getByRole("button", { name: "Run bash" }).click();
    await page.locator(".timeline .lane--running").waitFor();
    await page.getByRole("button", { name: "Abort" }).first().waitFor();
    await page.locator("body").focus();
    await page.keyboard.press("Escape");
    await page.locator(".timeline .lane--running").waitFor({ state: "detached", timeout: 10_000 });
    // Aborted by the engine, or, when the worker's thread did not answer within the grace (a loaded
    // machine), ended with the worker, which the transcript says too.
    await page
      .locator(".transcript")
      .getByText(/Command aborted|did not stop within \d+ ms of the abort/)
      .first()
      .waitFor();
    // The session still answers (on a new worker if the old one had to go).
    const text = await callByHand("read", { path: "package.json", limit: "1" });
    expect(text).toContain("{");
  });

  it("has no serious or critical axe-core violations after the seed and a validation error", async () => {
    await playScenario("Three first prompts");
    await fillToolForm(page, "read", {});
    await form().getByRole("tab", { name: "Raw JSON" }).click();
    await form()
      .getByRole("textbox", { name: "Arguments (JSON)" })
      .fill('{"path": "package.json", "limit": "many"}');
    await form().getByRole("button", { name: "Run read" }).click();
    await lastResult().and(page.locator(".msg--error")).waitFor();
    expect(await runAxe(page)).toEqual([]);
  });
});
