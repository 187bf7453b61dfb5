/**
 * Saved workspaces in Chromium (docs/persistence.md): files written by the tools come back byte for byte
 * after a reload; named workspaces switch; a full disk and a damaged record each say so and lose nothing;
 * a second tab on the same workspace opens it read-only, hears what the first saves, and can carry on as a
 * copy; a tab closed in the middle of a save comes back with one whole save.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openAppIn } from "./page";
import { callByHand, runAxe } from "./support";

let browser: Browser;
let context: BrowserContext | undefined;
const pages: Page[] = [];
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  for (const page of pages.splice(0)) await closePage(page);
  await context?.close();
  context = undefined;
  const seen = errors.splice(0);
  expect(seen, "console errors on the page").toEqual([]);
});
afterAll(async () => {
  await browser?.close();
});

async function open(waitForScenario = true): Promise<Page> {
  context ??= await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const opened = await openAppIn(context, { waitForScenario });
  pages.push(opened.page);
  opened.page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  if (!waitForScenario) await ready(opened.page);
  return opened.page;
}

const ready = (page: Page) =>
  page.getByRole("list", { name: "Session events" }).getByText("session_ready").first().waitFor();

/** Runs a bash command through "Call a tool by hand"; returns the result text the model would get. */
async function bash(page: Page, command: string): Promise<string> {
  return callByHand(page, "bash", { command });
}

const workspaceButton = (page: Page) => page.getByRole("button", { name: /, workspaces menu$/ });
const saved = (page: Page) =>
  page.getByRole("button", { name: / saved, workspaces menu$/ }).waitFor({ timeout: 10_000 });

/** Does `action`, which reloads the page (a workspace switch), and waits for the new session. */
async function navigates(page: Page, action: () => Promise<void>) {
  await Promise.all([page.waitForEvent("load", { timeout: 15_000 }), action()]);
  await ready(page);
}

async function reload(page: Page) {
  await page.reload();
  await ready(page);
}

/** Three kinds of file at once: text (not ASCII), binary (NUL, 0xFF) and a symlink. */
const WRITE =
  "printf 'h\\303\\251llo\\n' > notes.txt && echo QQD/AUI= | base64 -d > bin.dat && ln -s notes.txt link.txt";
const CHECK = "cat notes.txt; od -t x1 bin.dat; base64 bin.dat; readlink link.txt; wc -c < bin.dat";

describe("saved workspaces", () => {
  it("a text file, a binary file and a symlink come back byte for byte after a reload; a reset asks, and can be undone once", async () => {
    const page = await open();
    await bash(page, WRITE);
    const before = await bash(page, CHECK);
    expect(before).toContain("héllo");
    expect(before.replace(/\s+/g, " ")).toContain("41 00 ff 01 42");
    expect(before).toContain("QQD/AUI=");
    expect(before).toContain("notes.txt");
    await saved(page);

    await reload(page);
    // The restored workspace is what comes back: the first visit's scenario is not loaded over it.
    await page.getByRole("list", { name: "Workspace files" }).getByText("bin.dat", { exact: true }).waitFor();
    expect(await bash(page, CHECK)).toBe(before);
    expect(
      await page.getByRole("list", { name: "Session events" }).getByText("scenario_loaded").count(),
    ).toBe(0);

    // Reset asks first, and what it replaced can be brought back once.
    await page.getByRole("button", { name: "Reset files" }).click();
    const ask = page.getByRole("dialog", { name: "Reset the files to the preset?" });
    await ask.getByRole("button", { name: "Reset to the preset" }).click();
    await page
      .getByRole("list", { name: "Workspace files" })
      .getByText("bin.dat", { exact: true })
      .waitFor({ state: "detached" });
    await saved(page);
    await workspaceButton(page).click();
    await navigates(page, () =>
      page.getByRole("button", { name: "Bring back the files from before the reset" }).click(),
    );
    expect(await bash(page, CHECK)).toBe(before);
  });

  it("named workspaces: create, switch back and forth, rename, duplicate, delete", async () => {
    const page = await open();
    await bash(page, "echo first > mine.txt");
    await saved(page);

    await workspaceButton(page).click();
    const menu = page.getByRole("dialog", { name: "Workspaces" });
    expect(await runAxe(page)).toEqual([]);
    await menu.getByRole("textbox", { name: "New workspace" }).fill("Second");
    await navigates(page, () => menu.getByRole("button", { name: "Create and open" }).click());
    await page.getByRole("button", { name: /^Second .*, workspaces menu$/ }).waitFor();
    expect(await bash(page, "ls mine.txt 2>&1 || true")).toContain("No such file");

    await workspaceButton(page).click();
    await navigates(page, () => menu.getByRole("button", { name: "Open Workspace 1" }).click());
    expect(await bash(page, "cat mine.txt")).toBe("first");

    await workspaceButton(page).click();
    await menu.getByRole("button", { name: "Rename Second" }).click();
    await menu.getByRole("textbox", { name: "New name for Second" }).fill("Scratch");
    await menu.getByRole("button", { name: "Save" }).click();
    await menu.getByRole("button", { name: "Duplicate Workspace 1" }).click();
    await menu.getByText("Workspace 1 (copy)").waitFor();
    await menu.getByRole("button", { name: "Delete Scratch" }).click();
    await page
      .getByRole("dialog", { name: /Delete the workspace/ })
      .getByRole("button", { name: "Delete it" })
      .click();
    await menu.getByText("Scratch").waitFor({ state: "detached" });
    // The question (a modal dialog) closed the menu.
    await workspaceButton(page).click();
    expect(await menu.getByRole("list", { name: "Saved workspaces" }).getByRole("listitem").count()).toBe(2);

    // The copy holds the same files.
    await navigates(page, () => menu.getByRole("button", { name: "Open Workspace 1 (copy)" }).click());
    expect(await bash(page, "cat mine.txt")).toBe("first");
  });

  it("a full disk says so, and what was saved before stays intact", async () => {
    const page = await open();
    await bash(page, "echo kept > data.txt");
    await saved(page);
    await page.evaluate(() => localStorage.setItem("pi-playground:test:fail-writes", "quota"));
    await reload(page);
    await bash(page, "echo lost > data.txt");
    const notice = page.getByRole("alert").filter({ hasText: "storage in the browser is full" });
    await notice.waitFor();
    expect(await notice.textContent()).toContain("What was saved before is still there");
    await workspaceButton(page).getByText("not saved").waitFor();

    await page.evaluate(() => localStorage.removeItem("pi-playground:test:fail-writes"));
    await reload(page);
    expect(await bash(page, "cat data.txt")).toBe("kept");
  });

  it("a tab closed in the middle of a save: the next visit gets one whole save, the one before or the new one", async () => {
    const page = await open();
    await bash(page, "echo before > state.txt");
    await saved(page);
    // Many megabytes to write: the save takes a while, and the tab is closed while it runs.
    const made = await bash(
      page,
      "seq 1 100000 > a && cat a a a a a a a a > big.txt && rm a && echo after > state.txt",
    );
    expect(made).toBe("(no output)");
    // Past the save's half-second delay, the write has likely started; any moment proves the same rule.
    await page.waitForTimeout(600);
    await page.close({ runBeforeUnload: false });
    pages.splice(pages.indexOf(page), 1);

    const next = await open(false);
    const state = await bash(next, "cat state.txt");
    expect(["before", "after"]).toContain(state);
    // Whole: the big file is there exactly when the state says the new save landed.
    const lines = await bash(next, "if [ -f big.txt ]; then wc -l < big.txt; else echo none; fi");
    expect(lines).toBe(state === "after" ? "800000" : "none");
    expect(await next.getByRole("alert").filter({ hasText: "could not be read" }).count()).toBe(0);
  });

  it("a damaged or newer record loads the preset, says which workspace and why, is kept aside untouched, and the others stay", async () => {
    const page = await open();
    // A second workspace, which the damage to the first must not touch.
    await workspaceButton(page).click();
    const menu = page.getByRole("dialog", { name: "Workspaces" });
    await menu.getByRole("textbox", { name: "New workspace" }).fill("Other");
    await navigates(page, () => menu.getByRole("button", { name: "Create and open" }).click());
    await bash(page, "echo other > other.txt");
    await saved(page);
    await workspaceButton(page).click();
    await navigates(page, () => menu.getByRole("button", { name: "Open Workspace 1" }).click());
    await bash(page, "echo mine > mine.txt");
    await saved(page);
    // The record is damaged while no page of the app runs: a live page could save again after the damage
    // (a late debounced save) and quietly repair it. An empty page of the same origin has the same storage.
    const app = page.url();
    const blank = new URL("blank-for-storage.html", app).href;
    await page
      .context()
      .route(blank, (route) =>
        route.fulfill({ contentType: "text/html", body: '<link rel="icon" href="data:,">' }),
      );
    const damage = async (version: number) => {
      await page.goto(blank);
      await damageStored(version);
      await page.goto(app);
      await ready(page);
    };
    const damageStored = (version: number) =>
      page.evaluate(async (version) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const r = indexedDB.open("pi-playground");
          r.onsuccess = () => resolve(r.result);
          r.onerror = () => reject(r.error);
        });
        const store = db.transaction("workspaces", "readwrite").objectStore("workspaces");
        const index = await new Promise<{ id: string }[]>((resolve) => {
          const r = store.get("index");
          r.onsuccess = () => resolve(r.result);
        });
        const key = `record:${index[0]?.id}`;
        const record = await new Promise<Record<string, unknown>>((resolve) => {
          const r = store.get(key);
          r.onsuccess = () => resolve(r.result);
        });
        if (version > 1) {
          await new Promise((resolve) => {
            store.put({ ...record, version }, key).onsuccess = resolve;
          });
        } else {
          // One byte of the record's first chunk of files changed: its hash no longer matches.
          const chunk = await new Promise<Uint8Array>((resolve) => {
            const r = store.get(`${key}#0`);
            r.onsuccess = () => resolve(r.result);
          });
          const bad = chunk.slice();
          bad[bad.length - 1] ^= 1;
          await new Promise((resolve) => {
            store.put(bad, `${key}#0`).onsuccess = resolve;
          });
        }
        db.close();
      }, version);
    const asideCount = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const r = indexedDB.open("pi-playground");
            r.onsuccess = () => {
              const keys = r.result.transaction("workspaces").objectStore("workspaces").getAllKeys();
              keys.onsuccess = () => {
                // records kept aside (their chunks, `<key>#<n>`, go with them)
                resolve(keys.result.filter((k) => /^aside:[^#]*$/.test(String(k))).length);
                r.result.close();
              };
            };
          }),
      );

    await damage(1);
    await page.getByRole("alert").filter({ hasText: "“Workspace 1” could not be read" }).waitFor();
    expect(await bash(page, "ls mine.txt 2>&1 || true")).toContain("No such file");
    expect(await asideCount()).toBe(1);
    await workspaceButton(page).click();
    await navigates(page, () => menu.getByRole("button", { name: "Open Other" }).click());
    expect(await bash(page, "cat other.txt")).toBe("other");
    await workspaceButton(page).click();
    await navigates(page, () => menu.getByRole("button", { name: "Open Workspace 1" }).click());

    await saved(page);
    await damage(99);
    await page.getByRole("alert").filter({ hasText: "newer version of this page (format 99)" }).waitFor();
    expect(await asideCount()).toBe(2);
  });

  it("a second tab on the same workspace opens it read-only, says so and what the first saves, and can go on as a copy", async () => {
    const first = await open();
    await bash(first, "echo from-first > shared.txt");
    await saved(first);

    const second = await open(false);
    const notice = second.getByRole("alert").filter({ hasText: "open in another tab" });
    await notice.waitFor();
    await workspaceButton(second).getByText("read-only").waitFor();
    expect(await bash(second, "cat shared.txt")).toBe("from-first");
    await bash(second, "echo from-second > shared.txt");
    // Nothing the second tab did reached the record: the first tab's reload shows its own file.
    await reload(first);
    expect(await bash(first, "cat shared.txt")).toBe("from-first");

    // What the first tab saves, the second hears of, with the way to see it.
    await bash(first, "echo later > later.txt");
    await saved(first);
    await notice.filter({ hasText: "The other tab saved this workspace at" }).waitFor();
    await notice.getByRole("button", { name: "Reload this tab" }).waitFor();

    await navigates(second, () => notice.getByRole("button", { name: "Open as a copy" }).click());
    await second.getByRole("button", { name: /^Workspace 1 \(copy\) / }).waitFor();
    expect(await bash(second, "cat shared.txt")).toBe("from-second");
    await saved(second);
  });
});
