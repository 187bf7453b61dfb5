/**
 * The drills in Chromium: each preset, picked from the top bar's Drills menu, gives its error through a
 * call by hand, the result says which layer of error handling answered, and the page stays usable (the
 * drill switched off, a call by hand works). Each `it` opens its own page, session and workspace.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./page";
import { PROJECTOR_SIZES, runAxe, startCallByHand } from "./support";

let page: Page;
pagePerTest((p) => (page = p), { viewport: { width: 1280, height: 720 } });

const drillsButton = () => page.getByRole("button", { name: /^Drill/ });
const menu = () => page.getByRole("dialog", { name: "Drills" });

/** Picks a drill from the menu, closes it, and waits for the session to say the drill is in force. */
async function pick(name: string, shown: string) {
  await drillsButton().click();
  // click, not check: the radio follows the session's drill_changed, a moment after the click
  await menu()
    .getByRole("radio", { name: new RegExp(`^${name}`) })
    .click();
  await page.keyboard.press("Escape");
  await menu().waitFor({ state: "hidden" });
  await page.getByRole("button", { name: shown }).waitFor();
}

/** The result text, whether it is an error, and the drill's note (empty when the disk did nothing). */
async function resultOf(id: string) {
  const result = page.locator(`.msg--result[data-call="${id}"]`);
  await result.waitFor({ timeout: 20_000 });
  const note = result.getByRole("complementary", { name: `What the faulty disk did in call ${id}` });
  return {
    text: ((await result.locator(".result-text").textContent()) ?? "").trim(),
    isError: ((await result.getAttribute("class")) ?? "").includes("msg--error"),
    note: (await note.count()) ? ((await note.locator(".drill-note__answer").textContent()) ?? "") : "",
  };
}

const run = async (tool: string, fields: Record<string, string>) =>
  resultOf(await startCallByHand(page, tool, fields));

/** Off again, and a plain call by hand works. */
async function usable() {
  await pick("Off", "Drills");
  const out = await run("read", { path: "README.md", limit: "1" });
  expect(out).toMatchObject({ isError: false, note: "" });
  expect(out.text).toMatch(/^# tiny-todo/);
}

/** Waits until the newest fault the drill injected is a hang, read from that event's JSON in the stream. */
async function hangInjected() {
  const type = page.getByRole("combobox", { name: "Type" });
  await type.selectOption("fault_injected");
  const newest = async () => {
    const last = page.getByRole("list", { name: "Session events" }).getByRole("button").last();
    if ((await last.getAttribute("aria-expanded")) !== "true") await last.click();
    return (await page.getByRole("region", { name: /^Event \d+ as JSON$/ }).textContent()) ?? "";
  };
  await expect.poll(newest).toContain('"kind": "hang"');
  await type.selectOption("");
}

describe("drills", () => {
  it("disk full while writing: ENOSPC through the pipeline's catch-all, then usable", async () => {
    await pick("Disk full while writing", "Drill: disk full");
    const out = await run("write", { path: "notes.md", content: "0123456789" });
    expect(out).toMatchObject({ text: "ENOSPC: no space left on device, write", isError: true });
    expect(out.note).toMatch(/^The pipeline caught a throw/);
    await usable();
  });

  it("slow network drive: a stalled read ends at Esc, then usable", async () => {
    await pick("Slow network drive", "Drill: slow drive");
    const id = await startCallByHand(page, "read", { path: "package.json" });
    await page.locator(`.transcript .call[data-call="${id}"]`).waitFor();
    // The read has reached the file on the share that stopped answering (the drill's hang is in the
    // stream): it runs on, with no result, until Esc.
    await hangInjected();
    await page.locator(`.timeline .lane--running[data-call="${id}"]`).waitFor();
    expect(await page.locator(`.msg--result[data-call="${id}"]`).count()).toBe(0);
    await page.locator("body").focus();
    await page.keyboard.press("Escape");
    const out = await resultOf(id);
    expect(out).toMatchObject({ text: "Operation aborted", isError: true });
    expect(out.note).toMatch(/^The disk stopped answering/);
    expect(await page.locator(".msg--notice", { hasText: /did not stop within/ }).count()).toBe(0);
    await usable();
  });

  it("permission denied under src/: edit rewords EACCES, read shows it raw, then usable", async () => {
    await pick("Permission denied under src/", "Drill: src/ denied");
    const edit = await run("edit", { path: "src/todo.ts", edits: '[{"oldText":"Todo","newText":"Task"}]' });
    expect(edit).toMatchObject({
      text: "Could not edit file: src/todo.ts. Error code: EACCES.",
      isError: true,
    });
    expect(edit.note).toMatch(/^The tool reworded this error/);
    const read = await run("read", { path: "src/todo.ts" });
    expect(read).toMatchObject({ text: "EACCES: permission denied, access '/workspace/src/todo.ts'" });
    expect(read.note).toMatch(/^The pipeline caught a throw/);
    await usable();
  });

  it("a file vanishes between ls and read: ENOENT after the listing, then usable", async () => {
    await page.getByRole("combobox", { name: "State of ls" }).selectOption("active");
    await pick("A file vanishes", "Drill: vanishing file");
    expect((await run("ls", { path: "." })).text).toContain("README.md");
    const out = await run("read", { path: "README.md" });
    expect(out).toMatchObject({
      text: "ENOENT: no such file or directory, access '/workspace/README.md'",
      isError: true,
    });
    await usable();
  });

  it("the menu fits and passes axe at both projector sizes", async () => {
    for (const size of PROJECTOR_SIZES) {
      await page.setViewportSize(size);
      await drillsButton().click();
      await menu().waitFor();
      const box = await menu().boundingBox();
      expect(box && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width).toBe(
        true,
      );
      expect(await runAxe(page)).toEqual([]);
      await drillsButton().click();
    }
  });
});
