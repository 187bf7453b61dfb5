import type { SessionEventBody } from "@agent/events";
import type { AssistantMessage } from "@agent/messages";
import { EMPTY_USAGE } from "@agent/messages";
import { describe, expect, it } from "vitest";
import { asDeltas, createUpdateCoalescer } from "./update-coalescer";

const message = (text: string): AssistantMessage => ({
  role: "assistant",
  content: [{ type: "text", text }],
  api: "openai-completions",
  provider: "mock",
  model: "m",
  usage: EMPTY_USAGE,
  stopReason: "stop",
  timestamp: 1,
});

/** An update as the loop hands it to asDeltas: pi's shape, the coalescer gets its delta */
const delta = (_text: string, piece: string, type = "text_delta", contentIndex = 0): SessionEventBody =>
  ({
    type: "message_update",
    assistantMessageEvent: { type, contentIndex, delta: piece },
  }) as SessionEventBody;

/** A coalescer whose page acknowledges only when the test says so. */
function setup() {
  const sent: SessionEventBody[] = [];
  const acks: (() => void)[] = [];
  const push = createUpdateCoalescer(
    (e) => sent.push(e),
    () => new Promise<void>((resolve) => acks.push(resolve)),
  );
  const ack = async () => {
    acks.shift()?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  const deltas = () =>
    sent.map((e) =>
      e.type === "message_update" ? (e.assistantMessageEvent as { delta?: string }).delta : e.type,
    );
  return { sent, push, ack, deltas };
}

describe("streaming updates cross as their deltas", () => {
  it("leaves out the message and the stream event's partial, and rebuilds nothing on the way", () => {
    const sent: SessionEventBody[] = [];
    const emit = asDeltas((e) => sent.push(e));
    const start = { ...message(""), content: [] };
    emit({ type: "message_start", message: start });
    const m = message("ab");
    emit({
      type: "message_update",
      message: m,
      assistantMessageEvent: { type: "text_start", contentIndex: 0, partial: message("") },
    });
    emit({
      type: "message_update",
      message: m,
      assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "ab", partial: m },
    });
    expect(sent.map((e) => JSON.stringify(e))).toEqual([
      JSON.stringify({ type: "message_start", message: start }),
      JSON.stringify({
        type: "message_update",
        assistantMessageEvent: { type: "text_start", contentIndex: 0, block: { type: "text", text: "" } },
      }),
      JSON.stringify({
        type: "message_update",
        assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: "ab" },
      }),
    ]);
  });
});

describe("streaming updates wait for the page", () => {
  it("sends the first update at once and merges the next ones into one until the page catches up", async () => {
    const { sent, push, ack, deltas } = setup();
    push(delta("a", "a"));
    push(delta("ab", "b"));
    push(delta("abc", "c"));
    expect(deltas()).toEqual(["a"]);
    await ack();
    expect(deltas()).toEqual(["a", "bc"]);
    // the merged update is one delta, and carries no message
    const last = sent[1] as Extract<SessionEventBody, { type: "message_update" }>;
    expect(last).not.toHaveProperty("message");
    expect(last.assistantMessageEvent).toEqual({ type: "text_delta", contentIndex: 0, delta: "bc" });
  });

  it("merges the fields that changed with the deltas it joins", async () => {
    const { sent, push, ack } = setup();
    const update = (piece: string, fields?: object) =>
      push({
        type: "message_update",
        assistantMessageEvent: { type: "text_delta", contentIndex: 0, delta: piece, fields },
      } as unknown as SessionEventBody);
    update("a");
    update("b", { responseId: "r1" });
    update("c", { usage: { output: 3 } });
    await ack();
    expect((sent[1] as Extract<SessionEventBody, { type: "message_update" }>).assistantMessageEvent).toEqual({
      type: "text_delta",
      contentIndex: 0,
      delta: "bc",
      fields: { responseId: "r1", usage: { output: 3 } },
    });
  });

  it("keeps the order: another event sends the held update first", async () => {
    const { push, deltas } = setup();
    push(delta("a", "a"));
    push(delta("ab", "b"));
    push({ type: "message_end", message: message("ab") });
    expect(deltas()).toEqual(["a", "b", "message_end"]);
  });

  it("does not merge different blocks or kinds of event", async () => {
    const { push, ack, deltas } = setup();
    push(delta("a", "a"));
    push(delta("ab", "b"));
    push(delta("ab", "x", "thinking_delta", 1));
    push(delta("ab", "y", "thinking_delta", 1));
    push(delta("ab", "z", "text_delta", 2));
    expect(deltas()).toEqual(["a", "b", "xy"]);
    await ack();
    expect(deltas()).toEqual(["a", "b", "xy", "z"]);
  });

  it("sends each update at once while the page keeps up", async () => {
    const { push, ack, deltas } = setup();
    for (const piece of ["a", "b", "c"]) {
      push(delta(piece, piece));
      await ack();
    }
    expect(deltas()).toEqual(["a", "b", "c"]);
  });

  it("loses no text: the deltas that cross join to the whole stream", async () => {
    const { push, ack, deltas } = setup();
    let text = "";
    for (let i = 0; i < 500; i++) {
      text += `w${i} `;
      push(delta(text, `w${i} `));
      if (i % 37 === 0) await ack();
    }
    push({ type: "message_end", message: message(text) });
    const pieces = deltas();
    expect(pieces.length).toBeLessThan(30);
    expect(pieces.slice(0, -1).join("")).toBe(text);
  });
});
