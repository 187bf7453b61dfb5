import type { CompletionFunction } from "@agent/drivers/model";
import { assistantMessage, streamMessage } from "@agent/drivers/stream";
import type { SessionEvent } from "@agent/events";
import type { AssistantMessage } from "@agent/messages";
import type { AssistantMessageEvent as PiEvent } from "@mariozechner/pi-ai";
import { describe, expect, it } from "vitest";
import { Playground } from "./playground";

const choice = {
  provider: "ollama",
  api: "openai-completions" as const,
  baseUrl: "http://x/v1",
  modelId: "m",
};

/** A completion function whose answers wait until the test lets each one go. */
function gated(replies: AssistantMessage[]) {
  const gates: (() => void)[] = [];
  let asked = 0;
  const complete: CompletionFunction = async function* (_model, _context, options) {
    const reply = replies[asked++];
    await new Promise<void>((resolve) => {
      gates.push(resolve);
      options?.signal?.addEventListener("abort", () => resolve());
    });
    // As pi-ai's providers do, an aborted request ends as an "aborted" stop.
    const final = options?.signal?.aborted ? assistantMessage([], "aborted", "m", "aborted") : reply;
    yield* streamMessage(final) as AsyncIterable<PiEvent>;
  };
  const release = async () => {
    while (gates.length === 0) await new Promise((r) => setTimeout(r, 1));
    gates.shift()?.();
  };
  return { complete, release, asked: () => asked };
}

const said = (events: SessionEvent[]) =>
  events.flatMap((e) => {
    if (e.type === "prompt_queued") return [`queued ${e.text}`];
    if (e.type === "prompt_dequeued") return [`${e.outcome} ${e.id}`];
    if (e.type === "message_end" && e.message.role === "user") return ["user"];
    if (e.type === "agent_end") return ["end"];
    return [];
  });

describe("a message sent while a model run goes", () => {
  it("waits as pi's follow-up and goes in when the model would stop, in the same run", async () => {
    const events: SessionEvent[] = [];
    const model = gated([
      assistantMessage([{ type: "text", text: "first" }], "stop", "m"),
      assistantMessage([{ type: "text", text: "second" }], "stop", "m"),
    ]);
    const playground = new Playground((e) => events.push(e), { complete: model.complete });
    playground.handle({ type: "init" });
    const run = playground.model.prompt("one", choice);
    await model.release();
    // The run is still going (its answer is being streamed), so this one waits.
    await playground.model.prompt("two", choice);
    await model.release();
    await run;
    expect(said(events)).toEqual(["user", "queued two", "sent q1", "user", "end"]);
    const roles = playground.session.transcript.map((m) => m.role).filter((r) => r !== "system");
    expect(roles).toEqual(["user", "assistant", "user", "assistant"]);
  });

  it("is dropped when the run ends by an abort", async () => {
    const events: SessionEvent[] = [];
    const model = gated([assistantMessage([{ type: "text", text: "first" }], "stop", "m")]);
    const playground = new Playground((e) => events.push(e), { complete: model.complete });
    playground.handle({ type: "init" });
    const run = playground.model.prompt("one", choice);
    await playground.model.prompt("two", choice);
    while (model.asked() === 0) await new Promise((r) => setTimeout(r, 1));
    playground.session.abort();
    await run;
    expect(said(events)).toEqual(["queued two", "user", "end", "dropped q1"]);
    expect(model.asked()).toBe(1);
  });

  it("is refused while a run that is not the model's goes", async () => {
    const playground = new Playground(() => {}, { complete: gated([]).complete });
    playground.handle({ type: "init" });
    const call = playground.hand.runToolCall("bash", '{"command": "sleep 0.05"}');
    await expect(playground.model.prompt("two", choice)).rejects.toThrow(/A run is in progress/);
    await call;
  });
});
