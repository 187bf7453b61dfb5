/**
 * What the model-mode e2e files share: a browser per file, a mock provider of its own per test (turns a
 * failed test left scripted cannot answer the next test's requests), the page each test opens (closed
 * after it, its console errors checked), and filling the Model tab.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { type MockProvider, startMockProvider } from "../mock-provider/server";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";

export const PROJECTOR = { width: 1280, height: 720 };
export const SMALL = { width: 1024, height: 768 };

export const modelForm = (p: Page) => p.getByRole("form", { name: "Model prompt" });

/**
 * The Model field: a text box, or a combobox when it offers the models pi-ai knows for the provider (an
 * input with a list of suggestions has that role), so it is found by its label.
 */
export const modelField = (p: Page) => modelForm(p).getByLabel("Model", { exact: true });

export interface ModelPages {
  readonly browser: Browser;
  /** this test's mock provider */
  readonly mock: MockProvider;
  /** Opens the app at `viewport` and waits for the session (the page is closed after the test). */
  open(viewport: { width: number; height: number }): Promise<Page>;
}

/**
 * Registers the file's hooks. `mock`: the options of each test's mock provider; `ignoreErrors`: console
 * errors that are the case under test (a failed request shows as a network error).
 */
export function modelPages(
  options: { mock?: Parameters<typeof startMockProvider>[0]; ignoreErrors?: RegExp } = {},
): ModelPages {
  let browser: Browser | undefined;
  let mock: MockProvider | undefined;
  let page: Page | undefined;
  let errors: string[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    mock = await startMockProvider(options.mock);
  });
  afterEach(async () => {
    await mock?.close();
    const ignore = options.ignoreErrors;
    const seen = ignore ? errors.filter((e) => !ignore.test(e)) : errors;
    if (page) await closePage(page);
    page = undefined;
    errors = [];
    expect(seen, "console errors on the page").toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: use it inside a test`);
    return value;
  };
  return {
    get browser() {
      return need(browser, "the browser");
    },
    get mock() {
      return need(mock, "the mock provider");
    },
    async open(viewport) {
      const opened = await openApp(need(browser, "the browser"), { viewport });
      page = opened.page;
      errors = opened.errors;
      await page.getByRole("list", { name: "Session events" }).getByText("session_ready").waitFor();
      return page;
    },
  };
}

/** Shows the Model tab and picks a preset, a base URL and a model id; returns the form. */
export async function chooseModel(
  p: Page,
  {
    preset = "Ollama",
    baseUrl,
    modelId = "mock-model",
  }: { preset?: string; baseUrl: string; modelId?: string },
) {
  await p.getByRole("tab", { name: "Model prompt" }).click();
  const form = modelForm(p);
  await form.getByRole("combobox", { name: "Provider" }).selectOption({ label: preset });
  await form.getByRole("textbox", { name: "Base URL" }).fill(baseUrl);
  await modelField(p).fill(modelId);
  return form;
}

/** The run has ended: nothing streams and there is no Abort (Send stays while a run goes: it queues). */
export async function settled(p: Page) {
  await expect
    .poll(
      async () =>
        (await p.locator(".msg--assistant.is-streaming").count()) === 0 &&
        (await modelForm(p).getByRole("button", { name: "Abort" }).count()) === 0,
      { timeout: 30_000 },
    )
    .toBe(true);
}
