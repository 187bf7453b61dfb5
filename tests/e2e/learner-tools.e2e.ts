/**
 * The learner's own tool in Chromium: the wc template written in the tool editor joins the dispatch table
 * (marked as the learner's) and the prompt's tools section and answers a call by hand; a syntax error is
 * shown before anything registers; a tool with an endless loop is ended by the page's watchdog, the worker
 * replaced, the transcript told, and the page goes on answering calls; a tool's pi 1.6.0 fields are shown
 * with it, and under pi 0.73.1 said to be ignored; a 1.6.0 tool's nested call (ctx.executeTool) runs and
 * gets its own timeline lane, and under 0.73.1 fails with the details saying why.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { pagePerTest } from "./page";
import { fillToolForm, runAxe } from "./support";

let page: Page;
/** every URL the page (and its workers) asked for, in order */
let requested: string[];

pagePerTest((p) => (page = p), {
  viewport: { width: 1280, height: 720 },
  contextPerTest: true,
  prepare: async (context) => {
    requested = [];
    context.on("request", (r) => requested.push(r.url()));
  },
});

const dialog = () => page.getByRole("dialog", { name: "Your tools" });
const editor = () => dialog().getByRole("textbox", { name: "Tool file (TypeScript)" });

async function openEditor() {
  await page.getByRole("button", { name: "Write a tool…" }).click();
  await editor().waitFor();
}

/** Replaces the editor's text (typing through CodeMirror, as a learner's paste would). */
async function setSource(text: string) {
  await editor().click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(text);
}

async function callByHand(tool: string, fields: Record<string, string>) {
  await fillToolForm(page, tool, fields);
  const form = page.getByRole("form", { name: "Call a tool by hand" });
  const results = page.locator(".msg--result");
  const before = await results.count();
  await form.getByRole("button", { name: `Run ${tool}` }).click();
  await page.waitForFunction((n) => document.querySelectorAll(".msg--result").length > n, before, {
    timeout: 20_000,
  });
  return ((await results.last().locator(".result-text").textContent()) ?? "").trim();
}

describe("a tool written in the page", () => {
  it("registers the wc template: in the table, in the prompt's tools section, callable by hand", async () => {
    // Neither the editor nor the transpiler is in the first bundle: they load on first open and first use.
    const editorChunk = () => requested.filter((u) => /tool-editor-cm-[\w-]+\.js$/.test(u));
    const sucraseChunk = () => requested.filter((u) => /\/esm-[\w-]+\.js$/.test(u));
    expect(editorChunk()).toEqual([]);
    expect(sucraseChunk()).toEqual([]);
    await openEditor();
    expect(editorChunk()).toHaveLength(1);
    await dialog().getByRole("combobox", { name: "Start from a template" }).selectOption("wc");
    await dialog().getByRole("button", { name: "Register" }).click();
    await dialog().getByRole("status").getByText("Registered wc").waitFor();
    expect(sucraseChunk()).toHaveLength(1);
    expect(await runAxe(page)).toEqual([]);
    await dialog().getByRole("button", { name: "Close" }).click();
    const table = page.getByRole("table", { name: /Tools by name/ });
    const row = table.getByRole("row").filter({ has: page.getByRole("button", { name: "wc" }) });
    await row.getByText("yours").waitFor();
    expect(await row.getByRole("combobox", { name: "State of wc" }).inputValue()).toBe("active");
    // The prompt's tools section (the tab may be folded away; its text is there).
    await page
      .locator("pre", { hasText: "- wc: Count lines, words and characters of a file" })
      .first()
      .waitFor({ state: "attached" });
    const text = await callByHand("wc", { path: "package.json" });
    expect(text).toMatch(/^package\.json: \d+ lines, \d+ words, \d+ characters$/);
  });

  it("shows a tool's pi 1.6.0 fields in its details, and says pi 0.73.1 ignores them", async () => {
    await openEditor();
    await setSource(`import { Type } from "typebox";
export default function (pi: any) {
  pi.registerTool({
    name: "tagged", label: "Tagged", description: "A tool with 1.6.0 fields.",
    parameters: Type.Object({}),
    exposure: "direct",
    annotations: { readOnlyHint: true },
    async execute() { return { content: [{ type: "text", text: "ok" }], details: {} }; },
  });
}
`);
    await dialog().getByRole("button", { name: "Register" }).click();
    await dialog().getByRole("status").getByText("Registered tagged").waitFor();
    await dialog().getByRole("button", { name: "Close" }).click();
    await page
      .getByRole("table", { name: /Tools by name/ })
      .getByRole("button", { name: "tagged" })
      .click();
    const details = page.getByRole("region", { name: /tagged/ });
    await details.getByText("pi 1.6.0's definition fields and context").waitFor();
    await details.getByText('{"readOnlyHint":true}').waitFor();
    await details.getByText(/pi 1\.6\.0 accepts these fields/).waitFor();
    await page.getByRole("combobox", { name: "pi version" }).selectOption("0.73.1");
    await details.getByText(/pi 0\.73\.1 does not know these: it ignores the fields/).waitFor();
  });

  it("a pi 1.6.0 tool runs read through ctx.executeTool: a lane of its own on the timeline; under 0.73.1 the call fails and the tool's details warn", async () => {
    await openEditor();
    await setSource(`import { Type } from "typebox";
export default function (pi: any) {
  pi.registerTool({
    name: "lines", label: "Lines", description: "Counts a file's lines with the read tool.",
    parameters: Type.Object({ path: Type.String() }),
    async execute(id: string, params: any, signal: any, onUpdate: any, ctx: any) {
      const read = await ctx.executeTool("read", { path: params.path });
      const lines = read.result.content[0].text.split("\\n").length;
      return { content: [{ type: "text", text: lines + " lines, read as " + read.toolCall.id }], details: {}, structuredContent: { lines } };
    },
  });
}
`);
    await dialog().getByRole("button", { name: "Register" }).click();
    await dialog().getByRole("status").getByText("Registered lines").waitFor();
    await dialog().getByRole("button", { name: "Close" }).click();
    const text = await callByHand("lines", { path: "package.json" });
    const id = /read as (\S+)$/.exec(text)?.[1] ?? "";
    expect(text).toMatch(/^\d+ lines, read as \S+\/1$/);
    // The nested read has a lane of its own, named by its id.
    await page.locator(".timeline").getByText(id, { exact: false }).first().waitFor({ state: "attached" });
    await page.getByRole("combobox", { name: "pi version" }).selectOption("0.73.1");
    expect(await callByHand("lines", { path: "package.json" })).toMatch(/executeTool is not a function/);
    await page
      .getByRole("table", { name: /Tools by name/ })
      .getByRole("button", { name: "lines" })
      .click();
    const details = page.getByRole("region", { name: /lines/ });
    await details.getByText("ctx.executeTool").waitFor();
    await details.getByText(/its ctx has no executeTool, so a call to it fails/).waitFor();
  });

  it("shows a syntax error at its line and registers nothing (on a 1024×768 projector)", async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await openEditor();
    const box = await dialog().getByRole("button", { name: "Register" }).boundingBox();
    expect(box && box.y + box.height <= 768 && box.x + box.width <= 1024).toBe(true);
    await setSource(
      'import { Type } from "typebox";\nexport default function (pi) {\n  pi.registerTool({ name: "x", \n}',
    );
    await dialog().getByRole("button", { name: "Register" }).click();
    const problems = dialog().getByRole("list", { name: "Problems" });
    await problems.getByText(/Syntax error \(Line 4\)/).waitFor();
    // The editor marks it too, from the live compile check.
    await dialog().locator(".cm-lint-marker-error").first().waitFor();
  });

  it("ends a tool with an endless loop, replaces the worker, says so, and the page goes on", async () => {
    await openEditor();
    await setSource(
      [
        'import { Type } from "typebox";',
        "export default function (pi) {",
        "  pi.registerTool({",
        '    name: "spin", label: "Spin", description: "Never returns.",',
        "    parameters: Type.Object({}),",
        "    async execute() {",
        "      while (true) {}",
        "    },",
        "  });",
        "}",
      ].join("\n"),
    );
    await dialog().getByRole("button", { name: "Register" }).click();
    await dialog().getByRole("status").getByText("Registered spin").waitFor();
    await dialog().getByRole("button", { name: "Close" }).click();
    await fillToolForm(page, "spin", {});
    await page
      .getByRole("form", { name: "Call a tool by hand" })
      .getByRole("button", { name: "Run spin" })
      .click();
    const notice = page.locator(".msg--notice", {
      hasText: /Your tool spin ran for 3 s without giving the session a turn/,
    });
    await notice.waitFor({ timeout: 15_000 });
    // The new worker answers: the workspace is back and a built-in call works.
    expect(await callByHand("read", { path: "package.json" })).toContain('"name"');
    // spin is kept, switched off, for the learner to fix.
    await openEditor();
    await dialog().getByText("switched off: it held the session without yielding").waitFor();
  });
});
