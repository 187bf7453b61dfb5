/**
 * The example lesson page (public/embed-example.html) embeds two widgets (`?embed=`): both show their
 * panels without the page's chrome; the lesson page's own buttons drive the second through the message
 * protocol and it hears each step; a message from a frame of another origin is ignored.
 */
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function widget(page: Page, id: string): Promise<Frame> {
  const handle = await page.locator(`iframe#${id}`).elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error(`no frame for #${id}`);
  return frame;
}

it("the lesson page embeds two widgets and drives one through the protocol; another origin is ignored", async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // A frame of another origin on the lesson page, to post orders it has no right to give.
  await context.route("http://elsewhere.test/**", (route) =>
    route.fulfill({
      contentType: "text/html",
      headers: {
        "Cross-Origin-Embedder-Policy": "require-corp",
        "Cross-Origin-Resource-Policy": "cross-origin",
      },
      body: `<script>
        window.addEventListener("message", () => parent.frames[1].postMessage({ type: "pi-playground:step" }, "*"));
      </script>`,
    }),
  );
  const page = await context.newPage();
  const console: string[] = [];
  page.on("console", (message) => console.push(`${message.type()}: ${message.text()}`));
  await page.goto(new URL("embed-example.html", inject("baseURL")).href);

  const table = await widget(page, "table");
  const calls = await widget(page, "calls");
  // Panels only: no top bar, no workspaces menu.
  await table.getByRole("main", { name: "Pi Tool Playground, embedded" }).waitFor();
  await table.getByRole("region", { name: /Dispatch table/ }).waitFor();
  await table.getByRole("region", { name: /System prompt/ }).waitFor();
  expect(await table.getByRole("button", { name: "Share" }).count()).toBe(0);
  const events = calls.getByRole("list", { name: "Session events" });
  await events.getByText("scenario_loaded").first().waitFor();

  const heard = page.getByLabel("Messages from the widget");
  await expect.poll(() => heard.textContent()).toContain('"pi-playground:ready"');

  await page.getByRole("button", { name: "Step" }).click();
  await expect.poll(() => heard.textContent()).toContain('"pi-playground:stepped"');
  const steppedOnce = ((await heard.textContent()) ?? "").split("stepped").length - 1;
  expect(steppedOnce).toBe(1);

  // The other origin's frame posts a Step straight to the widget: ignored, and said so in the console.
  await page.evaluate(() => {
    const frame = document.createElement("iframe");
    frame.src = "http://elsewhere.test/frame.html";
    frame.addEventListener("load", () => frame.contentWindow?.postMessage("go", "*"));
    document.body.append(frame);
  });
  await expect
    .poll(() => console.some((line) => line.includes("Ignored a message from http://elsewhere.test")))
    .toBe(true);
  expect(((await heard.textContent()) ?? "").split("stepped").length - 1).toBe(1);

  // Reset loads the scenario again from its first step; Play then runs it to the end.
  const loads = async () => ((await heard.textContent()) ?? "").split('"pi-playground:loaded"').length - 1;
  const loadsBefore = await loads();
  await page.getByRole("button", { name: "Reset" }).click();
  await expect.poll(loads).toBe(loadsBefore + 1);
  await page.getByRole("button", { name: "Play" }).click();
  await expect.poll(() => heard.textContent(), { timeout: 30_000 }).toContain('"pi-playground:finished"');

  expect(console.filter((line) => line.startsWith("error"))).toEqual([]);
  await context.close();
}, 90_000);

it("a widget keeps away from the learner's saved work and settings", async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const base = inject("baseURL");
  await page.goto(`${base}?embed=dispatch&theme=dark&lang=zh-Hans`);
  await page.getByRole("main", { name: "嵌入的工具演练场" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
  // Not framed: no lesson page, so no sentence about host=.
  expect(await page.getByRole("status").filter({ hasText: "host" }).count()).toBe(0);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
  expect(
    await page.evaluate(() => indexedDB.databases().then((list) => list.map((d) => d.name))),
  ).not.toContain("pi-playground");
  await context.close();
}, 60_000);
