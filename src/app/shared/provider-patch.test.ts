import type { AssistantMessage, AssistantMessageEvent } from "@mariozechner/pi-ai";
import { describe, expect, it } from "vitest";
import { createPatchDecoder, createPatchEncoder } from "./provider-patch";

/** A turn as pi-ai streams it: one mutable message, mutated between events (text, then a tool call). */
function* turn(): Generator<AssistantMessageEvent> {
  const m = {
    role: "assistant",
    content: [],
    api: "openai-completions",
    provider: "mock",
    model: "m",
    usage: { input: 0, output: 0, cost: { total: 0 } },
    stopReason: "stop",
    timestamp: 1,
  } as unknown as AssistantMessage;
  const blocks = m.content as unknown as Record<string, unknown>[];
  yield { type: "start", partial: m };
  blocks.push({ type: "text", text: "" });
  yield { type: "text_start", contentIndex: 0, partial: m };
  for (const piece of ["Hel", "lo ", "there"]) {
    blocks[0].text += piece;
    yield { type: "text_delta", contentIndex: 0, delta: piece, partial: m };
  }
  yield { type: "text_end", contentIndex: 0, content: "Hello there", partial: m };
  blocks.push({ type: "toolCall", id: "c1", name: "read", arguments: {}, partialArgs: "" });
  yield { type: "toolcall_start", contentIndex: 1, partial: m };
  for (const [piece, args] of [
    ['{"path":"a', { path: "a" }],
    ['.ts","edits":[{"x":1}', { path: "a.ts", edits: [{ x: 1 }] }],
    ["]}", { path: "a.ts", edits: [{ x: 1 }] }],
  ] as const) {
    blocks[1].partialArgs += piece;
    blocks[1].arguments = structuredClone(args);
    yield { type: "toolcall_delta", contentIndex: 1, delta: piece, partial: m };
  }
  delete blocks[1].partialArgs;
  (m.usage as unknown as { output: number }).output = 12;
  m.responseId = "r1";
  m.stopReason = "toolUse";
  yield { type: "toolcall_end", contentIndex: 1, toolCall: structuredClone(blocks[1]) as never, partial: m };
  yield { type: "done", reason: "toolUse", message: structuredClone(m) };
}

describe("the partial message crossing to the worker as changes", () => {
  it("rebuilds every event as pi-ai sent it, key order included, from the changes alone", () => {
    const encode = createPatchEncoder();
    const decode = createPatchDecoder();
    for (const event of turn()) {
      const expected = JSON.stringify(event);
      const wire = structuredClone(encode(event)); // the channel copies it
      expect(wire).not.toHaveProperty("partial");
      expect(JSON.stringify(decode(wire))).toBe(expected);
    }
  });

  it("sends a text delta's change as its new end, not the text so far", () => {
    const encode = createPatchEncoder();
    const events = turn(); // read one at a time: the message changes as the turn goes on
    for (let i = 0; i < 3; i++) encode(events.next().value as AssistantMessageEvent);
    expect(encode(events.next().value as AssistantMessageEvent).patch).toEqual([
      [["content", 0, "text"], "append", "lo "],
    ]);
  });

  it("takes a delta from the event, not the text, and still finds a text that changed otherwise", () => {
    const encode = createPatchEncoder();
    const decode = createPatchDecoder();
    const m = { role: "assistant", content: [{ type: "text", text: "" }] } as unknown as AssistantMessage;
    const block = m.content[0] as { text: string };
    /** the patch sent, checking that the worker rebuilds the event exactly */
    const send = (event: AssistantMessageEvent) => {
      const expected = JSON.stringify(event);
      const wire = encode(event);
      expect(JSON.stringify(decode(structuredClone(wire)))).toBe(expected);
      return wire.patch;
    };
    send({ type: "text_start", contentIndex: 0, partial: m });
    block.text = "abc";
    expect(send({ type: "text_delta", contentIndex: 0, delta: "abc", partial: m })).toEqual([
      [["content", 0, "text"], "append", "abc"],
    ]);
    // a text that did not grow by the delta's length is compared in full (here: sent whole)
    block.text = "xy!!!";
    expect(send({ type: "text_delta", contentIndex: 0, delta: "!", partial: m })).toEqual([
      [["content", 0, "text"], "set", "xy!!!"],
    ]);
    block.text += "?";
    expect(send({ type: "text_delta", contentIndex: 0, delta: "?", partial: m })).toEqual([
      [["content", 0, "text"], "append", "?"],
    ]);
  });

  it("passes an event without a partial message (done, error) through whole", () => {
    const done = [...turn()].at(-1) as AssistantMessageEvent;
    expect(createPatchDecoder()(createPatchEncoder()(done))).toEqual(done);
  });
});
