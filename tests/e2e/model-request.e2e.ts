/**
 * The Request tab in model mode, in Chromium against the mock provider on 127.0.0.1: before anything is
 * sent it shows pi-ai's own body for the chosen model (built without a request: the mock sees none), the
 * key masked in the headers; after a turn it shows the body that went out (equal to what the mock
 * received) and the response's usage, and the transcript and the session line show tokens and cost. The
 * key appears nowhere on the page. Each `it` opens a page of its own.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { chooseModel, modelField, modelForm, modelPages, PROJECTOR, SMALL } from "./model-support";
import { runAxe } from "./support";

const KEY = "sk-e2e-request-tab-0123456789abcdef";

const pages = modelPages();

async function open(
  viewport: { width: number; height: number },
  preset: string,
  baseUrl: string,
  modelId: string,
) {
  const page = await pages.open(viewport);
  const form = await chooseModel(page, { preset, baseUrl, modelId });
  await form.getByLabel("API key").fill(KEY);
  await form.getByLabel("API key").blur();
  await page.getByRole("tab", { name: "Request" }).click();
  return page;
}

/** The JSON in a code block the tab labels so. */
async function codeJson(p: Page, region: string, label: string) {
  const block = p.getByRole("region", { name: region }).getByLabel(label);
  await block.waitFor();
  return JSON.parse((await block.textContent()) ?? "null");
}

async function sendAndSettle(p: Page, text: string) {
  await p.getByRole("tab", { name: "Model prompt" }).click();
  const form = modelForm(p);
  await form.getByRole("textbox", { name: "Message" }).fill(text);
  await form.getByRole("button", { name: "Send" }).click();
  await expect
    .poll(
      async () =>
        (await form.getByRole("button", { name: "Send" }).count()) > 0 && pages.mock.pending() === 0,
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  await p.locator(".transcript .msg--assistant .usage-line").last().waitFor();
  await p.getByRole("tab", { name: "Request" }).click();
}

async function expectNoKey(p: Page) {
  const html = await p.content();
  expect(html).not.toContain(KEY);
  expect(html).not.toContain(KEY.slice(0, 20));
}

describe("the Request tab in model mode", () => {
  it("shows pi-ai's body before sending, then the body sent and its usage (OpenAI-compatible)", async () => {
    const p = await open(PROJECTOR, "Ollama", pages.mock.openaiBaseUrl, "mock-model");
    const next = await codeJson(p, "Next request", "Request body");
    expect(next.model).toBe("mock-model");
    expect(next.stream).toBe(true);
    expect(next.tools.map((t: { function: { name: string } }) => t.function.name)).toEqual([
      "read",
      "bash",
      "edit",
      "write",
    ]);
    // The session starts on pi 1.6.0: its pi-ai built the body (0.73.1's adds "strict": false to each tool).
    expect(next.tools.some((t: { function: object }) => "strict" in t.function)).toBe(false);
    await expect
      .poll(() => p.getByTestId("request-pi-version").first().textContent())
      .toBe("Built by pi 1.6.0's pi-ai");
    await expect
      .poll(() => p.getByRole("table", { name: "Request headers" }).textContent())
      .toContain("Bearer ••••cdef");
    // Built without a request: not even a preflight reached the provider.
    expect(pages.mock.requests).toHaveLength(0);
    await expectNoKey(p);

    pages.mock.script({ blocks: [{ type: "text", text: "Hello from the pages.mock." }] });
    await sendAndSettle(p, "Say hello.");
    const posts = pages.mock.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(1);
    expect(await codeJson(p, "Last request sent", "Body sent")).toEqual(posts[0].body);
    await expect
      .poll(() => p.getByTestId("sent-usage").textContent())
      .toBe('Response: in 120 · out 42 · cache 0 · $0 · stopReason "stop"');
    await expect
      .poll(() => p.locator(".transcript .msg--assistant .usage-line").last().textContent())
      .toBe("in 120 · out 42 · cache 0 · $0");
    await expect
      .poll(() => p.getByTestId("session-usage").textContent())
      .toBe("Session: in 120 · out 42 · cache 0 · $0 over 1 model response");
    // The next request now carries the conversation, the model's answer last.
    await expect
      .poll(async () => (await codeJson(p, "Next request", "Request body")).messages?.length)
      .toBe(posts[0].body && (posts[0].body as { messages: unknown[] }).messages.length + 1);
    await expectNoKey(p);
    expect(await runAxe(p)).toEqual([]);
  });

  it("prices the turns with pi-ai's model table (Anthropic, a model it knows)", async () => {
    const p = await open(SMALL, "Anthropic", pages.mock.anthropicBaseUrl, "claude-haiku-4-5");
    const next = await codeJson(p, "Next request", "Request body");
    expect(next.model).toBe("claude-haiku-4-5");
    expect(next.tools.map((t: { name: string }) => t.name)).toEqual(["read", "bash", "edit", "write"]);
    await expect
      .poll(() => p.getByRole("table", { name: "Request headers" }).textContent())
      .toContain("x-api-key");
    expect(pages.mock.requests).toHaveLength(0);

    pages.mock.script(
      { blocks: [{ type: "toolCall", id: "toolu_1", name: "ls", pieces: ["{}"] }] },
      { blocks: [{ type: "text", text: "Listed." }] },
    );
    await sendAndSettle(p, "List the files.");
    const posts = pages.mock.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(2);
    expect(await codeJson(p, "Last request sent", "Body sent")).toEqual(posts[1].body);
    expect(posts[1].headers["x-api-key"]).toBe(KEY);
    // pi-ai 1.6.0's Anthropic route, and its beta list shown as the header the SDK sent
    expect(posts[1].path).toMatch(/\/v1\/messages\?beta=true$/);
    await expect
      .poll(() => p.getByRole("table", { name: "Headers sent" }).textContent())
      .toContain(String(posts[1].headers["anthropic-beta"]));
    // 120 input tokens at $1 per million and 42 output at $5 per million: $0.00033 a turn.
    await expect
      .poll(() => p.getByTestId("session-usage").textContent())
      .toBe("Session: in 240 · out 84 · cache 0 · $0.00066 over 2 model responses");
    await expectNoKey(p);
    expect(await runAxe(p)).toEqual([]);

    // Without a model id the tab falls back to the hand-made sketch, and says how to see pi-ai's body.
    await p.getByRole("tab", { name: "Model prompt" }).click();
    await modelField(p).fill("");
    await p.getByRole("tab", { name: "Request" }).click();
    await p.getByText("pick a provider and a model in the Model prompt tab").waitFor();
    await p.getByLabel("Request body (sketch)").waitFor();
    expect(await p.getByRole("region", { name: "Next request" }).count()).toBe(0);
  });
});
