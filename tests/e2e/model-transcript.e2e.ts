/**
 * What the transcript shows of a model at work, in Chromium against the mock provider: thinking that
 * streams into a closed, dimmed block; edit's diff in colour with line numbers and a write's content
 * marked new or replaced (from the model and from hand calls alike); and a message sent while the model
 * works, shown as queued and run after, as pi runs a follow-up. Each `it` opens a page of its own.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { MockTurn } from "../mock-provider/server";
import { chooseModel, modelPages, PROJECTOR, SMALL, settled } from "./model-support";
import { fillToolForm, runAxe } from "./support";

const pages = modelPages();
const open = (viewport: { width: number; height: number }) => pages.open(viewport);
const toModelTab = (p: Page) => chooseModel(p, { baseUrl: pages.mock.openaiBaseUrl });

const call = (id: string, name: string, pieces: string[]): MockTurn["blocks"][number] => ({
  type: "toolCall",
  id,
  name,
  pieces,
});
const say = (text: string): MockTurn => ({ blocks: [{ type: "text", text }] });

/** the background colour a line is drawn on (a diff line's tint) */
const background = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);

describe.each([
  ["1280×720", PROJECTOR],
  ["1024×768", SMALL],
])("the transcript of a model at work at %s", (_, viewport) => {
  it("streams thinking into a closed block, and shows the write's new file and the edit's diff", async () => {
    const p = await open(viewport);
    const form = await toModelTab(p);
    pages.mock.script(
      {
        blocks: [
          {
            type: "thinking",
            thinking: "The user wants a list. I will write it first.",
            pieces: ["The user wants ", "a list. ", "I will write it first."],
          },
          call("call_w", "write", ['{"path": "list.md", ', '"content": "alpha\\nbeta\\ngamma\\n"}']),
        ],
        frameDelayMs: 300,
      },
      {
        blocks: [
          call("call_e", "edit", [
            '{"path": "list.md", "edits": [',
            '{"oldText": "beta", "newText": "BETA"}]}',
          ]),
        ],
      },
      say("The list is written and its second line upper-cased."),
    );
    await form.getByRole("textbox", { name: "Message" }).fill("Write a list, then upper-case beta");
    await form.getByRole("button", { name: "Send" }).click();

    // While the thinking streams, the closed block shows it arriving.
    const thinking = p.locator(".msg--assistant .thinking").first();
    await p
      .locator(".msg--assistant.is-streaming .thinking")
      .filter({ hasText: "The user wants" })
      .waitFor({ timeout: 10_000 });
    expect(await thinking.evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
    await settled(p);
    expect(await thinking.locator("summary").textContent()).toMatch(/^thinking · 45 characters/);
    await thinking.locator("summary").click();
    await thinking.getByText("I will write it first.").waitFor();

    // The write: its file, new, with the content it wrote.
    const written = p.locator('.msg--result[data-call="call_w"] .written');
    expect(await written.textContent()).toMatch(/new file.*created the new file list\.md/);
    expect(await written.getByRole("region", { name: "Content call_w wrote to list.md" }).textContent()).toBe(
      "alpha\nbeta\ngamma\n",
    );

    // The edit: pi's diff in colour, with line numbers.
    const diff = p.getByRole("region", { name: "What call_e changed" });
    const removed = diff.locator(".diff-line--remove");
    const added = diff.locator(".diff-line--add");
    expect(await removed.textContent()).toBe("2-beta\n");
    expect(await added.textContent()).toBe("2+BETA\n");
    expect(await diff.locator(".diff-line--context").first().textContent()).toBe("1 alpha\n");
    const [red, green, plain] = await Promise.all([
      background(removed),
      background(added),
      background(diff.locator(".diff-line--context").first()),
    ]);
    expect(new Set([red, green, plain]).size).toBe(3);
    expect(await diff.getByText("1 line added, 1 removed").count()).toBe(1);
    await p.getByText("The list is written and its second line upper-cased.").waitFor();
    expect(await runAxe(p)).toEqual([]);
  });

  it("shows a message sent while the model works as queued, then runs it after the run", async () => {
    const p = await open(viewport);
    const form = await toModelTab(p);
    pages.mock.script(
      {
        blocks: [{ type: "text", text: "one two three four", pieces: ["one ", "two ", "three ", "four"] }],
        frameDelayMs: 400,
      },
      say("Here is the follow-up's answer."),
    );
    await form.getByRole("textbox", { name: "Message" }).fill("count to four");
    await form.getByRole("button", { name: "Send" }).click();
    await p.locator(".msg--assistant.is-streaming").getByText("one").waitFor();

    // Send stays usable while the run goes, under a label that says it queues.
    const queue = form.getByRole("button", { name: "Queue message" });
    await form.getByRole("textbox", { name: "Message" }).fill("and then five");
    await queue.click();
    const queued = p.getByRole("list", { name: "Queued messages" }).getByRole("listitem");
    await queued.filter({ hasText: "and then five" }).waitFor();
    expect(await queued.textContent()).toContain("queued");
    // Still queued while the first answer streams.
    expect(await p.locator(".msg--assistant.is-streaming").count()).toBe(1);

    await p.getByText("Here is the follow-up's answer.").waitFor({ timeout: 20_000 });
    await settled(p);
    expect(await queued.count()).toBe(0);
    const users = await p.locator(".transcript .msg--user").allTextContents();
    expect(users.map((u) => u.replace(/^user/, ""))).toEqual(["count to four", "and then five"]);
    // One run: the follow-up went in when the model would have stopped, as pi's does.
    expect(await p.getByRole("list", { name: "Session events" }).getByText("agent_end").count()).toBe(1);
    expect(await form.getByRole("button", { name: "Send" }).count()).toBe(1);
  });

  it("shows what hand calls changed: edit's diff and a write that replaced a file", async () => {
    const p = await open(viewport);
    await fillToolForm(p, "edit", {
      path: "package.json",
      edits: '[{"oldText": "\\"version\\": \\"0.3.0\\"", "newText": "\\"version\\": \\"0.4.0\\""}]',
    });
    const hand = p.getByRole("form", { name: "Call a tool by hand" });
    await hand.getByRole("button", { name: "Run edit" }).click();
    const diff = p.locator(".msg--result .diff-view").last();
    await diff.waitFor();
    expect(await diff.locator(".diff-line--remove").textContent()).toBe('3-  "version": "0.3.0",\n');
    expect(await diff.locator(".diff-line--add").textContent()).toBe('3+  "version": "0.4.0",\n');

    await fillToolForm(p, "write", { path: "README.md", content: "# tiny-todo\n\nRewritten.\n" });
    await hand.getByRole("button", { name: "Run write" }).click();
    const written = p.locator(".msg--result .written").last();
    await written.waitFor();
    expect(await written.textContent()).toMatch(/replaced.*write replaced README\.md/);
    expect(await written.locator("pre").textContent()).toBe("# tiny-todo\n\nRewritten.\n");
    expect(await runAxe(p)).toEqual([]);
  });
});
