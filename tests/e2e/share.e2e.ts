/**
 * Files and links: a workspace exported as a .zip imports into a fresh browser context as the same tree
 * (text, binary, an empty folder, a symlink); a share link opened in a fresh context asks, then shows
 * the same workspace and scenario; a damaged, cut or newer link says so and changes nothing; a link
 * carrying script in a file name, in file contents and in a scenario's text runs none of it.
 */

import { mkdtempSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseScenario } from "@agent/scenario";
import { encodeLink } from "@app/page/share/link-codec";
import { unzipSync, zipSync } from "fflate";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deflateBomb, zipOf } from "../../src/app/page/share/bombs.test-support";
import { launchBrowser } from "./browser";
import { callByHand, runAxe } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const VIEWPORT = { width: 1280, height: 720 };

async function openAt(hash = "", viewport = VIEWPORT) {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  const errors: string[] = [];
  const dialogs: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`${e.name}: ${e.message}`));
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${inject("baseURL")}${hash}`);
  return { page, errors, dialogs };
}

const firstScenario = (page: Page) =>
  page.getByRole("list", { name: "Session events" }).getByText("scenario_loaded").first().waitFor();

async function openShare(page: Page) {
  const summary = page.getByText("Files and sharing", { exact: true });
  if (!(await page.locator("details.share").evaluate((d) => (d as HTMLDetailsElement).open)))
    await summary.click();
}

/** Picks `file` through the button that opens a file chooser. */
async function choose(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer } | string,
) {
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser"),
    page.getByRole("button", { name: button }).click(),
  ]);
  await chooser.setFiles(file);
}

/** Exports the workspace and returns the archive's entries (name → bytes as text or hex). */
async function exportTree(page: Page): Promise<Record<string, string>> {
  await openShare(page);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export as .zip" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = new Uint8Array(await readFile(String(await download.path())));
  return Object.fromEntries(
    Object.entries(unzipSync(bytes)).map(([name, data]) => [name, Buffer.from(data).toString("hex")]),
  );
}

async function importZip(page: Page, zip: Uint8Array, name = "work.zip") {
  await openShare(page);
  await choose(page, "Import a .zip", { name, mimeType: "application/zip", buffer: Buffer.from(zip) });
}

const text = (s: string) => new TextEncoder().encode(s);
const LINK_MODE = (0o120777 << 16) >>> 0;

describe("files and links", () => {
  it("a .zip exported from one browser imports into a fresh one as the same tree, and a share link carries it", async () => {
    const a = await openAt();
    await firstScenario(a.page);
    // Text, binary, an empty folder and a symlink, into the first browser.
    const zip = zipSync({
      "added/notes.md": text("# notes\n"),
      "added/pixel.bin": new Uint8Array([0, 255, 1, 254, 0]),
      "added/empty/": new Uint8Array(0),
      "added/readme-link": [text("notes.md"), { os: 3, attrs: LINK_MODE }],
      "zero.txt": new Uint8Array(0),
    });
    await importZip(a.page, zip);
    await a.page
      .getByRole("status")
      .getByText(/^Imported files: 3, folders: 1, links: 1 \(13/)
      .waitFor();
    await a.page.locator(".file-tree__name", { hasText: "pixel.bin" }).waitFor();
    const exported = await exportTree(a.page);
    expect(Object.keys(exported)).toEqual(
      expect.arrayContaining(["added/pixel.bin", "added/empty/", "added/readme-link", "zero.txt"]),
    );

    // A fresh browser context: same preset, one file of it edited, then the zip. Only that file is asked
    // about: the preset's other files come back byte for byte, which replaces nothing.
    const b = await openAt();
    await firstScenario(b.page);
    expect(await callByHand(b.page, "write", { path: "README.md", content: "edited here\n" })).toMatch(
      /^Successfully wrote/,
    );
    const [download] = await Promise.all([
      a.page.waitForEvent("download"),
      a.page.getByRole("button", { name: "Export as .zip" }).click(),
    ]);
    await importZip(b.page, new Uint8Array(await readFile(String(await download.path()))));
    const dialog = b.page.getByRole("dialog");
    await dialog.getByText("Replace 1 file?", { exact: true }).waitFor();
    expect(
      await dialog.getByRole("list", { name: "Changed (1)" }).getByRole("listitem").allTextContents(),
    ).toEqual(["README.md"]);
    await dialog.getByRole("button", { name: "Replace them" }).click();
    await b.page.locator(".file-tree__name", { hasText: "pixel.bin" }).waitFor();
    expect(await exportTree(b.page)).toEqual(exported);

    // The share link of the first browser, opened in a third: it asks, then shows the same work.
    await openShare(a.page);
    await a.page.getByRole("button", { name: "Copy share link" }).click();
    const field = a.page.getByRole("textbox", { name: "Share link" });
    await expect.poll(() => field.inputValue()).toMatch(/#share=1\./);
    const url = await field.inputValue();
    expect(url.length).toBeLessThan(8000);
    const c = await openAt(url.slice(url.indexOf("#")));
    const ask = c.page.getByRole("dialog");
    await ask.getByText("Open the shared work?").waitFor();
    expect(await ask.textContent()).toContain("the scenario “Three first prompts”");
    expect(await runAxe(c.page)).toEqual([]);
    await ask.getByRole("button", { name: "Replace my workspace" }).click();
    await c.page.getByText("Opened the shared work.").waitFor();
    await c.page.getByText("Three first prompts:").first().waitFor();
    await c.page.locator(".file-tree__name", { hasText: "pixel.bin" }).waitFor();
    expect(await exportTree(c.page)).toEqual(exported);
    // The fragment is gone from the address: a reload does not ask again.
    expect(new URL(c.page.url()).hash).toBe("");

    for (const p of [a, b, c]) {
      expect(p.errors).toEqual([]);
      await p.page.context().close();
    }
  });

  it("at 1024×768 the controls fit the workspace column and pass axe with the link shown", async () => {
    const { page, errors } = await openAt("", { width: 1024, height: 768 });
    await firstScenario(page);
    await openShare(page);
    await page.getByRole("button", { name: "Copy share link" }).click();
    await expect
      .poll(() => page.getByRole("textbox", { name: "Share link" }).inputValue())
      .toMatch(/#share=1\./);
    for (const name of [
      "Add files",
      "Add a folder",
      "Import a .zip",
      "Export as .zip",
      "Copy share link",
      "Open scenario file",
    ]) {
      const box = await page.getByRole("button", { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 1024, name).toBe(true);
    }
    if (process.env.SHARE_SCREENSHOT) await page.screenshot({ path: process.env.SHARE_SCREENSHOT });
    expect(await runAxe(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("files dropped on the tree go into the workspace as file changes, and a name with a control character is skipped with its reason", async () => {
    const { page, errors } = await openAt();
    await firstScenario(page);
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(["dropped\n"], "dropped.txt", { type: "text/plain" }));
      data.items.add(new File([], "empty.txt"));
      data.items.add(new File(["x"], "bell\u0007.txt"));
      const zone = document.querySelector(".share-drop") as HTMLElement;
      zone.dispatchEvent(new DragEvent("dragover", { dataTransfer: data, bubbles: true, cancelable: true }));
      zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await page.locator(".file-tree__name", { hasText: "dropped.txt" }).waitFor();
    await page.locator(".file-tree__name", { hasText: "empty.txt" }).waitFor();
    await page.getByRole("list", { name: "Session events" }).getByText("file_changed").first().waitFor();
    // The section opens by itself to show the report.
    const status = page.getByRole("status").filter({ hasText: "Skipped 1" });
    await status.getByText("a control character in the name").waitFor();
    expect(await status.textContent()).toContain("Imported files: 2,");
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a .zip that unpacks to 1.5 GB is refused with a sentence, the page's heap stays small, and nothing changes", async () => {
    // 1.5 GB of zeros in 10 MB, the one entry's index saying 1,000 bytes.
    const bomb = zipOf("zeros.bin", deflateBomb(1.5 * 1024 ** 3), 1000);
    expect(bomb.length).toBeGreaterThan(9_000_000);
    const { page, errors } = await openAt();
    await firstScenario(page);
    const before = await page.locator(".file-tree").textContent();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Performance.enable");
    const heapNow = async () =>
      (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "JSHeapTotalSize")?.value ??
      Number.POSITIVE_INFINITY;
    // The panel is open (its code loaded) before the first reading, so the two readings differ by the import.
    await openShare(page);
    await page.getByRole("button", { name: "Import a .zip" }).waitFor();
    const start = await heapNow();
    // From a file on disk: a buffer would be built into a File by script inside the page, in its heap.
    const path = join(mkdtempSync(join(tmpdir(), "bomb-")), "bomb.zip");
    writeFileSync(path, bomb);
    await choose(page, "Import a .zip", path);
    await page
      .getByText("This .zip unpacks to far more than it holds (a zip bomb), so nothing was imported.")
      .waitFor({ timeout: 30_000 });
    // The heap the page grew to (V8 keeps what it allocated for a while): far from the 1.5 GB.
    const heap = await heapNow();
    const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
    console.info(`zip bomb of 1.5 GB: the page's heap went from ${mb(start)} MB to ${mb(heap)} MB`);
    expect(heap).toBeLessThan(300 * 1024 * 1024);
    // What the import itself added: the 10 MB file and one 4 KB piece's worth of unpacking, not 1.5 GB.
    expect(heap - start).toBeLessThan(50 * 1024 * 1024);
    expect(await page.locator(".file-tree").textContent()).toBe(before);
    expect(await page.getByRole("dialog").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("a damaged, cut, newer or over-the-limit link says so in one sentence, naming the limit, and changes nothing", async () => {
    const good = encodeLink({ files: { "only.txt": "x" }, tools: { active: ["read"] } }, {});
    const tool = (name: string, source = `export default function () {} // ${name}`) => ({
      name,
      source,
      enabled: true,
    });
    const withTools = (tools: ReturnType<typeof tool>[]) =>
      encodeLink(
        { files: { "only.txt": "x" }, tools: { active: ["read"] }, learner: { tools, handlers: {} } },
        {},
      );
    const cases = [
      ["#share=1.@@@", "This share link is damaged, so the page kept what it had. Ask for the link again."],
      [
        `#${withTools(Array.from({ length: 60 }, (_, i) => tool(`t${i}`)))}`,
        /carries more than 50 tools of the learner, the most a link may carry/,
      ],
      [
        `#${withTools([tool("huge", "x".repeat(200_000))])}`,
        /The tool huge in this share link is longer than 100,000 characters/,
      ],
      [
        `#${encodeLink({ files: { "../../etc/evil": "x", "only.txt": "x" }, tools: { active: ["read"] } }, {})}`,
        /holds a path the page refuses, \.\.\/\.\.\/etc\/evil/,
      ],
      [
        `#${good.slice(0, -6)}`,
        "This share link is cut short (part of it was lost on the way), so the page kept what it had. Ask for the whole link again.",
      ],
      [
        "#share=7.abc",
        "This share link was made by a newer version of the playground (link format 7; this page reads format 1), so the page kept what it had. Open it in the newest version.",
      ],
    ] as const;
    for (const [hash, sentence] of cases) {
      const { page, errors } = await openAt(hash);
      await page.getByRole("alert").getByText(sentence).waitFor();
      await firstScenario(page);
      // Nothing was replaced: the first scenario's workspace, no question asked.
      await page.locator(".file-tree__name", { hasText: "package.json" }).waitFor();
      expect(await page.locator(".file-tree__name", { hasText: "only.txt" }).count()).toBe(0);
      expect(await page.getByRole("dialog").count()).toBe(0);
      expect(errors).toEqual([]);
      await page.context().close();
    }
  });

  it("a link carrying script in a file name, its contents and a scenario's text runs none of it", async () => {
    const payload = `<img src=x onerror="window.__pwned=1">`;
    const script = "<script>window.__pwned=1</script>";
    const scenario = parseScenario({
      title: `Title ${payload}`,
      description: `Description ${script}`,
      steps: [
        { user: `User says ${payload}` },
        { assistant: { content: [{ type: "text", text: `Assistant says ${script}${payload}` }] } },
      ],
    });
    const name = `${payload}.html`;
    const hash = `#${encodeLink(
      {
        files: { [name]: `${script}\n${payload}\n`, "page.svg": `<svg onload="window.__pwned=1"></svg>` },
        tools: { active: ["read"] },
        scenario,
      },
      {},
    )}`;
    const { page, errors, dialogs } = await openAt(hash);
    const ask = page.getByRole("dialog");
    await ask.getByText("Open the shared work?").waitFor();
    await ask.getByRole("button", { name: "Replace my workspace" }).click();
    await page.getByText("Opened the shared work.").waitFor();
    // Shown as text: the name in the tree, the title, and after playing, the narration.
    await page.locator(".file-tree__name", { hasText: name }).waitFor();
    await page.getByText(`Title ${payload}`).first().waitFor();
    await page.getByRole("combobox", { name: "Speed" }).selectOption({ label: "no pauses" });
    await page.getByRole("button", { name: "Play" }).click();
    await page.getByText("Finished.").waitFor({ timeout: 20_000 });
    await page.getByText(`User says ${payload}`).first().waitFor();
    await page.locator(".file-tree__name", { hasText: name }).click();
    await page.locator(".cm-content").getByText(script).waitFor();
    await page.locator(".file-tree__name", { hasText: "page.svg" }).click();
    await page.locator(".cm-content").getByText("<svg onload").waitFor();
    // A canary: an image that fails to load, put into the page by the test now. Once its error event has
    // come, the payload's (an image on the page since before, had it been drawn as HTML) would have too.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const canary = document.createElement("img");
          canary.hidden = true;
          const sung = () => {
            canary.remove();
            resolve();
          };
          canary.addEventListener("error", sung, { once: true });
          canary.src = "data:image/png;base64,AAAA";
          document.body.append(canary);
        }),
    );
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator("img[src='x'], svg[onload]").count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
