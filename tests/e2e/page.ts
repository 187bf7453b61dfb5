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
  } = {},
) {
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1440, height: 900 } });
  await options.prepare?.(context);
  return openAppIn(context);
}

/**
 * Opens the app in a new page of `context`. Each page has its own session worker and workspace; pages of
 * one context share the HTTP cache (so the worker and the bash engine load faster) and localStorage,
 * which holds only the layout and theme settings: close pages with closePage to clear it.
 */
export async function openAppIn(context: BrowserContext) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  await page.goto(inject("baseURL"));
  return { page, errors } satisfies OpenedPage;
}

/** Clears what the page left in its context's storage (the layout and theme settings), then closes it. */
export async function closePage(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear()).catch(() => {});
  await page.close();
}
