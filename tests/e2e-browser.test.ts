// The Chromium choice behind the e2e tests and the browser benchmark: which binary, and never a flag that
// changes how the page behaves (tests/e2e/browser.ts says why).
import { describe, expect, it } from "vitest";
import {
  type BrowserLookup,
  CHROMIUM_FLAGS,
  findBrowser,
  forbiddenFlagsIn,
  launchBrowser,
} from "./e2e/browser";

const BUNDLED = "/tmp/chromium";

function lookup(env: Record<string, string | undefined>, present: string[]): BrowserLookup {
  return {
    env,
    exists: (path) => present.includes(path),
    bundledPath: async () => BUNDLED,
  };
}

describe("the e2e browser choice", () => {
  it("prefers a system Chromium, then falls back to the bundled one with our flags only", async () => {
    const system = await findBrowser(lookup({}, ["/usr/bin/chromium"]));
    expect(system).toMatchObject({ executablePath: "/usr/bin/chromium", source: "system" });
    const bundled = await findBrowser(lookup({}, []));
    expect(bundled).toEqual({
      executablePath: BUNDLED,
      args: [...CHROMIUM_FLAGS],
      source: "@sparticuz/chromium",
    });
  });

  it("takes the bundled Chromium under E2E_BROWSER=bundled, even with a system one and CHROME_PATH", async () => {
    const choice = await findBrowser(
      lookup({ E2E_BROWSER: "bundled", CHROME_PATH: "/opt/chrome" }, ["/usr/bin/chromium", "/opt/chrome"]),
    );
    expect(choice.source).toBe("@sparticuz/chromium");
    expect(choice.executablePath).toBe(BUNDLED);
  });

  it("refuses an E2E_BROWSER value it does not know, and says which one it takes", async () => {
    await expect(findBrowser(lookup({ E2E_BROWSER: "bundle" }, []))).rejects.toThrow(
      /only value it takes is "bundled"/,
    );
  });

  it("never chooses a flag that puts Chromium in one process or relaxes the page's isolation", async () => {
    for (const env of [{}, { E2E_BROWSER: "bundled" }, { CHROME_PATH: "/opt/chrome" }]) {
      const choice = await findBrowser(lookup(env, ["/opt/chrome", "/usr/bin/chromium"]));
      expect(forbiddenFlagsIn(choice.args)).toEqual([]);
    }
    // The bundled package's own serverless flags are what broke the tests; the check must catch them.
    const sandboxFlags = [
      "--single-process",
      "--no-zygote",
      "--disable-web-security",
      "--disable-site-isolation-trials",
      "--allow-running-insecure-content",
      "--disable-features=AudioServiceOutOfProcess,IsolateOrigins,site-per-process",
    ];
    expect(forbiddenFlagsIn([...CHROMIUM_FLAGS, ...sandboxFlags])).toEqual(sandboxFlags);
    expect(forbiddenFlagsIn(["--disable-features=Translate"])).toEqual([]);
  });

  it("will not launch with a forbidden flag, whatever chose it", async () => {
    const choice = {
      executablePath: BUNDLED,
      args: [...CHROMIUM_FLAGS, "--single-process"],
      source: "system" as const,
    };
    await expect(launchBrowser(choice)).rejects.toThrow(/Refusing to start Chromium with --single-process/);
  });
});
