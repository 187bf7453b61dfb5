/**
 * The Playwright side of the saved-workspace figure (scripts/bench-browser.ts, BENCH_ONLY=persist):
 * opens the workload page with `persist=1` and reads what bench/browser/persist-worker.ts measured.
 */
import type { Browser } from "playwright-core";
import type { PersistBenchResult } from "./persist-worker.ts";

export const PERSIST_TARGET_MS = 300;

export async function persistInWorker(browser: Browser, url: string): Promise<PersistBenchResult | string> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    page.on("pageerror", (e) => process.stderr.write(`  page error: ${e.message}\n`));
    await page.goto(`${url}?persist=1`);
    await page.waitForFunction(
      () => {
        const state = (window as unknown as { benchState?: { persist?: unknown; error?: string } })
          .benchState;
        return state?.persist || state?.error;
      },
      null,
      { timeout: 5 * 60_000, polling: 250 },
    );
    const state = await page.evaluate(
      () =>
        (window as unknown as { benchState: { persist?: PersistBenchResult; error?: string } }).benchState,
    );
    return state.persist ?? state.error ?? "no result";
  } finally {
    await context.close();
  }
}
