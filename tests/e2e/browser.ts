/**
 * Finds a Chromium for the end-to-end tests, in this order: CHROME_PATH, a system Chromium or Chrome, then
 * the one inside the @sparticuz/chromium npm package (so `npm install && npm test` works on a fresh machine).
 * When none is found it fails and says how to get one; it never skips.
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

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
  source: string;
}

export async function findBrowser(): Promise<BrowserChoice> {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, which does not exist.`);
    return { executablePath: fromEnv, args: FLAGS, source: "CHROME_PATH" };
  }
  const system = SYSTEM_BROWSERS.find((path) => existsSync(path));
  if (system) return { executablePath: system, args: FLAGS, source: "system" };
  try {
    const sparticuz = (await import("@sparticuz/chromium")).default;
    const executablePath = await sparticuz.executablePath();
    return { executablePath, args: [...sparticuz.args, ...FLAGS], source: "@sparticuz/chromium" };
  } catch (error) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`), " +
        "or point CHROME_PATH at a Chrome or Chromium binary, then run `npm test` again. " +
        `(The bundled @sparticuz/chromium did not start: ${(error as Error).message})`,
    );
  }
}

export async function launchBrowser(): Promise<Browser> {
  const choice = await findBrowser();
  return chromium.launch({ executablePath: choice.executablePath, args: choice.args, headless: true });
}
