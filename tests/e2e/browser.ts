/**
 * The one place that picks the Chromium for the end-to-end tests and the browser benchmark
 * (scripts/bench-browser.ts), and the flags it runs with. The order: CHROME_PATH, a system Chromium or
 * Chrome, then the one inside the @sparticuz/chromium npm package (so `npm install && npm test` works on a
 * fresh machine). `E2E_BROWSER=bundled` skips the first two, so the bundled binary can be tested where a
 * system one exists (CI does). When none is found it fails and says how to get one; it never skips.
 *
 * Every choice runs with the same flags, ours. @sparticuz/chromium's own `args` are made for a serverless
 * sandbox (`--single-process`, `--disable-web-security`, …): with them the page's worker and
 * cross-origin-isolated parts crash or change behaviour ("Target page, context or browser has been
 * closed"), and the tests would no longer check what users get. So they are never used.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

/**
 * Flags the tests must never run with: they put the browser in one process, or relax the same-origin
 * policy, site isolation or cross-origin isolation the page relies on, so a test could pass on a browser
 * that behaves unlike any user's.
 */
export const FORBIDDEN_FLAGS: readonly string[] = [
  "--single-process",
  "--no-zygote",
  "--in-process-gpu",
  "--disable-web-security",
  "--disable-site-isolation-trials",
  "--disable-site-isolation-for-policy",
  "--allow-running-insecure-content",
  "--allow-file-access-from-files",
  "--allow-universal-access-from-files",
];

/** Features that `--disable-features=…` must not name, for the same reason. */
const FORBIDDEN_FEATURES = [
  "IsolateOrigins",
  "site-per-process",
  "CrossOriginOpenerPolicy",
  "CrossOriginEmbedderPolicy",
];

/** The flags among `args` that FORBIDDEN_FLAGS or FORBIDDEN_FEATURES rule out (with or without `=value`). */
export function forbiddenFlagsIn(args: readonly string[]): string[] {
  return args.filter((arg) => {
    const [name, value = ""] = arg.split("=", 2);
    if (FORBIDDEN_FLAGS.includes(name)) return true;
    return name === "--disable-features" && value.split(",").some((f) => FORBIDDEN_FEATURES.includes(f));
  });
}

const SYSTEM_BROWSERS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

export interface BrowserChoice {
  executablePath: string;
  args: string[];
  source: "CHROME_PATH" | "system" | "@sparticuz/chromium";
}

/** What the choice looks at; tests replace it. */
export interface BrowserLookup {
  env: Record<string, string | undefined>;
  exists(path: string): boolean;
  /** Unpacks the bundled Chromium (once) and returns its path. */
  bundledPath(): Promise<string>;
}

const realLookup: BrowserLookup = {
  env: process.env,
  exists: existsSync,
  bundledPath: async () => (await import("@sparticuz/chromium")).default.executablePath(),
};

export async function findBrowser(lookup: BrowserLookup = realLookup): Promise<BrowserChoice> {
  const mode = lookup.env.E2E_BROWSER ?? "";
  if (mode !== "" && mode !== "bundled") {
    throw new Error(
      `E2E_BROWSER is set to "${mode}"; the only value it takes is "bundled" (use the Chromium inside ` +
        "@sparticuz/chromium). Unset it to use CHROME_PATH or a system Chromium.",
    );
  }
  const args = [...CHROMIUM_FLAGS];
  if (mode !== "bundled") {
    const fromEnv = lookup.env.CHROME_PATH;
    if (fromEnv) {
      if (!lookup.exists(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
      return { executablePath: fromEnv, args, source: "CHROME_PATH" };
    }
    const system = SYSTEM_BROWSERS.find((path) => lookup.exists(path));
    if (system) return { executablePath: system, args, source: "system" };
  }
  try {
    return { executablePath: await lookup.bundledPath(), args, source: "@sparticuz/chromium" };
  } catch (error) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`), " +
        "or point CHROME_PATH at a Chrome or Chromium binary, then run `npm test` again. " +
        `(The bundled @sparticuz/chromium did not start: ${(error as Error).message})`,
    );
  }
}

/** Starts the chosen Chromium; refuses flags from FORBIDDEN_FLAGS, whatever put them there. */
export async function launchBrowser(choice?: BrowserChoice): Promise<Browser> {
  const chosen = choice ?? (await findBrowser());
  const forbidden = forbiddenFlagsIn(chosen.args);
  if (forbidden.length > 0) {
    throw new Error(
      `Refusing to start Chromium with ${forbidden.join(" ")}: see FORBIDDEN_FLAGS in tests/e2e/browser.ts.`,
    );
  }
  const browser = await chromium.launch({
    executablePath: chosen.executablePath,
    args: chosen.args,
    headless: true,
  });
  // The app's service worker (docs/offline.md) would answer a context's second page from its precache,
  // past the routes many tests set to hold or count requests. Contexts block it unless a test asks for it
  // (tests/e2e/offline.e2e.ts passes serviceWorkers: "allow").
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ serviceWorkers: "block", ...options });
  return browser;
}
