/**
 * Model mode across the two contexts, in Node: the real session (as the worker runs it) asks for its
 * completions through provider-client, the page's host hands them to the provider context, which holds
 * the key and calls pi-ai's streamSimple against the mock provider. Every message the page sends the
 * session is recorded: none may contain the key, whether the request worked or the provider echoed the
 * key in its error. The failures end in the sentences a learner sees.
 */
import type { SessionEvent } from "@agent/events";
import type { PageToWorker, WorkerToPage } from "@agent/protocol";
import { utf8Decode } from "@core/bytes";
import { afterEach, describe, expect, it } from "vitest";
import { ProviderHost } from "../src/app/page/provider-host";
import { startSessionWorker, type WorkerLike } from "../src/app/page/worker-client";
import { Playground } from "../src/app/worker/playground";
import { createProviderClient } from "../src/app/worker/provider-client";
import { type MockProvider, startMockProvider } from "./mock-provider/server";
import { turns } from "./model-oracle/conversation";

const KEY = "sk-test-provider-context-0123456789abcdef";
let mock: MockProvider | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

/** A page, its provider context and a session joined as the worker joins them, all in this process. */
function connect() {
  const toSession: PageToWorker[] = [];
  const events: SessionEvent[] = [];
  let playground: Playground | undefined;
  const worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(message: PageToWorker) {
      toSession.push(structuredClone(message));
      queueMicrotask(() => {
        if (message.kind === "command") playground?.handle(message.command);
        if (message.kind === "provider_event" || message.kind === "provider_events") client.receive(message);
      });
    },
    terminate() {},
  };
  const toPage = (message: WorkerToPage) =>
    worker.onmessage?.call(worker as Worker, { data: structuredClone(message) } as MessageEvent);
  const client = createProviderClient(toPage);
  playground = new Playground((event) => toPage({ kind: "event", event }), { complete: client.complete });
  const provider = new ProviderHost({
    load: () => import("../src/app/page/provider-stream"),
    probe: (url) =>
      fetch(url).then(
        () => true,
        () => false,
      ),
    online: () => true,
  });
  const host = startSessionWorker({ spawn: () => worker, spareDelayMs: -1, provider });
  host.onEvent((e) => events.push(e));
  const ended = () =>
    new Promise<void>((resolve) => {
      const off = host.onEvent((e) => {
        if (e.type === "agent_end" || e.type === "session_error") {
          off();
          resolve();
        }
      });
    });
  return { host, provider, playground, toSession, events, ended };
}

const choice = (baseUrl: string) => ({
  provider: "ollama",
  api: "openai-completions" as const,
  baseUrl,
  modelId: "qwen2.5-coder:7b",
});

const lastAssistant = (events: SessionEvent[]) =>
  events
    .flatMap((e) => (e.type === "message_end" && e.message.role === "assistant" ? [e.message] : []))
    .at(-1);

describe("model mode's provider context", () => {
  it("runs a conversation with the key on the page side only", async () => {
    mock = await startMockProvider();
    mock.script(...turns("call_mock"));
    const { host, provider, playground, toSession, events, ended } = connect();
    provider.setKey(KEY);
    expect(provider.keyHint.getSnapshot()).toBe("••••cdef");
    playground.handle({ type: "write_file", path: "notes.md", content: "hello world\nsecond line\n" });
    const done = ended();
    host.send({
      type: "model_prompt",
      text: "Upper-case the first line of notes.md.",
      model: choice(mock.openaiBaseUrl),
    });
    await done;
    expect(
      utf8Decode(playground.session.workspace.backend.readFile("/workspace/notes.md") ?? new Uint8Array()),
    ).toBe("HELLO WORLD\nsecond line\n");
    expect(lastAssistant(events)?.stopReason).toBe("stop");
    // The provider got the key, from the page; the session was sent the events and nothing else.
    const posts = mock.requests.filter((r) => r.method === "POST");
    expect(posts).toHaveLength(3);
    for (const r of posts) expect(r.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(toSession.some((m) => m.kind === "provider_event")).toBe(true);
    expect(JSON.stringify(toSession)).not.toContain(KEY);
    expect(JSON.stringify(toSession)).not.toContain(KEY.slice(-12));
  });

  it("masks the key a 401 echoes before it reaches the session, and says what to do", async () => {
    mock = await startMockProvider({ badKeys: [KEY] });
    const { host, provider, toSession, events, ended } = connect();
    provider.setKey(KEY);
    const done = ended();
    host.send({ type: "model_prompt", text: "hi", model: choice(mock.openaiBaseUrl) });
    await done;
    // The mock's 401 quotes the key, as OpenAI's does.
    const text = lastAssistant(events)?.errorMessage;
    expect(text).toMatch(/^The provider refused the API key \(401\)/);
    expect(text).toContain("••••cdef");
    expect(JSON.stringify(toSession)).not.toContain(KEY);
    expect(JSON.stringify(events)).not.toContain(KEY);
  });

  it("says when the server is down, tests a connection, and explains a server failure", async () => {
    const closed = await startMockProvider();
    const downUrl = closed.openaiBaseUrl;
    await closed.close();
    const down = connect();
    let done = down.ended();
    down.host.send({
      type: "model_prompt",
      text: "hi",
      model: { ...choice(downUrl), api: "openai-completions" },
    });
    await done;
    expect(lastAssistant(down.events)?.errorMessage).toMatch(
      /^Nothing answered at http:\/\/127\.0\.0\.1:\d+\/openai\/v1/,
    );
    expect(await down.provider.testConnection(choice(downUrl))).toMatchObject({
      code: "failed",
      failure: { code: "down", baseUrl: downUrl },
    });

    mock = await startMockProvider();
    mock.script({ blocks: [{ type: "text", text: "ok" }] });
    const up = connect();
    expect(await up.provider.testConnection(choice(mock.openaiBaseUrl))).toEqual({
      code: "connected",
      modelId: "qwen2.5-coder:7b",
      baseUrl: mock.openaiBaseUrl,
      reply: "ok",
    });
    done = up.ended();
    up.host.send({ type: "model_prompt", text: "hi", model: choice(mock.openaiBaseUrl) });
    await done;
    // No scripted turn left: the mock answers 500.
    expect(lastAssistant(up.events)?.errorMessage).toMatch(/failed on its side \(500\)/);
  }, 30_000);
});
