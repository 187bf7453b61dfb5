import type { SessionEvent } from "@agent/events";
import { createDeltaEncoder } from "@agent/message-delta";
import type { AssistantMessage, AssistantMessageEvent } from "@agent/messages";
import { EMPTY_USAGE } from "@agent/messages";
import { describe, expect, it } from "vitest";
import { createSessionStores } from "./session-stores";
import { createUpdateLog, deltaOf } from "./update-log";

let seq = 0;
const stamp = <T extends object>(body: T) =>
  ({ ...body, seq: ++seq, ts: 1000 + seq }) as unknown as SessionEvent;

const message = (content: AssistantMessage["content"], stopReason = "stop"): AssistantMessage =>
  ({
    role: "assistant",
    content,
    api: "openai-completions",
    provider: "mock",
    model: "m",
    usage: EMPTY_USAGE,
    stopReason,
    timestamp: 1,
  }) as AssistantMessage;

/** A streamed turn in pi's shape (each event a fresh copy, as a structured clone is): text, then a call. */
function turn(words: number): SessionEvent[] {
  const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v));
  const events: SessionEvent[] = [stamp({ type: "message_start", message: message([]) })];
  const update = (m: AssistantMessage, e: Record<string, unknown>) =>
    events.push(
      stamp({
        type: "message_update",
        assistantMessageEvent: clone({ ...e, partial: m }),
        message: clone(m),
      }),
    );
  let text = "";
  update(message([{ type: "text", text }]), { type: "text_start", contentIndex: 0 });
  for (let i = 0; i < words; i++) {
    text += `w${i} `;
    update(message([{ type: "text", text }]), { type: "text_delta", contentIndex: 0, delta: `w${i} ` });
  }
  const call = { type: "toolCall" as const, id: "c1", name: "read", arguments: {} };
  update(message([{ type: "text", text }, call]), { type: "toolcall_start", contentIndex: 1 });
  const done = { ...call, arguments: { path: "a.md" } };
  update(message([{ type: "text", text }, done], "toolUse"), {
    type: "toolcall_delta",
    contentIndex: 1,
    delta: '{"path":"a.md"}',
  });
  events.push(stamp({ type: "message_end", message: message([{ type: "text", text }, done], "toolUse") }));
  return events;
}

/** The same turn as the session sends it: each update its delta (message-delta.ts), copied by the channel. */
function asSent(events: SessionEvent[]): SessionEvent[] {
  let encode = createDeltaEncoder();
  return events.map((e) => {
    if (e.type === "message_start") {
      encode = createDeltaEncoder();
      encode({ type: "start", partial: e.message as AssistantMessage });
    }
    if (e.type !== "message_update") return e;
    const { message: _message, ...rest } = e;
    const delta = encode(e.assistantMessageEvent as AssistantMessageEvent);
    return structuredClone({ ...rest, assistantMessageEvent: delta }) as unknown as SessionEvent;
  });
}

describe("the event log keeps streaming updates as their deltas", () => {
  it("gives every event back in pi's shape, byte for byte, key order included", () => {
    const events = turn(40);
    const sent = asSent(events);
    expect(sent[5]).not.toHaveProperty("message");
    const kept = sent.map(createUpdateLog());
    expect(kept.map((e) => JSON.stringify(e))).toEqual(events.map((e) => JSON.stringify(e)));
    const update = kept[5] as Extract<SessionEvent, { type: "message_update" }>;
    expect(update.message).toEqual(events[5].type === "message_update" && events[5].message);
    // read out of order too (an event's detail)
    expect(JSON.stringify((kept[3] as typeof update).message)).toBe(
      JSON.stringify((events[3] as typeof update).message),
    );
    expect(deltaOf(update)).toBe((sent[5] as typeof update).assistantMessageEvent);
  });

  it("keeps no copy of the message in an update: what it holds grows with its delta, not the text", () => {
    const events = asSent(turn(2000));
    const kept = events.map(createUpdateLog());
    // Own data properties only (getters are not called): the delta and the stamp.
    const held = (e: object): number =>
      Object.entries(Object.getOwnPropertyDescriptors(e)).reduce(
        (n, [, d]) =>
          n +
          ("value" in d
            ? typeof d.value === "object" && d.value
              ? held(d.value)
              : String(d.value).length
            : 0),
        0,
      );
    const last = kept[kept.length - 3];
    expect(last.type).toBe("message_update");
    expect(held(last)).toBeLessThan(80);
  });

  it("keeps an update as it came when no stream start came before it, or in pi's shape (an imported log)", () => {
    const sent = asSent(turn(3));
    const midStream = sent.slice(2);
    expect(midStream.map(createUpdateLog())[0]).toBe(midStream[0]);
    const events = turn(3);
    const log = createUpdateLog();
    expect(events.map(log)).toEqual(events);
  });

  it("folds the stores from the deltas and exports pi's shape; an imported log folds the same", () => {
    const events = turn(30);
    const live = createSessionStores();
    live.replay(asSent(events));
    expect(live.events.latest().events.map((e) => JSON.stringify(e))).toEqual(
      events.map((e) => JSON.stringify(e)),
    );
    const imported = createSessionStores();
    imported.replay(events);
    expect(live.transcript.getSnapshot().entries).toEqual(imported.transcript.getSnapshot().entries);
    const entry = live.transcript.getSnapshot().entries.at(-1);
    expect(entry).toMatchObject({ kind: "assistant", streaming: false, toolCalls: [{ id: "c1" }] });
  });

  it("shows the streaming message as its deltas build it", () => {
    const sent = asSent(turn(5));
    const stores = createSessionStores();
    stores.replay(sent.slice(0, 5));
    expect(stores.transcript.getSnapshot().entries.at(-1)).toMatchObject({
      kind: "assistant",
      streaming: true,
      text: "w0 w1 w2 ",
    });
  });
});
