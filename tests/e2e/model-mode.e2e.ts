/**
 * Model mode in Chromium against the mock provider on 127.0.0.1: the tutorial's three prompts driven by
 * a "model" whose tool-call arguments arrive in pieces (and are seen growing in the transcript), a bad
 * key that gives the 401 sentence and leaves no trace of the key on the page or in the export, a server
 * that is down, one that blocks the page (CORS), Test connection, the insecure base URL warning, and an
 * abort in the middle of a stream. Each `it` opens a page of its own.
 */
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type MockProvider, type MockTurn, startMockProvider } from "../mock-provider/server";
import { chooseModel, modelField, modelForm, modelPages, PROJECTOR, SMALL } from "./model-support";
import { fillToolForm, runAxe } from "./support";

const BAD_KEY = "sk-e2e-bad-key-0123456789abcdef";

// A failed request shows in the console as a network error: that is the case under test, not a bug.
const pages = modelPages({
  mock: { badKeys: [BAD_KEY] },
  ignoreErrors: /Failed to load resource|net::ERR_|CORS policy/,
});
let blocking: MockProvider;
let downUrl: string;

beforeAll(async () => {
  blocking = await startMockProvider({ blockCors: true });
  const closed = await startMockProvider();
  downUrl = closed.openaiBaseUrl;
  await closed.close();
});
afterAll(async () => {
  await blocking?.close();
});

async function open(viewport: { width: number; height: number }, baseUrl = pages.mock.openaiBaseUrl) {
  const page = await pages.open(viewport);
  await chooseModel(page, { baseUrl });
  return page;
}

const assistants = (p: Page) => p.locator(".transcript .msg--assistant");

/** Sends a message and waits for the run it starts to end (the transcript's last assistant entry settles). */
async function prompt(p: Page, text: string) {
  const form = modelForm(p);
  const before = await assistants(p).count();
  await form.getByRole("textbox", { name: "Message" }).fill(text);
  await form.getByRole("button", { name: "Send" }).click();
  await expect.poll(() => assistants(p).count(), { timeout: 20_000 }).toBeGreaterThan(before);
  // Settled: no entry streams and Send is back (a run of several turns shows Abort until it ends).
  await expect
    .poll(
      async () =>
        (await p.locator(".msg--assistant.is-streaming").count()) === 0 &&
        (await form.getByRole("button", { name: "Abort" }).count()) === 0,
      { timeout: 20_000 },
    )
    .toBe(true);
}

const call = (id: string, name: string, pieces: string[]): MockTurn["blocks"][number] => ({
  type: "toolCall",
  id,
  name,
  pieces,
});
const say = (text: string): MockTurn => ({ blocks: [{ type: "text", text }] });

describe("model mode against the mock provider", () => {
  it("runs the tutorial's three prompts, the arguments visibly growing as they stream", async () => {
    const p = await open(PROJECTOR);
    const packageJson = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
    expect(packageJson).toContain('"name"');
    pages.mock.script(
      // 1: read the first lines of package.json; the arguments come in three slow pieces
      {
        blocks: [call("call_1", "read", ['{"pa', 'th": "pack', 'age.json", "limit": 5}'])],
        frameDelayMs: 250,
      },
      say("It is the playground's package file."),
      // 2: write hello world into notes.md
      { blocks: [call("call_2", "write", ['{"path": "notes.md", ', '"content": "hello world\\n"}'])] },
      say("I wrote notes.md."),
      // 3: read it, upper-case the first line, write it back
      { blocks: [call("call_3", "read", ['{"path": ', '"notes.md"}'])] },
      { blocks: [call("call_4", "write", ['{"path": "notes.md", "content": ', '"HELLO WORLD\\n"}'])] },
      say("Done: the first line is upper-case now."),
    );
    const sent = pages.mock.requests.length;

    const first = prompt(p, "Read the first lines of package.json");
    // While the turn streams, its call shows the arguments that have arrived so far.
    await p.waitForFunction(
      () =>
        [...document.querySelectorAll(".msg--assistant.is-streaming .call")].some((c) =>
          /"path": "pack"/.test(c.textContent ?? ""),
        ),
      undefined,
      { timeout: 10_000 },
    );
    await first;
    await p.getByText("It is the playground's package file.").waitFor();
    const firstResult = (await p.locator(".msg--result").first().textContent()) ?? "";
    expect(firstResult).toContain('"name"');
    expect(
      await p.getByRole("list", { name: "Session events" }).getByText("message_update").count(),
    ).toBeGreaterThan(0);

    await prompt(p, "Write hello world into notes.md");
    await p.getByText("I wrote notes.md.").waitFor();
    await p.getByRole("list", { name: "Workspace files" }).getByText("notes.md", { exact: true }).waitFor();

    await prompt(p, "Read notes.md, upper-case its first line and write it back");
    await p.getByText("Done: the first line is upper-case now.").waitFor();
    expect(await p.locator(".transcript .call").count()).toBe(4);
    expect(await runAxe(p)).toEqual([]);

    // Seven model requests, each with the conversation so far and the declared tools as pi sends them.
    const posts = pages.mock.requests.slice(sent).filter((r) => r.method === "POST");
    expect(posts).toHaveLength(7);
    const last = posts[6].body as {
      messages: { role: string; content: unknown }[];
      tools: { function: { name: string } }[];
    };
    expect(last.tools.map((t) => t.function.name)).toEqual(["read", "bash", "edit", "write"]);
    expect(JSON.stringify(last.messages)).toContain("hello world");
    expect(last.messages[0]).toMatchObject({ role: "system" });

    // The file really changed: read it by hand.
    await fillToolForm(p, "read", { path: "notes.md" });
    await modelless(p);
    expect((await p.locator(".msg--result").last().textContent()) ?? "").toContain("HELLO WORLD");
  });

  it("runs the tutorial's own setup: DeepSeek's Anthropic endpoint with deepseek-chat, in the Anthropic dialect", async () => {
    const p = await open(SMALL);
    const form = modelForm(p);
    await form
      .getByRole("combobox", { name: "Provider" })
      .selectOption({ label: "DeepSeek (Anthropic endpoint)" });
    expect(await modelField(p).inputValue()).toBe("deepseek-chat");
    await form.getByRole("textbox", { name: "Base URL" }).fill(pages.mock.anthropicBaseUrl);
    const key = "sk-e2e-good-key-fedcba9876543210";
    await form.getByLabel("API key").fill(key);
    pages.mock.script(
      { blocks: [call("toolu_1", "write", ['{"path": "notes.md", ', '"content": "hello world\\n"}'])] },
      say("I wrote notes.md."),
    );
    await prompt(p, "Write hello world into notes.md");
    await p.getByText("I wrote notes.md.").waitFor();
    await p.getByRole("list", { name: "Workspace files" }).getByText("notes.md", { exact: true }).waitFor();
    const posts = pages.mock.requests.filter((r) => r.method === "POST");
    // the session is on pi 1.6.0, whose pi-ai asks Anthropic's beta route
    expect(posts.map((r) => r.path)).toEqual(Array(2).fill("/anthropic/v1/messages?beta=true"));
    expect(posts[0].headers["x-api-key"]).toBe(key);
    expect(posts[0].body).toMatchObject({ model: "deepseek-chat", stream: true });
    expect(await p.content()).not.toContain(key);
  });

  it("a bad key gives the 401 sentence, and the key is nowhere on the page or in the export", async () => {
    const p = await open(SMALL);
    const form = modelForm(p);
    await form.getByLabel("API key").fill(BAD_KEY);
    await form.getByText("Key set: ••••cdef").waitFor();
    await prompt(p, "hello");
    const error = assistants(p).last().locator(".error");
    await error.waitFor();
    expect(await error.textContent()).toMatch(/^The provider refused the API key \(401\)/);
    expect(await p.evaluate(() => document.body.textContent)).not.toContain(BAD_KEY);
    expect(await p.content()).not.toContain(BAD_KEY);
    const download = p.waitForEvent("download");
    await p.getByRole("button", { name: "Export events" }).click();
    const file = await (await download).path();
    const exported = readFileSync(file, "utf8");
    expect(exported).toContain("refused the API key");
    expect(exported).not.toContain(BAD_KEY);
    expect(exported).not.toContain(BAD_KEY.slice(-12));
  });

  it("says when nothing answers, and when the server blocks the page (CORS)", async () => {
    const p = await open(PROJECTOR, downUrl);
    const form = modelForm(p);
    await form.getByRole("button", { name: "Test connection" }).click();
    await expect
      .poll(() => form.locator("output").textContent(), { timeout: 20_000 })
      .toMatch(/^Nothing answered at http:\/\/127\.0\.0\.1:\d+\/openai\/v1: the server is not running/);
    await prompt(p, "hello");
    expect(await assistants(p).last().locator(".error").textContent()).toMatch(/^Nothing answered at/);

    await form.getByRole("textbox", { name: "Base URL" }).fill(blocking.openaiBaseUrl);
    await prompt(p, "hello again");
    const text = (await assistants(p).last().locator(".error").textContent()) ?? "";
    expect(text).toMatch(/^The browser blocked the answer from .* \(CORS\)/);
    expect(text).toContain("OLLAMA_ORIGINS");
    // The session stays usable: a call by hand still runs.
    await fillToolForm(p, "read", { path: "package.json", limit: "1" });
    await modelless(p);
  });

  it("warns before a key goes over plain http to another machine, and Abort ends a stream", async () => {
    const p = await open(SMALL);
    const form = modelForm(p);
    await form.getByRole("textbox", { name: "Base URL" }).fill("http://192.168.1.20:11434/v1");
    await form
      .getByText(/plain http to another machine/)
      .first()
      .waitFor();
    await form.getByRole("textbox", { name: "Base URL" }).fill(pages.mock.openaiBaseUrl);
    await form
      .getByText(/plain http to another machine/)
      .first()
      .waitFor({ state: "detached" });

    // Twice: Esc (from the message box), then the Abort button.
    for (const how of ["Escape", "button"] as const) {
      pages.mock.script({
        blocks: [
          {
            type: "text",
            text: "one two three four five",
            pieces: ["one ", "two ", "three ", "four ", "five"],
          },
        ],
        stallAfterFrames: 3,
      });
      const aborted = await p.getByText('stopReason: "aborted"').count();
      await form.getByRole("textbox", { name: "Message" }).fill("count slowly");
      await form.getByRole("button", { name: "Send" }).click();
      await p.locator(".msg--assistant.is-streaming").getByText("one two").waitFor();
      if (how === "Escape") await form.getByRole("textbox", { name: "Message" }).press("Escape");
      else await form.getByRole("button", { name: "Abort" }).click();
      await expect
        .poll(() => p.getByText('stopReason: "aborted"').count(), { timeout: 10_000 })
        .toBe(aborted + 1);
      expect(await assistants(p).last().textContent()).toContain("one two");
    }
  });
});

/** Runs the filled-in hand form and waits for its result. */
async function modelless(p: Page) {
  const before = await p.locator(".msg--result").count();
  await p
    .getByRole("form", { name: "Call a tool by hand" })
    .getByRole("button", { name: "Run read" })
    .click();
  await p.waitForFunction((n) => document.querySelectorAll(".msg--result").length > n, before);
}
