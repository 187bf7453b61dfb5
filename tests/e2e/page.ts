import type { Browser, BrowserContext, Page } from "playwright-core";
import { inject } from "vitest";

export interface OpenedPage {
  page: Page;
  /** console errors and uncaught page errors seen so far */
  errors: string[];
}

/** Opens the app in a fresh context and records every console error and uncaught exception. */
export async function openApp(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    /** set up before the page loads (e.g. network routes) */
    prepare?: (context: BrowserContext) => Promise<void>;
    /** false: return before the first scenario has loaded (for a test that holds its answer back) */
    waitForScenario?: boolean;
  } = {},
) {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1440, height: 900 } });
  await options.prepare?.(context);
  return openAppIn(context, options);
}

/**
 * Opens the app in a new page of `context`. Each page has its own session worker and workspace; pages of
 * one context share the HTTP cache (so the worker and the bash engine load faster), localStorage (the
 * layout and theme settings) and IndexedDB (the saved workspaces): close pages with closePage to clear
 * them.
 */
export async function openAppIn(context: BrowserContext, { waitForScenario = true } = {}) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  await page.goto(inject("baseURL"));
  // The first visit loads a scenario, which replaces the workspace and the tool states when it arrives:
  // a test that acts before then races it (a tool switched on, then switched off again by the load).
  if (waitForScenario)
    await page.getByRole("list", { name: "Session events" }).getByText("scenario_loaded").first().waitFor();
  return { page, errors } satisfies OpenedPage;
}

/**
 * Clears what the page left in its context's storage (the layout and theme settings, the saved
 * workspaces), then closes it: the next page of the context starts as a first visit. The database is
 * deleted once the page (and its worker's connection) is gone, so it is not awaited.
 */
export async function closePage(page: Page): Promise<void> {
  await page
    .evaluate(() => {
      localStorage.clear();
      indexedDB.deleteDatabase("pi-playground");
    })
    .catch(() => {});
  await page.close();
}
