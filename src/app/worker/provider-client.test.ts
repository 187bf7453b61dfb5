import type { WorkerToPage } from "@agent/protocol";
import { describe, expect, it } from "vitest";
import { createProviderClient } from "./provider-client";

const model = { id: "m", provider: "ollama", api: "openai-completions", baseUrl: "http://x" } as never;
const context = { systemPrompt: "s", messages: [], tools: [] };

describe("the session worker's completion function", () => {
  it("posts the request as data, yields the page's events up to the last, and forwards an abort", async () => {
    const posted: WorkerToPage[] = [];
    const client = createProviderClient((m) => posted.push(m));
    const controller = new AbortController();
    const stream = await client.complete(
      model,
      context,
      { reasoning: "low", signal: controller.signal, onPayload: () => undefined },
      "1.6.0",
    );
    // the session's version travels, so the page sends with that version's pi-ai
    expect(posted).toEqual([
      { kind: "provider_request", id: 1, piVersion: "1.6.0", model, context, options: { reasoning: "low" } },
    ]);
    const seen: string[] = [];
    const reading = (async () => {
      for await (const e of stream) seen.push(e.type);
    })();
    client.receive({ kind: "provider_event", id: 1, event: { type: "start" } as never });
    controller.abort();
    expect(posted.at(-1)).toEqual({ kind: "provider_abort", id: 1 });
    client.receive({ kind: "provider_event", id: 1, event: { type: "error", reason: "aborted" } as never });
    client.receive({ kind: "provider_event", id: 1, event: { type: "text_delta" } as never });
    await reading;
    expect(seen).toEqual(["start", "error"]);
  });

  it("ends the page's request when the driver stops reading early", async () => {
    const posted: WorkerToPage[] = [];
    const client = createProviderClient((m) => posted.push(m));
    const stream = await client.complete(model, context, {});
    const iterator = stream[Symbol.asyncIterator]();
    client.receive({ kind: "provider_event", id: 1, event: { type: "start" } as never });
    await iterator.next();
    await iterator.return?.();
    expect(posted.at(-1)).toEqual({ kind: "provider_abort", id: 1 });
  });
});
