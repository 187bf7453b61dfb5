/**
 * The pipeline debugger in Chromium: a breakpoint set in a tool's details pauses a call by hand before
 * execute; an edit that fails validation is refused and the call stays paused; the edited arguments
 * run; Skip gives the model the learner's reason; a conditional breakpoint fires only on its match; a
 * scenario waits at a breakpoint after execute and Abort ends the run cleanly.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./page";
import { callByHand, startCallByHand } from "./support";

let page: Page;
pagePerTest((p) => (page = p), { viewport: { width: 1280, height: 720 } });

async function setBreakpoint(tool: string, stage: "before" | "after", when = "") {
  await page
    .getByRole("table", { name: /Tools by name/ })
    .getByRole("button", { name: tool, exact: true })
    .click();
  const details = page.getByRole("region", { name: new RegExp(tool) });
  await details.getByLabel("Only when the arguments contain (optional)").fill(when);
  await details.getByRole("button", { name: `Pause ${tool} ${stage} execute` }).click();
  await page
    .getByRole("list", { name: "Breakpoints" })
    .getByText(new RegExp(`^${tool} · ${stage} execute`))
    .waitFor();
}

const paused = () => page.locator("[data-paused]");
const resultOf = async (id: string) =>
  ((await page.locator(`.msg--result[data-call="${id}"] .result-text`).textContent()) ?? "").trim();

describe("the pipeline debugger", () => {
  it("pauses a call by hand before execute: a bad edit is refused, the good one runs, Skip blocks", async () => {
    await setBreakpoint("write", "before");
    const id = await startCallByHand(page, "write", { path: "a.txt", content: "one" });
    await paused().getByText("write paused before execute").waitFor();
    // The timeline holds the paused time as a bar of its own kind while the call waits.
    await page.locator(`.timeline [data-stage="paused"]`).first().waitFor();
    const editor = paused().getByLabel(/Arguments \(JSON\)/);
    expect(JSON.parse(await editor.inputValue())).toEqual({ path: "a.txt", content: "one" });
    await editor.fill('{"path": "b.txt"}');
    await paused().getByRole("button", { name: "Continue with the edit" }).click();
    await paused()
      .getByText(/The session would not run these arguments: Validation failed for tool "write"/)
      .waitFor();
    await editor.fill('{"path": "b.txt", "content": "edited"}');
    await paused().getByRole("button", { name: "Continue with the edit" }).click();
    await page.locator(`.msg--result[data-call="${id}"]`).waitFor();
    expect(await resultOf(id)).toMatch(/b\.txt/);
    await page.locator(".file-tree").getByText("b.txt", { exact: true }).waitFor();
    expect(await page.locator(".file-tree").getByText("a.txt", { exact: true }).count()).toBe(0);

    const second = await startCallByHand(page, "write", { path: "c.txt", content: "x" });
    await paused().getByLabel("Reason the model gets (Skip)").fill("Not that file.");
    await paused().getByRole("button", { name: "Skip" }).click();
    await page.locator(`.msg--result[data-call="${second}"]`).waitFor();
    expect(await resultOf(second)).toBe("Not that file.");
    expect(await paused().count()).toBe(0);
  });

  it("a breakpoint before execute on edit pauses a scenario; the edited arguments run", async () => {
    await setBreakpoint("edit", "before");
    await page.getByRole("tab", { name: "Scenario" }).click();
    await page
      .getByRole("combobox", { name: "Scenario" })
      .selectOption({ label: "Two edits of one file at once" });
    await page.getByText("Two edits of one file at once:").waitFor();
    await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await page.getByRole("button", { name: "Play", exact: true }).click();
    const editor = paused().getByLabel(/Arguments \(JSON\)/);
    await editor.waitFor({ timeout: 20_000 });
    const args = JSON.parse(await editor.inputValue());
    expect(args.edits[0].newText).toBe("export function appendTodo");
    args.edits[0].newText = "export function pushTodo";
    await editor.fill(JSON.stringify(args));
    await paused().getByRole("button", { name: "Continue with the edit" }).click();
    // The scenario's second edit pauses too: it runs as the model sent it.
    await paused().getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByText("Finished.").waitFor({ timeout: 20_000 });
    const file = await callByHand(page, "read", { path: "src/todo.ts" });
    expect(file).toContain("export function pushTodo");
    expect(file).not.toContain("export function appendTodo");
  });

  it("a condition pauses only its match; a scenario waits after execute, and Abort ends the run", async () => {
    await setBreakpoint("read", "before", "secret");
    expect(await callByHand(page, "read", { path: "README.md" })).not.toBe("");
    expect(await paused().count()).toBe(0);
    await page
      .getByRole("list", { name: "Breakpoints" })
      .getByRole("button", { name: /Remove the breakpoint/ })
      .click();
    await page.getByRole("list", { name: "Breakpoints" }).waitFor({ state: "detached" });

    await setBreakpoint("write", "after");
    await page.getByRole("tab", { name: "Scenario" }).click();
    await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await paused().getByText("write paused after execute").waitFor({ timeout: 20_000 });
    expect(
      JSON.parse(
        await paused()
          .getByLabel(/Result \(JSON\)/)
          .inputValue(),
      ),
    ).toMatchObject({
      isError: false,
    });
    await paused().getByRole("button", { name: "Abort the run" }).click();
    await paused().waitFor({ state: "detached" });
    // The player stops where the run was aborted; the scenario does not go on to its end.
    await page.getByText(/Step \d+ of \d+ \((paused|done)\)/).waitFor();
    expect(await page.getByText("Finished.").count()).toBe(0);
  });

  it("the lesson 'Stop a call halfway' passes once a paused write ran with an edited path", async () => {
    const lessons = page.getByRole("dialog", { name: "Lessons" });
    const lesson = lessons.locator('[data-lesson="debugger"]');
    await page.getByRole("button", { name: "Lessons", exact: true }).click();
    await lesson.getByRole("button", { name: "Play the scenario" }).click();
    await lesson.getByRole("button", { name: "Start the exercise" }).click();
    await lessons.getByRole("button", { name: "Close" }).click();
    await setBreakpoint("write", "before");
    await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await page.getByRole("button", { name: "Play", exact: true }).click();
    const editor = paused().getByLabel(/Arguments \(JSON\)/);
    await editor.waitFor({ timeout: 20_000 });
    const args = JSON.parse(await editor.inputValue());
    await editor.fill(JSON.stringify({ ...args, path: "elsewhere.md" }));
    await paused().getByRole("button", { name: "Continue with the edit" }).click();
    // The scenario's second write pauses too: it goes on as the model sent it.
    await paused().getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByText("Finished.").waitFor({ timeout: 20_000 });
    await page.locator(".file-tree").getByText("elsewhere.md", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Lessons", exact: true }).click();
    await lesson.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => lesson.getByRole("status").textContent())
      .toMatch(/^Passed\. The write ran with your arguments/);
  });

  it("keeps the breakpoints with the saved workspace: after a reload they are there and still pause", async () => {
    await setBreakpoint("write", "before", "notes");
    await page.getByRole("button", { name: / saved, workspaces menu$/ }).waitFor({ timeout: 10_000 });
    await page.reload();
    await page
      .getByRole("list", { name: "Breakpoints" })
      .getByText(/^write · before execute · when the arguments contain “notes”/)
      .waitFor();
    await startCallByHand(page, "write", { path: "notes.md", content: "x" });
    await paused().getByText("write paused before execute").waitFor();
    await paused().getByRole("button", { name: "Abort the run" }).click();
    await paused().waitFor({ state: "detached" });
  });
});
