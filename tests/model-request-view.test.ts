/**
 * The Request tab's two sources, in Node against the mock provider: the session builds its next request
 * and the provider context has pi-ai turn it into the body without sending it (the mock sees nothing);
 * during a real run the provider context reports each body as it goes out, equal to what the provider
 * received. The key is in neither, nor in the headers listed beside them.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ProviderHost } from "../src/app/page/provider-host";
import type { RequestView } from "../src/app/page/provider-request";
import { Playground } from "../src/app/worker/playground";
import { createProviderClient } from "../src/app/worker/provider-client";
import { type MockProvider, startMockProvider } from "./mock-provider/server";
import { turns } from "./model-oracle/conversation";

const KEY = "sk-test-request-view-0123456789abcdef";
let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

function setup() {
  const provider = new ProviderHost({
    load: () => import("../src/app/page/provider-stream"),
    probe: async () => false,
    online: () => true,
  });
  provider.setKey(KEY);
  const client = createProviderClient((message) => {
    if (message.kind === "provider_request")
      provider.start(structuredClone(message), (reply) => {
        if (reply.kind === "provider_event" || reply.kind === "provider_events")
          queueMicrotask(() => client.receive(structuredClone(reply)));
        return true;
      });
  });
  const ended: (() => void)[] = [];
  const playground = new Playground(
    (event) => {
      if (event.type === "agent_end") for (const f of ended.splice(0)) f();
    },
    { complete: client.complete },
  );
  const done = () => new Promise<void>((resolve) => ended.push(resolve));
  return { provider, playground, done };
}

const choice = (baseUrl: string) => ({
  provider: "ollama",
  api: "openai-completions" as const,
  baseUrl,
  modelId: "qwen2.5-coder:7b",
});

describe("the Request tab's bodies", () => {
  it("builds pi-ai's body for the next request without sending it", async () => {
    mock = await startMockProvider();
    const { provider, playground } = setup();
    const request = await playground.model.nextRequest(choice(mock.openaiBaseUrl));
    const view = await provider.preview(structuredClone(request));
    const body = view.body as { model: string; tools: { function: { name: string } }[]; stream: boolean };
    expect(body.model).toBe("qwen2.5-coder:7b");
    expect(body.stream).toBe(true);
    expect(body.tools.map((t) => t.function.name)).toEqual(["read", "bash", "edit", "write"]);
    expect(view.headers).toEqual([["authorization", "Bearer ••••cdef"]]);
    expect(mock.requests).toHaveLength(0);
    expect(JSON.stringify(view)).not.toContain(KEY.slice(-12));
  });

  it("reports each body as it goes out, equal to what the provider received", async () => {
    mock = await startMockProvider();
    mock.script(...turns("call_view"));
    const { provider, playground, done } = setup();
    const sent: (RequestView & { model: string })[] = [];
    provider.onSent((s) => sent.push(s));
    playground.handle({ type: "write_file", path: "notes.md", content: "hello world\nsecond line\n" });
    const finished = done();
    playground.handle({
      type: "model_prompt",
      text: "Upper-case the first line.",
      model: choice(mock.openaiBaseUrl),
    });
    await finished;
    const received = mock.requests.filter((r) => r.method === "POST").map((r) => r.body);
    expect(received).toHaveLength(3);
    expect(sent.map((s) => s.body)).toEqual(received);
    expect(sent[0].model).toBe("qwen2.5-coder:7b");
    expect(JSON.stringify(sent)).not.toContain(KEY.slice(-12));
    // What the tab shows before the next turn is the body the next request would carry: the last one
    // sent, plus the model's final answer.
    const next = await provider.preview(
      structuredClone(await playground.model.nextRequest(choice(mock.openaiBaseUrl))),
    );
    const messages = (next.body as { messages: unknown[] }).messages;
    expect(messages.slice(0, -1)).toEqual((received[2] as { messages: unknown[] }).messages);
    expect(mock.requests.filter((r) => r.method === "POST")).toHaveLength(3);
  });
});
