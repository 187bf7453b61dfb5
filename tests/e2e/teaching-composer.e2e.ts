/**
 * The hand composer on a presenter's screens (1280×720 and 1024×768): Run, its error and a running call's
 * Abort are in view without scrolling, even under a long transcript; a value typed for one tool is never
 * sent with another; Ctrl+Enter runs; and a whole turn composed by hand runs as one, two edits of one file
 * meeting in the file's queue. Each `it` opens a page of its own.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageOpenedPerTest } from "./page";
import { ENDLESS_BASH, fillToolForm, runAxe } from "./support";

const openPage = pageOpenedPerTest();

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const page = await openPage(viewport);
  await page.getByRole("list", { name: "Session events" }).getByText("session_ready").waitFor();
  return page;
}

/** Inside the viewport and not clipped by a scrolling box: the element itself is what is drawn there. */
async function expectInView(p: Page, target: Locator, what: string) {
  const viewport = p.viewportSize();
  const box = await target.boundingBox();
  expect(box, `${what} has a box`).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.x, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(box.y, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right`).toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, `${what}: bottom`).toBeLessThanOrEqual(viewport.height);
  const drawn = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return at !== null && (at === el || el.contains(at));
  });
  expect(drawn, `${what} is drawn at its place (not scrolled out of its box)`).toBe(true);
  // Nothing was scrolled to bring it there.
  expect(await p.evaluate(() => window.scrollY)).toBe(0);
}

const oneCall = (p: Page) => p.getByRole("form", { name: "Call a tool by hand" });
const turnForm = (p: Page) => p.getByRole("form", { name: "Compose a turn by hand" });
const results = (p: Page) => p.locator(".transcript .msg--result");

/** The arguments the newest call in the transcript was sent with. */
async function lastSentArgs(p: Page): Promise<unknown> {
  const code = p
    .locator(".transcript .call")
    .last()
    .getByRole("region", { name: /^Arguments of / });
  return JSON.parse(((await code.textContent()) ?? "").trim());
}

async function runAndWait(p: Page, run: () => Promise<void>) {
  const before = await results(p).count();
  await run();
  await p.waitForFunction((n) => document.querySelectorAll(".transcript .msg--result").length > n, before);
}

const VIEWPORTS = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
];

describe.each(VIEWPORTS)("the hand composer at $width×$height", (viewport) => {
  it("keeps Run and a running call's Abort in view under a long transcript", async () => {
    const p = await open(viewport);
    for (const command of ["seq 1 400", "seq 401 800", "seq 801 1200"]) {
      await fillToolForm(p, "bash", { command });
      await runAndWait(p, () => oneCall(p).getByRole("button", { name: "Run bash" }).click());
    }
    const transcript = p.locator(".conversation__transcript");
    const long = await transcript.evaluate((el) => el.scrollHeight > el.clientHeight * 2);
    expect(long, "the transcript is much taller than its box").toBe(true);

    await fillToolForm(p, "bash", { command: ENDLESS_BASH });
    const run = oneCall(p).getByRole("button", { name: "Run bash" });
    await expectInView(p, run, "Run bash");
    await run.click();
    const abort = oneCall(p).getByRole("button", { name: "Abort" });
    await abort.waitFor();
    await expectInView(p, abort, "Abort");
    await abort.click();
    await p.locator(".timeline .lane--running").waitFor({ state: "detached", timeout: 10_000 });
    await abort.waitFor({ state: "detached" });
  });

  it("shows a JSON error in view, and Ctrl+Enter in Raw JSON runs the call", async () => {
    const p = await open(viewport);
    await fillToolForm(p, "read", {});
    await oneCall(p).getByRole("tab", { name: "Raw JSON" }).click();
    const box = oneCall(p).getByRole("textbox", { name: "Arguments (JSON)" });
    await box.fill('{\n  "path": "package.json",\n  "limit": 2,\n}');
    const alert = oneCall(p).getByRole("alert");
    await alert.waitFor();
    // The trailing comma itself is the mistake, so that is where the position points.
    expect((await alert.textContent()) ?? "").toMatch(/breaks at line 3, column 13/);
    await expectInView(p, alert, "the JSON error");
    await expectInView(p, oneCall(p).getByRole("button", { name: "Run read" }), "Run read");
    // Ctrl+Enter with broken JSON sends nothing.
    await box.press("Control+Enter");
    await box.fill('{"path": "package.json", "limit": 2}');
    await alert.waitFor({ state: "detached" });
    expect(await results(p).count()).toBe(0);
    await runAndWait(p, () => box.press("Control+Enter"));
    expect(await lastSentArgs(p)).toEqual({ path: "package.json", limit: 2 });
  });

  it("never sends a value typed for another tool, and shows what an edits item looks like", async () => {
    const p = await open(viewport);
    await fillToolForm(p, "read", { path: "package.json", limit: "5" });
    const tool = oneCall(p).getByRole("combobox", { name: "Tool" });
    // ls takes a limit too: the 5 typed for read must not come along.
    await tool.selectOption("ls");
    await expect.poll(() => oneCall(p).locator(".run-bar").textContent()).toContain("Sends no arguments.");
    await runAndWait(p, () => oneCall(p).getByRole("button", { name: "Run ls" }).click());
    expect(await lastSentArgs(p)).toEqual({});
    // Back to read: the form is blank again, and what is sent is named in the run bar.
    await tool.selectOption("read");
    await oneCall(p)
      .getByRole("textbox", { name: /^path\b/ })
      .fill("README.md");
    expect(
      await oneCall(p)
        .getByRole("textbox", { name: /^limit\b/ })
        .inputValue(),
    ).toBe("");
    await expect.poll(() => oneCall(p).locator(".run-bar").textContent()).toMatch(/Sends path\./);
    await runAndWait(p, () => oneCall(p).getByRole("button", { name: "Run read" }).click());
    expect(await lastSentArgs(p)).toEqual({ path: "README.md" });
    // The edits field says what an item looks like.
    await tool.selectOption("edit");
    const edits = oneCall(p).getByRole("textbox", { name: /^edits\b/ });
    expect(await edits.getAttribute("placeholder")).toBe('[{"oldText":"","newText":""}]');
    await expect
      .poll(() =>
        edits.evaluate(
          (el) =>
            el.getAttribute("aria-describedby") &&
            document.getElementById(el.getAttribute("aria-describedby") ?? "")?.textContent,
        ),
      )
      .toContain('each item looks like {"oldText":"","newText":""}');
  });

  it("runs a composed turn whose two edits of one file meet in the file's queue", async () => {
    const p = await open(viewport);
    await p.getByRole("tab", { name: "Call a tool by hand" }).click();
    await p.getByRole("radio", { name: "Compose a turn" }).check();
    const form = turnForm(p);
    await form.getByRole("textbox", { name: "You (user)" }).fill("rename two functions in src/todo.ts");
    const edit = (from: string, to: string) =>
      JSON.stringify({ path: "src/todo.ts", edits: [{ oldText: from, newText: to }] });
    const call = (n: number) => form.getByRole("group", { name: `Call ${n}`, exact: true });
    await call(1).getByRole("combobox", { name: "Tool" }).selectOption("edit");
    await call(1)
      .getByRole("textbox", { name: "Arguments (JSON)" })
      .fill(edit("export function addTodo", "export function appendTodo"));
    await form.getByRole("button", { name: "Add a call" }).click();
    await call(2).getByRole("combobox", { name: "Tool" }).selectOption("edit");
    const second = call(2).getByRole("textbox", { name: "Arguments (JSON)" });
    // A broken call is named, in view, and nothing runs.
    await second.fill('{"path": ');
    const alert = form.getByRole("alert");
    await alert.waitFor();
    expect((await alert.textContent()) ?? "").toMatch(/^Call 2 \(edit\): This is not JSON/);
    await expectInView(p, alert, "the turn's JSON error");
    await expectInView(p, form.getByRole("button", { name: "Run the turn" }), "Run the turn");
    expect(await form.getByRole("button", { name: "Run the turn" }).isDisabled()).toBe(true);
    await second.fill(edit("export function toggleTodo", "export function flipTodo"));
    await form.getByRole("textbox", { name: "Model: closing text" }).fill("Both renamed.");
    await second.press("Control+Enter");

    // The whole turn, in order: you, the model's two calls, both results, the model's closing text.
    const transcript = p.getByRole("list", { name: "Transcript" });
    await transcript.getByText("Both renamed.").waitFor();
    const who = await transcript
      .locator(":scope > li")
      .evaluateAll((items) =>
        items
          .filter((li) => !li.classList.contains("msg--system") && !li.classList.contains("msg--notice"))
          .map((li) => `${li.className.match(/msg--(\w+)/)?.[1]}:${li.querySelectorAll(".call").length}`),
      );
    expect(who.slice(-5)).toEqual(["user:0", "assistant:2", "result:0", "result:0", "assistant:0"]);
    expect(await p.locator(".transcript .msg--error").count()).toBe(0);
    // One batch of two lanes, the second waiting on src/todo.ts's queue.
    const latest = p.locator(".timeline .batch").last();
    await expect.poll(() => latest.locator(".lane").count()).toBe(2);
    await expect.poll(() => p.locator('.timeline [data-stage="queue"]').count()).toBeGreaterThanOrEqual(1);
    await p.getByRole("combobox", { name: "Type" }).selectOption("queue_wait");
    const events = p.getByRole("list", { name: "Session events" });
    await expect.poll(() => events.locator("li").count()).toBeGreaterThanOrEqual(1);
    expect(await runAxe(p)).toEqual([]);
  });
});
