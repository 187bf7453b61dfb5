import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, onTestFailed } from "vitest";
import { launchBrowser } from "./browser";

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
export async function openAppIn(
  context: BrowserContext,
  { waitForScenario = true, url = inject("baseURL") }: { waitForScenario?: boolean; url?: string } = {},
) {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`${error.name}: ${error.message}`));
  reportOnFailure(page, errors);
  await page.goto(url);
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

export interface PagePerTestOptions {
  viewport?: { width: number; height: number };
  /** set up a context before its first page opens (init scripts, request listeners) */
  prepare?: (context: BrowserContext) => Promise<unknown>;
  /**
   * true: a new context for each test, prepared anew (nothing shared between tests, not even the HTTP
   * cache, so every test sees every request); false: one context for the file, prepared once
   */
  contextPerTest?: boolean;
  /** what to wait for once the page has its first scenario, before the test starts */
  ready?: (page: Page) => Promise<unknown>;
}

/**
 * The hooks under pagePerTest and pageOpenedPerTest: one browser for the file; after each test the page
 * it opened is closed with its storage cleared (its context too when the context was the page's own),
 * and the test fails on any console error the page printed.
 */
function pageHooks() {
  let browser: Browser | undefined;
  let opened: (OpenedPage & { ownContext: boolean }) | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const seen = opened?.errors ?? [];
    if (opened) {
      await closePage(opened.page);
      if (opened.ownContext) await opened.page.context().close();
    }
    opened = undefined;
    expect(seen, "console errors on the page").toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    browser(): Browser {
      if (!browser) throw new Error("the browser did not start");
      return browser;
    },
    track(page: OpenedPage, ownContext: boolean): Page {
      opened = { ...page, ownContext };
      return page.page;
    },
  };
}

/**
 * For files whose every test starts the same way: before each test a fresh page (its own session worker
 * and workspace) with its first scenario loaded, handed to `use`; closed and checked after the test.
 * Call it at the top of a test file.
 */
export function pagePerTest(use: (page: Page) => void, options: PagePerTestOptions = {}): void {
  const viewport = options.viewport ?? { width: 1440, height: 900 };
  const hooks = pageHooks();
  let shared: BrowserContext | undefined;
  beforeEach(async () => {
    let context = shared;
    if (!context) {
      context = await hooks.browser().newContext({ viewport });
      await options.prepare?.(context);
      if (!options.contextPerTest) shared = context;
    }
    const page = hooks.track(await openAppIn(context), options.contextPerTest === true);
    await options.ready?.(page);
    use(page);
  });
}

/**
 * For files whose tests open their page themselves (each at the size it checks): the returned `open`
 * gives a fresh page in a context of its own, with its first scenario loaded; closed and checked after
 * the test. Call it at the top of a test file; one page per test.
 */
export function pageOpenedPerTest(): (viewport: { width: number; height: number }) => Promise<Page> {
  const hooks = pageHooks();
  return async (viewport) => hooks.track(await openApp(hooks.browser(), { viewport }), true);
}

/**
 * When the test that opened `page` fails, prints what the page itself said (its console errors and
 * uncaught exceptions) and what its event stream counted: a failure on a CI machine then says whether the
 * page broke or only fell behind. Pages opened outside a test (in a hook) are not reported.
 */
function reportOnFailure(page: Page, errors: string[]) {
  try {
    onTestFailed(async () => {
      const events = page.isClosed()
        ? "(page closed)"
        : await page
            .locator(".events__count")
            .first()
            .textContent({ timeout: 1000 })
            .catch(() => "(no event count)");
      console.error(`page at failure: event stream "${events}"; errors: ${JSON.stringify(errors)}`);
    });
  } catch {
    // not inside a test
  }
}
