/**
 * Offline after one visit (docs/offline.md): the service worker precaches the build, so with the network
 * cut the page reloads and plays a scenario, runs a hand call, switches pi versions and opens a lesson's
 * exercise (the editor's lazy chunk). And a new deployment is offered, not forced: the notice appears, the
 * page stays as it was, and only Reload hands it over.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { preview } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openAppIn } from "./page";
import { callByHand, playThreePrompts } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * A first visit, waiting for the service worker to finish installing (its precache downloaded); then that
 * page closes with its saved workspace cleared, so the next page opens as a first visit again (loading
 * its scenario) but under the service worker's control.
 */
async function firstVisit(url?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers: "allow",
    viewport: { width: 1440, height: 900 },
  });
  const { page, errors } = await openAppIn(context, { url });
  const active = await page.evaluate(() =>
    navigator.serviceWorker.ready.then((registration) => registration.active?.state ?? "none"),
  );
  expect(["activating", "activated"]).toContain(active);
  expect(errors).toEqual([]);
  await closePage(page);
  return context;
}

it("after one visit the page opens and works with the network cut", async () => {
  const context = await firstVisit();
  await context.setOffline(true);
  const { page, errors } = await openAppIn(context);
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await playThreePrompts(page);
  expect(await callByHand(page, "bash", { command: "echo offline-ok" })).toContain("offline-ok");

  await page.getByRole("combobox", { name: "pi version" }).selectOption("0.73.1");
  await page.getByRole("list", { name: "Session events" }).getByText("pi_version_changed").first().waitFor();
  expect(await callByHand(page, "bash", { command: "echo still-ok" })).toContain("still-ok");

  await page.getByRole("button", { name: "Lessons", exact: true }).click();
  const lesson = page.getByRole("dialog", { name: "Lessons" }).locator('[data-lesson="handlers"]');
  await lesson.getByRole("button", { name: "Start the exercise" }).click();
  await lesson.getByRole("button", { name: "Check" }).waitFor();
  // A code exercise: the editor (CodeMirror, a lazy chunk) comes from the precache.
  const memory = page.getByRole("dialog", { name: "Lessons" }).locator('[data-lesson="memory"]');
  await memory.getByRole("button", { name: "Open the exercise" }).click();
  await memory.getByRole("textbox", { name: /^Code of the exercise/ }).waitFor();

  expect(errors).toEqual([]);
  await context.close();
}, 120_000);

it("a new deployment is offered with a notice and taken only on Reload", async () => {
  // A server of its own over a copy of the build, so this test can deploy a changed sw.js (the browser
  // fetches the worker's script itself, past any route a test could set).
  const dir = mkdtempSync(join(tmpdir(), "offline-e2e-"));
  cpSync("dist", dir, { recursive: true, filter: (source) => !source.endsWith(".map") });
  const server = await preview({
    root: process.cwd(),
    logLevel: "warn",
    build: { outDir: dir },
    preview: { port: 43_000 + Math.floor(Math.random() * 1000), host: "127.0.0.1" },
  });
  const url = server.resolvedUrls?.local[0] ?? "";
  const context = await firstVisit(url);
  const { page, errors } = await openAppIn(context, { url });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.evaluate(() => {
    (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
  });
  appendFileSync(join(dir, "sw.js"), "\nself.deployment = 'next';\n");
  await page.evaluate(() => navigator.serviceWorker.ready.then((registration) => registration.update()));

  const notice = page.getByRole("status").filter({ hasText: "A new version is ready" });
  await notice.waitFor({ timeout: 30_000 });
  // The notice is shown in the page that was already open: nothing reloaded it.
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(
    true,
  );

  const reloaded = page.waitForEvent("load");
  await notice.getByRole("button", { name: "Reload" }).click();
  await reloaded;
  await page.locator('.app__status[data-ready="true"]').waitFor();
  expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(
    undefined,
  );
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  // The new deployment's worker is the one in charge now, none is left waiting.
  const deployments = await Promise.all(
    context
      .serviceWorkers()
      .map((worker) =>
        worker.evaluate(() => (self as unknown as { deployment?: string }).deployment ?? "first"),
      ),
  );
  expect(deployments).toEqual(["next"]);
  expect(
    await page.evaluate(() =>
      navigator.serviceWorker.getRegistration().then((registration) => registration?.waiting ?? null),
    ),
  ).toBe(null);
  expect(await notice.count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}, 120_000);

it("on a host that sends no isolation headers, the service worker adds them: after one visit the page is cross-origin isolated", async () => {
  // A plain static server over the build: none of the project's config, so no COOP or COEP header.
  const server = await preview({
    configFile: false,
    root: process.cwd(),
    logLevel: "warn",
    build: { outDir: "dist" },
    preview: { port: 44_000 + Math.floor(Math.random() * 1000), host: "127.0.0.1" },
  });
  const url = server.resolvedUrls?.local[0] ?? "";
  const context = await browser.newContext({
    serviceWorkers: "allow",
    viewport: { width: 1440, height: 900 },
  });
  const first = await openAppIn(context, { url });
  expect(await first.page.evaluate(() => window.crossOriginIsolated)).toBe(false);
  await first.page.evaluate(() => navigator.serviceWorker.ready);
  await closePage(first.page);

  const { page, errors } = await openAppIn(context, { url });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await page.evaluate(() => window.crossOriginIsolated)).toBe(true);
  // The page still works as before under the headers: a hand call runs in the session worker.
  expect(await callByHand(page, "bash", { command: "echo isolated-ok" })).toContain("isolated-ok");
  expect(errors).toEqual([]);
  await context.close();
  await server.close();
}, 120_000);
