/**
 * Esc on a learner's tool that never ends: the page replaces the session worker, as for a bash command
 * that ignores abort, and the transcript says why in the learner tool's terms (its code did not end),
 * not the bash engine's; the new worker answers calls.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./page";
import { callByHand, fillToolForm } from "./support";

let page: Page;
pagePerTest((p) => (page = p), { viewport: { width: 1280, height: 720 } });

const dialog = () => page.getByRole("dialog", { name: "Your tools" });
const editor = () => dialog().getByRole("textbox", { name: "Tool file (TypeScript)" });

describe("Esc on a learner's tool that never ends", () => {
  it("replaces the worker and says the tool's code did not end", async () => {
    await page.getByRole("button", { name: "Write a tool…" }).click();
    await editor().click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(
      [
        'import { Type } from "typebox";',
        "export default function (pi) {",
        "  pi.registerTool({",
        '    name: "hang", label: "Hang", description: "Never resolves, ignores the signal.",',
        "    parameters: Type.Object({}),",
        "    execute() {",
        "      return new Promise(() => {});",
        "    },",
        "  });",
        "}",
      ].join("\n"),
    );
    await dialog().getByRole("button", { name: "Register" }).click();
    await dialog().getByRole("status").getByText("Registered hang").waitFor();
    await dialog().getByRole("button", { name: "Close" }).click();
    await fillToolForm(page, "hang", {});
    await page
      .getByRole("form", { name: "Call a tool by hand" })
      .getByRole("button", { name: "Run hang" })
      .click();
    await page.locator(".transcript .call").last().waitFor();
    // The call is running (the page knows, so Esc will replace the worker if it does not end).
    await page.waitForTimeout(300);
    await page.keyboard.press("Escape");
    const notice = page.locator(".msg--notice", { hasText: /did not stop within 2000 ms of the abort/ });
    await notice.waitFor({ timeout: 10_000 });
    const text = (await notice.textContent()) ?? "";
    expect(text).toContain("because the code of your tool hang did not end when the abort came");
    expect(text).not.toContain("bash engine");
    // The new worker answers.
    expect(await callByHand(page, "read", { path: "package.json" })).toContain('"name"');
  });
});
