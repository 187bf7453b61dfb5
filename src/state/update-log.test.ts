import type { SessionEvent } from "@agent/events";
import type { AssistantMessage } from "@agent/messages";
import { EMPTY_USAGE } from "@agent/messages";
import { describe, expect, it } from "vitest";
import { createSessionStores } from "./session-stores";
import { createUpdateCompactor } from "./update-log";

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

/** A streamed turn as the worker sends it (each event a fresh copy, as a structured clone is): text, then a call. */
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

describe("the event log keeps streaming updates as their changes", () => {
  it("gives every event back in pi's shape, byte for byte, key order included", () => {
    const events = turn(40);
    const compact = createUpdateCompactor();
    const kept = events.map(compact);
    expect(kept.map((e) => JSON.stringify(e))).toEqual(events.map((e) => JSON.stringify(e)));
    const update = kept[5] as Extract<SessionEvent, { type: "message_update" }>;
    expect(update.message).toEqual(events[5].type === "message_update" && events[5].message);
  });

  it("keeps no copy of the message in an update: what it holds grows with its delta, not the text", () => {
    const events = turn(2000);
    const compact = createUpdateCompactor();
    const kept = events.map(compact);
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

  it("keeps an update whole when no stream start came before it (a log that starts mid-stream)", () => {
    const events = turn(3).slice(2);
    const kept = events.map(createUpdateCompactor());
    expect(kept[0]).toBe(events[0]);
  });

  it("keeps a partial that differs from the message as it came", () => {
    const [start, first] = turn(1);
    const odd = JSON.parse(JSON.stringify(first));
    odd.assistantMessageEvent.partial.stopReason = "length";
    const compact = createUpdateCompactor();
    compact(start);
    expect(JSON.stringify(compact(odd))).toBe(JSON.stringify(odd));
  });

  it("folds the stores from the whole event and exports the same log", () => {
    const events = turn(30);
    const stores = createSessionStores();
    stores.replay(events);
    expect(stores.events.latest().events.map((e) => JSON.stringify(e))).toEqual(
      events.map((e) => JSON.stringify(e)),
    );
    const entry = stores.transcript.getSnapshot().entries.at(-1);
    expect(entry).toMatchObject({ kind: "assistant", streaming: false, toolCalls: [{ id: "c1" }] });
  });
});
