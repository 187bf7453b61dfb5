/**
 * The learner's tools travelling in Chromium: the wc template written in the editor survives a reload
 * (still in the table, still callable); its share link, opened in a fresh browser context, offers the
 * tool with its code and registers nothing until Accept, then the tool answers; and a tool named like a
 * built-in becomes that row's third handler, picked in the row's picker, whose result comes back.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openAppIn } from "./page";
import { callByHand, runAxe } from "./support";

let browser: Browser;
const contexts: BrowserContext[] = [];
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  expect(errors, "console errors on the pages").toEqual([]);
});

async function context(viewport = { width: 1280, height: 720 }) {
  const c = await browser.newContext({ viewport });
  contexts.push(c);
  return c;
}

function watch(page: Page) {
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(`${e.name}: ${e.message}`));
}

const ready = (page: Page) =>
  page.getByRole("list", { name: "Session events" }).getByText("session_ready").first().waitFor();
const saved = (page: Page) =>
  page.getByRole("button", { name: / saved, workspaces menu$/ }).waitFor({ timeout: 15_000 });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Your tools" });
const table = (page: Page) => page.getByRole("table", { name: /Tools by name/ });
const row = (page: Page, name: string) =>
  table(page)
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name, exact: true }) });

async function registerInEditor(page: Page, setup: (d: ReturnType<typeof dialog>) => Promise<void>) {
  await page.getByRole("button", { name: "Write a tool…" }).click();
  const d = dialog(page);
  await d.getByRole("textbox", { name: "Tool file (TypeScript)" }).waitFor();
  await setup(d);
  await d.getByRole("button", { name: "Register" }).click();
  await d
    .getByRole("status")
    .getByText(/^Registered /)
    .waitFor({ timeout: 20_000 });
  await d.getByRole("button", { name: "Close" }).click();
}

const registerWc = (page: Page) =>
  registerInEditor(page, async (d) => {
    await d.getByRole("combobox", { name: "Start from a template" }).selectOption("wc");
  });

const WC_RESULT = /^package\.json: \d+ lines, \d+ words, \d+ characters$/;

describe("the learner's tools travel", () => {
  it("the wc tool comes back after a reload, in the table and callable", async () => {
    const { page } = await openAppIn(await context());
    watch(page);
    await registerWc(page);
    await row(page, "wc").getByText("yours").waitFor();
    await saved(page);
    await page.reload();
    await ready(page);
    await row(page, "wc").getByText("yours").waitFor({ timeout: 20_000 });
    expect(await callByHand(page, "wc", { path: "package.json" }, 20_000)).toMatch(WC_RESULT);
    await closePage(page);
  });

  it("a share link offers the tool with its code, registers it only on Accept, and then it answers", async () => {
    const a = (await openAppIn(await context())).page;
    watch(a);
    await registerWc(a);
    await row(a, "wc").getByText("yours").waitFor();
    const share = a.locator("details.share");
    if (!(await share.evaluate((d) => (d as HTMLDetailsElement).open)))
      await a.getByText("Files and sharing", { exact: true }).click();
    await a.getByRole("button", { name: "Copy share link" }).click();
    const field = a.getByRole("textbox", { name: "Share link" });
    await expect.poll(() => field.inputValue()).toMatch(/#share=1\./);
    const url = await field.inputValue();

    // The receiving side on a 1024×768 projector: the offer and its buttons fit the page's width.
    const b = await (await context({ width: 1024, height: 768 })).newPage();
    watch(b);
    await b.goto(`${inject("baseURL")}${url.slice(url.indexOf("#"))}`);
    await b.getByRole("dialog").getByRole("button", { name: "Replace my workspace" }).click();
    await b.getByText("Opened the shared work.").waitFor();
    const offer = b.getByRole("region", { name: /A link brought a tool of someone else's/ });
    await offer.waitFor();
    // Shown, read-only, and not registered: no row, and a call by hand has no such tool to offer.
    await offer.getByText("Show the code of wc").click();
    const code = offer.getByRole("textbox", { name: "Code of wc (read-only)" });
    expect(await code.inputValue()).toContain("registerTool");
    expect(await code.getAttribute("readonly")).not.toBeNull();
    expect(await row(b, "wc").count()).toBe(0);
    expect(await runAxe(b)).toEqual([]);
    const accept = offer.getByRole("button", { name: "Accept wc" });
    await accept.scrollIntoViewIfNeeded();
    const box = await accept.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 1024).toBe(true);
    await accept.click();
    await row(b, "wc").getByText("yours").waitFor({ timeout: 20_000 });
    expect(await offer.count()).toBe(0);
    expect(await callByHand(b, "wc", { path: "package.json" }, 20_000)).toMatch(WC_RESULT);
    await closePage(a);
    await closePage(b);
  });

  it("a tool named read is the read row's third handler: picked there, its result comes back", async () => {
    const { page } = await openAppIn(await context());
    watch(page);
    const source = [
      "export default function (pi) {",
      "  pi.registerTool({",
      '    name: "read", label: "My read", description: "Mine.",',
      '    parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },',
      "    async execute(id, params) {",
      '      return { content: [{ type: "text", text: "mine: " + params.path }], details: {} };',
      "    },",
      "  });",
      "}",
    ].join("\n");
    await registerInEditor(page, async (d) => {
      const editor = d.getByRole("textbox", { name: "Tool file (TypeScript)" });
      await editor.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.press("Delete");
      await page.keyboard.insertText(source);
      await d.getByRole("checkbox", { name: /Register as a replacement/ }).check();
    });
    const picker = row(page, "read").getByRole("combobox", { name: "read handler" });
    await expect.poll(() => picker.inputValue()).toBe("learner");
    expect(await picker.locator("option").allTextContents()).toEqual(["pi", "mini-pi", "yours"]);
    // Back to pi's handler: pi's read answers; then the learner's own, picked in the row's picker.
    await picker.selectOption("pi");
    expect(await callByHand(page, "read", { path: "package.json" }, 20_000)).toContain('"name"');
    await picker.selectOption("learner");
    await row(page, "read").getByText("replaces read").waitFor();
    expect(await callByHand(page, "read", { path: "package.json" }, 20_000)).toBe("mine: package.json");
    await closePage(page);
  });
});
