/**
 * The learner's code runs where the page's origin is not: a tool that tries the network and this
 * browser's storage gets refusals it can report (an opaque origin, a CSP without connect, whose
 * violations the browser reports to the code itself), while the same tool reads and writes the workspace
 * through the session; a lesson's code exercise runs there too. The page's own storage is there all the
 * while (its saved workspace), so the refusal is the sandbox's, not an empty browser's.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { callByHand, fillToolForm } from "./support";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PROBE = `import { Type } from "typebox";
import { readFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";

async function attempt(what, run) {
  try {
    const value = await run();
    return what + ": reached (" + JSON.stringify(value) + ")";
  } catch (error) {
    return what + ": refused (" + (error && error.name) + ")";
  }
}

export default function (pi) {
  pi.registerTool({
    name: "probe",
    label: "Probe",
    description: "Tries the network, this browser's storage and the workspace.",
    parameters: Type.Object({}),
    async execute() {
      // What the sandbox's CSP refused, as the browser reports it to the code's own scope.
      const refused = [];
      self.addEventListener("securitypolicyviolation", (e) => refused.push(e.effectiveDirective + " " + e.blockedURI));
      const lines = [
        "origin: " + self.origin,
        await attempt("fetch", () => fetch("https://example.com").then((r) => r.status)),
        await attempt("indexedDB.databases", () => indexedDB.databases()),
        await attempt("indexedDB.open", () => new Promise((resolve, reject) => {
          const request = indexedDB.open("pi-playground");
          request.onsuccess = () => resolve("opened");
          request.onerror = () => reject(request.error);
        })),
        await attempt("caches", () => caches.keys()),
        await attempt("WebSocket", () => new Promise((resolve, reject) => {
          const socket = new WebSocket("wss://example.com/");
          socket.onopen = () => resolve("open");
          socket.onerror = () => reject(new Error("WebSocket error event"));
        })),
        await attempt("importScripts", () => importScripts("https://example.com/x.js")),
      ];
      for (let waited = 0; refused.length < 3 && waited < 2000; waited += 50)
        await new Promise((r) => setTimeout(r, 50));
      lines.push("CSP refused: " + refused.sort().join(", "));
      const text = await readFile(resolve("package.json"), "utf8");
      await writeFile(resolve("from-sandbox.txt"), "written by the sandboxed tool\\n");
      lines.push("package.json: " + text.length + " characters");
      return { content: [{ type: "text", text: lines.join("\\n") }], details: {} };
    },
  });
}
`;

async function register(page: Page, source: string) {
  const dialog = page.getByRole("dialog", { name: "Your tools" });
  await page.getByRole("button", { name: "Write a tool…" }).click();
  const editor = dialog.getByRole("textbox", { name: "Tool file (TypeScript)" });
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(source);
  await dialog.getByRole("button", { name: "Register" }).click();
  await dialog.getByRole("status").getByText("Registered probe").waitFor();
  await dialog.getByRole("button", { name: "Close" }).click();
}

describe("the learner's code in its sandbox", () => {
  it("is refused the network and this browser's storage, and reaches the workspace through the session", async () => {
    const requested: string[] = [];
    const { page, errors } = await openApp(browser, {
      prepare: async (context) => {
        context.on("request", (r) => requested.push(r.url()));
      },
    });
    // The page's own origin has a saved workspace in IndexedDB: what the tool must not see.
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name)))
      .toContain("pi-playground");

    await register(page, PROBE);
    await fillToolForm(page, "probe", {});
    const text = await callByHand(page, "probe", {});
    expect(text.split("\n")).toEqual([
      "origin: null",
      "fetch: refused (TypeError)",
      "indexedDB.databases: refused (SecurityError)",
      "indexedDB.open: refused (SecurityError)",
      // CacheStorage is not even defined there (an opaque origin is no secure context).
      "caches: refused (ReferenceError)",
      "WebSocket: refused (Error)",
      "importScripts: refused (NetworkError)",
      // The three refusals are the CSP's, not a network failure: the browser names the directive.
      "CSP refused: connect-src https://example.com/, connect-src wss://example.com/, script-src-elem https://example.com/x.js",
      expect.stringMatching(/^package\.json: \d+ characters$/),
    ]);
    expect(requested.filter((u) => u.includes("example.com"))).toEqual([]);
    // What it wrote is in the session's workspace, where the built-in read finds it.
    expect(await callByHand(page, "read", { path: "from-sandbox.txt" })).toContain(
      "written by the sandboxed tool",
    );
    // The code ran in the sandboxed iframe's worker: the iframe is there, without allow-same-origin.
    expect(await page.locator("iframe[sandbox]").getAttribute("sandbox")).toBe("allow-scripts");
    // Chromium hands the debugger the refused indexedDB.databases() as an exception with neither name nor
    // message, though the tool catches it (measured: it comes with that call, and without it there is
    // none). Nothing else may show up.
    expect(errors.filter((e) => e !== ": undefined")).toEqual([]);
    await closePage(page);
    await page.context().close();
  });

  it("runs a lesson's code exercise there too: no origin, no storage, no network", async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
    await page.getByRole("button", { name: "Lessons", exact: true }).click();
    const lesson = page.getByRole("dialog", { name: "Lessons" }).locator('[data-lesson="memory"]');
    await lesson.getByRole("button", { name: "Open the exercise" }).click();
    const editor = lesson.getByRole("textbox", { name: /^Code of the exercise/ });
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(
      [
        "export async function safePath(cwd: string, p: string) {",
        '  let storage = "reached";',
        "  try {",
        '    indexedDB.open("pi-playground");',
        "  } catch (e) {",
        "    storage = (e as Error).name;",
        "  }",
        '  let network = "reached";',
        "  try {",
        '    await fetch("https://example.com");',
        "  } catch (e) {",
        "    network = (e as Error).name;",
        "  }",
        '  return "origin " + self.origin + ", indexedDB " + storage + ", fetch " + network;',
        "}",
      ].join("\n"),
    );
    await lesson.getByRole("button", { name: "Run the tests" }).click();
    const line = lesson.locator('[data-test="prefixTrick"]');
    await expect
      .poll(() => line.textContent(), { timeout: 20_000 })
      .toContain("it returned origin null, indexedDB SecurityError, fetch TypeError");
    expect(errors).toEqual([]);
    await closePage(page);
    await page.context().close();
  });
});
