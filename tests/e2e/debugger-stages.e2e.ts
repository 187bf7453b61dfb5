/**
 * The pipeline debugger's stages in Chromium: a breakpoint after validation (the playground's own pause
 * point, not one of pi's hooks) pauses a call and Step walks it through the stages after it, the last
 * one's result edited before it goes back; an after-execute breakpoint on one of two parallel calls
 * leaves the other running to its end; the timeline sets (and takes back) a breakpoint; the context
 * lesson is checked against the gauge.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./page";
import { callByHand, startCallByHand } from "./support";

let page: Page;
pagePerTest((p) => (page = p), { viewport: { width: 1280, height: 720 } });

const breakpoints = () => page.getByRole("list", { name: "Breakpoints" });

async function setBreakpoint(tool: string, button: string, when = "") {
  await page
    .getByRole("table", { name: /Tools by name/ })
    .getByRole("button", { name: tool, exact: true })
    .click();
  const details = page.getByRole("region", { name: new RegExp(tool) });
  await details.getByLabel("Only when the arguments contain (optional)").fill(when);
  await details.getByRole("button", { name: button }).click();
}

async function pick(title: string) {
  const picker = page.getByRole("combobox", { name: "Scenario" });
  await picker.locator("option", { hasText: title }).waitFor({ state: "attached" });
  const value = await picker.locator("option", { hasText: title }).getAttribute("value");
  await picker.selectOption(value ?? "");
  await page.getByText(`${title}:`).waitFor();
}

async function playToTheEnd() {
  await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
  await page.getByRole("button", { name: "Play", exact: true }).click();
}

describe("the pipeline debugger's stages", () => {
  it("pauses after validation; Step goes on to each next stage; the result is edited before it goes back", async () => {
    await setBreakpoint("read", "Pause read after validation");
    await breakpoints()
      .getByText(/^read · after validation$/)
      .waitFor();
    const id = await startCallByHand(page, "read", { path: "README.md" });
    const box = page.locator(`[data-paused="${id}"]`);
    await box.and(page.locator('[data-stage="after_validate"]')).waitFor();
    await box.getByText("read paused after validation (the playground's own pause point)").waitFor();
    const where = box.getByRole("list", { name: "Where the call is in the pipeline" });
    expect(await where.locator('[aria-current="step"]').textContent()).toBe("after validation");
    expect(JSON.parse(await box.getByLabel(/Arguments \(JSON\)/).inputValue())).toEqual({
      path: "README.md",
    });
    await page.locator(`.timeline .lane[data-call="${id}"] [data-stage="paused"]`).first().waitFor();

    for (const [stage, label] of [
      ["before_execute", "before execute"],
      ["after_execute", "after execute"],
      ["before_result", "before the result goes back"],
    ] as const) {
      await box.getByRole("button", { name: "Step", exact: true }).click();
      await box.and(page.locator(`[data-stage="${stage}"]`)).waitFor();
      expect(await where.locator('[aria-current="step"]').textContent()).toBe(label);
      await box.getByText("A Step brought it here.").waitFor();
    }
    // The last stage has no next one to step to.
    expect(await box.getByRole("button", { name: "Step", exact: true }).count()).toBe(0);
    const editor = box.getByLabel(/Result \(JSON\)/);
    expect(JSON.parse(await editor.inputValue())).toMatchObject({ isError: false });
    await editor.fill('{"content": "not blocks"}');
    await box.getByRole("button", { name: "Continue with the edit" }).click();
    await box.getByText(/content must be a list of text blocks/).waitFor();
    await editor.fill(
      '{"content": [{"type": "text", "text": "changed before it went back"}], "isError": false}',
    );
    await box.getByRole("button", { name: "Continue with the edit" }).click();
    await page.locator(`.msg--result[data-call="${id}"]`).waitFor();
    expect(
      ((await page.locator(`.msg--result[data-call="${id}"] .result-text`).textContent()) ?? "").trim(),
    ).toBe("changed before it went back");
    // Four pauses, one bar each: the first at the breakpoint, three after a Step.
    expect(await page.locator(`.timeline .lane[data-call="${id}"] [data-stage="paused"]`).count()).toBe(4);
  });

  it("an after-execute pause on one of two parallel calls leaves the other running to its end", async () => {
    await setBreakpoint("edit", "Pause edit after execute", "addTodo");
    await breakpoints()
      .getByText(/^edit · after execute · when the arguments contain “addTodo”/)
      .waitFor();
    await pick("Two edits of one file at once");
    await playToTheEnd();
    const box = page.locator('[data-paused][data-stage="after_execute"]');
    await box.waitFor({ timeout: 20_000 });
    const paused = (await box.getAttribute("data-paused")) ?? "";
    const lanes = page.locator(".timeline .lane");
    await expect.poll(() => lanes.count(), { timeout: 10_000 }).toBe(2);
    // The sibling ends (its lane done) while the paused call's lane still runs.
    const sibling = lanes.and(page.locator(`:not([data-call="${paused}"])`));
    await sibling.and(page.locator(".lane--done")).waitFor({ timeout: 20_000 });
    expect(await page.locator(`.timeline .lane[data-call="${paused}"]`).getAttribute("class")).toMatch(
      /lane--running/,
    );
    expect(await box.count()).toBe(1);
    await box.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByText("Finished.").waitFor({ timeout: 20_000 });
    // The timeline is one of the panels drawn at most every 100 ms: it may follow the player a frame late.
    await expect
      .poll(() => page.locator(`.timeline .lane[data-call="${paused}"]`).getAttribute("class"))
      .toMatch(/lane--done/);
  });

  it("the timeline sets a breakpoint on a lane's tool, listed with the others, and takes it back", async () => {
    expect(await callByHand(page, "read", { path: "README.md" })).not.toBe("");
    const toggle = page
      .locator(".timeline .lane")
      .first()
      .getByRole("button", { name: /^Pause read calls before execute/ });
    expect(await toggle.getAttribute("aria-pressed")).toBe("false");
    await toggle.click();
    await breakpoints()
      .getByText(/^read · before execute$/)
      .waitFor();
    await expect.poll(() => toggle.getAttribute("aria-pressed")).toBe("true");
    const id = await startCallByHand(page, "read", { path: "README.md" });
    const box = page.locator(`[data-paused="${id}"][data-stage="before_execute"]`);
    await box.waitFor();
    await box.getByRole("button", { name: "Continue", exact: true }).click();
    await page.locator(`.msg--result[data-call="${id}"]`).waitFor();
    await toggle.click();
    await breakpoints().waitFor({ state: "detached" });
  });

  it("the lesson 'Where the window fills up' is checked against the gauge", async () => {
    const lessons = page.getByRole("dialog", { name: "Lessons" });
    const lesson = lessons.locator('[data-lesson="context"]');
    await page.getByRole("button", { name: "Lessons", exact: true }).click();
    await lesson.getByRole("button", { name: "Play the scenario" }).click();
    await page.getByText("A small window fills up:").waitFor();
    await lessons.getByRole("button", { name: "Close" }).click();
    const gauge = page.locator(".context-gauge");
    await gauge.getByRole("combobox", { name: "Window" }).selectOption({ value: "8192" });
    await playToTheEnd();
    await page.getByText("Finished.").waitFor({ timeout: 30_000 });
    await expect.poll(() => gauge.getByTestId("compaction-status").textContent()).toContain("Over the line");
    // The answer, worked out here from the table as a learner would: the running total from the system
    // prompt down, and the largest tool result.
    const rows = await gauge
      .locator("tr[data-role='prompt'], tr[data-testid='context-row']")
      .evaluateAll((list) =>
        list.map((r) => ({
          n: Number(r.querySelectorAll("td")[0]?.textContent ?? "0"),
          role: r.getAttribute("data-role"),
          tokens: Number((r.querySelectorAll("td")[2]?.textContent ?? "").replace(/,/g, "")),
        })),
      );
    let total = 0;
    let crossing = 0;
    for (const r of rows) {
      total += r.tokens;
      if (total > 6_144) {
        crossing = r.n;
        break;
      }
    }
    const results = rows.filter((r) => r.role === "toolResult");
    const costliest = results.reduce((a, b) => (b.tokens > a.tokens ? b : a)).n;
    expect(crossing).toBeGreaterThan(0);

    await page.getByRole("button", { name: "Lessons", exact: true }).click();
    const status = lesson.getByRole("status");
    await lesson.getByLabel("Message that crosses the line (#)").fill(String(crossing + 1));
    await lesson.getByLabel("Costliest tool result (#)").fill(String(costliest));
    await lesson.getByRole("button", { name: "Check" }).click();
    await expect.poll(() => status.textContent()).toMatch(/^Not yet\. That is not the message that crosses/);
    await lesson.getByLabel("Message that crosses the line (#)").fill(String(crossing));
    await lesson.getByRole("button", { name: "Check" }).click();
    await expect
      .poll(() => status.textContent())
      .toMatch(
        new RegExp(
          `^Passed\\. Message ${crossing} takes the conversation past the line, and the read result, message ${costliest}, costs the most`,
        ),
      );
  });
});
