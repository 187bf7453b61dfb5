/**
 * Backends in Chromium: the preview serves the page cross-origin isolated; picking WebContainer on a page
 * that is not isolated says why and boots nothing; offline, the pick says so within seconds; a boot that
 * never settles (the real client, with StackBlitz's frame empty) ends at the time limit with its sentence; and with the fake WebContainer
 * injected (the test hook), the workspace moves in and back mid-session while the dispatch table shows
 * the backend each tool's closure holds, tools on two backends at once included. The backend self-test
 * passes on memfs and on the fake.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openAppIn } from "./page";
import { runAxe, startCallByHand } from "./support";

let browser: Browser;
const opened: { page: Page; errors: string[]; context: BrowserContext; expected?: RegExp }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const { page, errors, context, expected } of opened.splice(0)) {
    await closePage(page);
    await context.close();
    const unexpected = expected ? errors.filter((e) => !expected.test(e)) : errors;
    expect(unexpected, "console errors on the page").toEqual([]);
  }
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  options: { hook?: object; stripIsolation?: boolean; stackBlitz?: "offline" | "empty" } = {},
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  // StackBlitz is never reached from a test. "offline": every request fails as a disconnected network does;
  // "empty": it answers with an empty page, so the check before the boot passes and the real client's boot
  // never settles (as when its frame is blocked).
  await context.route(/stackblitz\.com/, (route) =>
    options.stackBlitz === "empty"
      ? route.fulfill({ status: 200, contentType: "text/html", body: "" })
      : route.abort("internetdisconnected"),
  );
  if (options.hook)
    await context.addInitScript((hook) => Object.assign(window, { __playgroundTest: hook }), options.hook);
  if (options.stripIsolation)
    await context.route(inject("baseURL"), async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers["cross-origin-opener-policy"];
      delete headers["cross-origin-embedder-policy"];
      await route.fulfill({ response, headers });
    });
  const { page, errors } = await openAppIn(context);
  opened.push({ page, errors, context });
  return page;
}

const status = (page: Page) => page.locator("#backend-status");
const radio = (page: Page, name: RegExp) => page.getByRole("radio", { name });
const badges = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll(".dispatch__row")].map((row) => [
        row.querySelector("th code")?.textContent ?? "",
        row.querySelector(".backend-badge")?.textContent ?? "",
      ]),
    ),
  );
const files = (page: Page) => page.getByRole("list", { name: "Workspace files" });

const runBash = (page: Page, command: string) => startCallByHand(page, "bash", { command });

describe("backends", () => {
  it("npm run preview answers with the COOP/COEP headers, and the page is isolated", async () => {
    const response = await fetch(inject("baseURL"));
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("cross-origin-embedder-policy")).toBe("credentialless");
    const page = await open();
    expect(await page.evaluate(() => crossOriginIsolated && typeof SharedArrayBuffer === "function")).toBe(
      true,
    );
    await page.getByRole("button", { name: "Run backend self-test" }).click();
    await page.getByText("Self-test: 10 of 10 checks passed.").waitFor({ timeout: 20_000 });
    expect(await runAxe(page)).toEqual([]);
  });

  it("picking WebContainer on a page that is not isolated says why, and memfs keeps the files", async () => {
    const page = await open({ stripIsolation: true });
    expect(await page.evaluate(() => crossOriginIsolated)).toBe(false);
    await radio(page, /^WebContainer/).click();
    await expect.poll(() => status(page).textContent()).toMatch(/not cross-origin isolated/);
    expect(await status(page).textContent()).toMatch(/SharedArrayBuffer is not available/);
    expect(await radio(page, /^memfs/).isChecked()).toBe(true);
    await files(page).getByText("README.md", { exact: true }).waitFor();
  });

  it("offline, the pick says the network is the problem within seconds, not at the time limit", async () => {
    const page = await open();
    // the check's own request fails, and the browser logs that; nothing else may
    opened[opened.length - 1].expected = /ERR_INTERNET_DISCONNECTED/;
    await radio(page, /^WebContainer/).click();
    // within 10 s, where the boot's own limit is 30 s
    await expect.poll(() => status(page).textContent(), { timeout: 10_000 }).toMatch(/needs the network/);
    expect(await radio(page, /^memfs/).isChecked()).toBe(true);
    await runBash(page, "echo still-here > after-offline.txt");
    await files(page).getByText("after-offline.txt", { exact: true }).waitFor();
  });

  it("a boot that never settles ends at the time limit with its sentence; memfs still runs the tools", async () => {
    const page = await open({ hook: { bootLimitMs: 1500 }, stackBlitz: "empty" });
    await radio(page, /^WebContainer/).click();
    await expect
      .poll(() => status(page).textContent(), { timeout: 10_000 })
      .toMatch(/did not start within 2 s/);
    expect(await radio(page, /^memfs/).isChecked()).toBe(true);
    await runBash(page, "echo still-here > after-timeout.txt");
    await files(page).getByText("after-timeout.txt", { exact: true }).waitFor();
    await radio(page, /^WebContainer/).click();
    await expect.poll(() => status(page).textContent()).toMatch(/Reload the page/);
  });

  it("with the fake injected, the workspace moves in and back mid-session and the closures follow", async () => {
    const page = await open({ hook: { webcontainer: "fake" } });
    await page
      .getByRole("tab", { name: "Dispatch table" })
      .click()
      .catch(() => {});
    expect(Object.values(await badges(page)).every((b) => b === "memfs")).toBe(true);

    await radio(page, /^WebContainer/).click();
    await expect.poll(() => status(page).textContent()).toMatch(/The files are in webcontainer/);
    await expect
      .poll(async () => new Set(Object.values(await badges(page))))
      .toEqual(new Set(["webcontainer"]));
    await files(page).getByText("README.md", { exact: true }).waitFor();
    await page.getByRole("button", { name: "Run backend self-test" }).click();
    await page.getByText("Self-test: 10 of 10 checks passed.").waitFor({ timeout: 20_000 });
    await runBash(page, "echo made-in-container > in-container.txt");
    await files(page).getByText("in-container.txt", { exact: true }).waitFor();

    await radio(page, /^memfs/).click();
    await expect.poll(async () => new Set(Object.values(await badges(page)))).toEqual(new Set(["memfs"]));
    await files(page).getByText("in-container.txt", { exact: true }).waitFor();

    // Two backends at once: bash in the container, the other tools on memfs over the same files.
    await page.getByRole("checkbox", { name: /Only bash/ }).check();
    await radio(page, /^WebContainer/).click();
    await expect.poll(async () => (await badges(page)).bash).toBe("webcontainer");
    expect((await badges(page)).read).toBe("memfs");
    expect(await runAxe(page)).toEqual([]);
  });
});
