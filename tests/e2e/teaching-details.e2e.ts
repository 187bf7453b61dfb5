/**
 * Small things a learner trips over: the files a call touches light up in the tree and are scrolled into
 * view, and the transcript's labels are plain words (no CSS upper-casing, pi's field names beside them in
 * code). Each `it` opens its own page at a projector's size.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pageOpenedPerTest } from "./page";
import { fillToolForm, runAxe } from "./support";

const openPage = pageOpenedPerTest();
const open = (width: number, height: number) => openPage({ width, height });

/** Calls `tool` by hand and waits for its result; returns the result entry. */
async function call(p: Page, tool: string, fields: Record<string, string>) {
  await fillToolForm(p, tool, fields);
  const before = await p.locator(".msg--result").count();
  await p
    .getByRole("form", { name: "Call a tool by hand" })
    .getByRole("button", { name: `Run ${tool}` })
    .click();
  await p.waitForFunction((n) => document.querySelectorAll(".msg--result").length > n, before, {
    timeout: 20_000,
  });
  return p.locator(".msg--result").last();
}

/** The tree's row for `path` (its file button or folder name), found by the row's own text. */
const tree = (p: Page) => p.getByRole("list", { name: "Workspace files" });

/** Whether the element is inside every scrolling box around it and inside the window. */
function inView(el: Element): boolean {
  const r = el.getBoundingClientRect();
  const fits = (box: { top: number; bottom: number }) => r.top >= box.top - 1 && r.bottom <= box.bottom + 1;
  for (let a = el.parentElement; a; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (
      /(auto|scroll)/.test(style.overflowY) &&
      a.scrollHeight > a.clientHeight &&
      !fits(a.getBoundingClientRect())
    )
      return false;
  }
  return fits({ top: 0, bottom: window.innerHeight });
}

/** Scrolls every scrolling box around the tree back to its top. */
async function scrollTreeToTop(p: Page) {
  await tree(p).evaluate((el) => {
    for (let a: Element | null = el; a; a = a.parentElement) a.scrollTop = 0;
  });
}

describe.each([
  [1280, 720],
  [1024, 768],
])("at %i×%i", (width, height) => {
  it("lights up the file a call reads and scrolls the tree to it; the next call moves the light", async () => {
    const p = await open(width, height);
    const made = await call(p, "bash", {
      command: "mkdir -p zz && for i in $(seq 1 40); do echo $i > zz/f$i.txt; done && echo made",
    });
    expect((await made.textContent()) ?? "").toContain("made");
    await tree(p).getByText("f9.txt", { exact: true }).waitFor();
    await scrollTreeToTop(p);
    const last = tree(p).locator("li", { has: p.getByText("f9.txt", { exact: true }) });
    expect(await last.evaluate(inView), "the row starts out of view").toBe(false);

    await call(p, "read", { path: "./zz/f9.txt" });
    const lit = tree(p).locator("li[data-touched]");
    expect(await lit.count()).toBe(1);
    expect(await lit.getAttribute("data-touched")).toBe("read");
    expect((await lit.textContent()) ?? "").toContain("f9.txt");
    expect((await lit.textContent()) ?? "").toContain("read by the last call");
    await p.waitForFunction(inView, await last.elementHandle(), { timeout: 5000 });

    // near the top of the tree: the tree scrolls back up to it
    await call(p, "write", { path: "src/notes.md", content: "hi" });
    const now = tree(p).locator("li[data-touched]");
    expect(await now.count()).toBe(1);
    expect(await now.getAttribute("data-touched")).toBe("created");
    expect((await now.textContent()) ?? "").toContain("notes.md");
    await p.waitForFunction(inView, await now.elementHandle(), { timeout: 5000 });
    expect(await last.evaluate(inView), "the row read before is out of view again").toBe(false);
    expect(await runAxe(p)).toEqual([]);
  });
});

describe("plain labels at 1280×720", () => {
  it("says what a stop reason and an error result mean, in words no stylesheet upper-cases", async () => {
    const p = await open(1280, 720);
    const result = await call(p, "read", { path: "missing.txt" });
    const who = result.locator(".msg__who");
    expect((await who.textContent()) ?? "").toMatch(/error: the model sees this text isError: true/);
    const assistant = p.locator(".msg--assistant").last();
    expect((await assistant.locator(".msg__who").textContent()) ?? "").toMatch(
      /wants tools stopReason: "toolUse"/,
    );
    // innerText is what the page shows after CSS: it must equal the source text, never an upper-cased copy
    for (const label of await p.locator(".msg__who, .call__label").all()) {
      const shown = await label.evaluate((el) => ({
        // biome-ignore lint/performance/useDomNodeTextContent: innerText is the point, it applies text-transform
        inner: (el as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
        source: (el.textContent ?? "").replace(/\s+/g, " ").trim(),
        transform: getComputedStyle(el).textTransform,
      }));
      expect(shown.transform).toBe("none");
      expect(shown.inner).toBe(shown.source);
    }
    const all = await p.evaluate(() =>
      [...document.querySelectorAll("body *")]
        .filter((el) => getComputedStyle(el).textTransform === "uppercase")
        .map((el) => el.className),
    );
    expect(all, "elements upper-cased by CSS").toEqual([]);
  });

  it("notes beside the prompt's docs section that its paths are pi's install paths, without changing the text", async () => {
    const p = await open(1280, 720);
    const row = p.locator("table.sections tbody tr", { has: p.locator("summary", { hasText: /^docs$/ }) });
    await row.waitFor();
    await expect
      .poll(() => row.locator(".section-note").textContent())
      .toMatch(/where pi installs its docs on your machine; the playground has no such files/);
    await row.locator("summary").click();
    const text = (await row.getByRole("region").or(row.locator("pre")).first().textContent()) ?? "";
    expect(text).toContain("Additional docs:");
    expect(text).not.toMatch(/playground/);
  });
});
