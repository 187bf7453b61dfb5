/**
 * mini-pi beside pi in Chromium: a handler swap shows in the dispatch table (and only there), a call by
 * hand then runs mini-pi's read, which refuses /etc/passwd where pi's reads it, and the transcript marks a
 * call that leaves /workspace. The compromise table's queue row shows pi keeping both edits and mini-pi
 * losing one; the whole volume lists /etc. Layout checks at the two projector sizes.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./browser";
import { closePage, openApp } from "./page";
import { PROJECTOR_SIZES, runAxe, startCallByHand } from "./support";

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const events = (page: Page) => page.getByRole("list", { name: "Session events" });

async function runByHand(page: Page, tool: string, fields: Record<string, string>) {
  const id = await startCallByHand(page, tool, fields);
  const result = page.locator(`.msg--result[data-call="${id}"]`);
  await result.waitFor();
  return {
    call: page.locator(".transcript .call").last(),
    text: ((await result.locator(".result-text").textContent()) ?? "").trim(),
    isError: ((await result.getAttribute("class")) ?? "").includes("msg--error"),
  };
}

describe("mini-pi beside pi", () => {
  it("a handler swap changes the table and nothing else; the next read runs mini-pi's safePath", async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
    // How many prompt_sections_changed events the session has sent: the Event stream's own count with its
    // Type filter on that event (its list is windowed, so rows in the DOM are not a count).
    const promptEvents = async () => {
      const type = page.getByRole("combobox", { name: "Type" });
      await type.selectOption("prompt_sections_changed");
      // "<shown> of <all>": the first number is how many of that type.
      const text = (await page.locator(".events__count").textContent()) ?? "";
      await type.selectOption("");
      return text.split(" of ")[0];
    };
    const pi = await runByHand(page, "read", { path: "/etc/passwd" });
    expect(pi.isError).toBe(false);
    expect(pi.text).toContain("root:x:0:0");
    await expect
      .poll(() => pi.call.locator(".outside-note").textContent())
      .toContain("outside /workspace: pi does not check this; the tutorial's safePath would refuse it");

    const promptsBefore = await promptEvents();
    const picker = page.getByRole("combobox", { name: "read handler" });
    await picker.selectOption("mini-pi");
    // The table first (a store drawn every frame), then its event (the event list redraws in turns with
    // the other heavy panels): a failure then says which of the two did not follow the swap.
    await expect.poll(() => picker.inputValue()).toBe("mini-pi");
    await events(page).getByText("tool_handler_changed").first().waitFor();
    expect(await promptEvents()).toBe(promptsBefore);
    await expect
      .poll(() => page.getByText("Swapping a handler changes this table and nothing else").count())
      .toBe(1);
    expect(await page.getByRole("combobox", { name: "grep handler" }).isDisabled()).toBe(true);

    const mini = await runByHand(page, "read", { path: "/etc/passwd" });
    expect(mini).toMatchObject({ isError: true, text: "path outside cwd: /etc/passwd" });
    expect(errors).toEqual([]);
    await closePage(page);
  });

  for (const size of PROJECTOR_SIZES)
    it(`the queue row: pi keeps both edits, mini-pi loses one (${size.width}×${size.height})`, async () => {
      const { page, errors } = await openApp(browser, { viewport: size });
      await page.getByRole("button", { name: "Compromises: pi vs mini-pi" }).click();
      const dialog = page.getByRole("dialog", { name: "What mini-pi leaves out, and what happens" });
      await dialog.getByRole("button", { name: "Show me: The mutation queue" }).click();
      const result = dialog.locator('[data-result="mutationQueue"]');
      await result.waitFor();
      const piFile = await result.locator('[data-side="pi"] pre[data-file="config.txt"]').textContent();
      const miniFile = await result
        .locator('[data-side="mini-pi"] pre[data-file="config.txt"]')
        .textContent();
      expect(piFile).toBe("port=8080\nmode=prod\n");
      expect(["port=8080\nmode=dev\n", "port=3000\nmode=prod\n"]).toContain(miniFile);
      expect(await result.locator('[data-side="mini-pi"] .demo__file.is-different').count()).toBe(1);
      // The two sides sit side by side, inside the dialog, with nothing running off its edge.
      const box = await dialog.boundingBox();
      const sides = await result.locator(".demo__side").evaluateAll((els) =>
        els.map((e) => {
          const r = e.getBoundingClientRect();
          return { left: r.left, right: r.right, top: r.top };
        }),
      );
      expect(sides).toHaveLength(2);
      expect(sides[0]?.top).toBe(sides[1]?.top);
      expect(sides[1]?.right ?? 0).toBeLessThanOrEqual((box?.x ?? 0) + (box?.width ?? 0));
      expect(box?.width ?? 0).toBeLessThanOrEqual(size.width);
      expect(await runAxe(page)).toEqual([]);
      expect(errors).toEqual([]);
      await closePage(page);
    });

  it("the whole volume on request: /etc and the home folder beside /workspace", async () => {
    const { page, errors } = await openApp(browser, { viewport: { width: 1280, height: 720 } });
    await page.getByRole("button", { name: "Show the whole volume" }).click();
    const volume = page.getByRole("region", { name: "The whole volume" });
    await volume.getByText("passwd").waitFor();
    await expect.poll(() => volume.getByText(".bashrc").count()).toBe(1);
    await runByHand(page, "write", { path: "/etc/evil.txt", content: "pwned" });
    await volume.getByText("evil.txt").waitFor();
    expect(errors).toEqual([]);
    await closePage(page);
  });
});
