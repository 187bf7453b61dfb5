import type { SessionEvent } from "@agent/events";
import type { WorkerToPage } from "@agent/protocol";
import { describe, expect, it } from "vitest";
import { createEventBatcher } from "./event-batcher";

const ev = (seq: number, type = "message_update"): SessionEvent =>
  ({ type, seq, ts: seq }) as unknown as SessionEvent;
const seqs = (messages: WorkerToPage[]) =>
  messages.map((m) =>
    m.kind === "event" ? [m.event.seq] : m.kind === "events" ? m.events.map((e) => e.seq) : m.kind,
  );

describe("worker event batching", () => {
  it("sends a task's events as one message, in order", () => {
    const sent: WorkerToPage[] = [];
    const deferred: (() => void)[] = [];
    const batcher = createEventBatcher(
      (m) => sent.push(m),
      (f) => deferred.push(f),
    );
    for (let i = 1; i <= 3; i++) batcher.event(ev(i));
    expect(sent).toEqual([]);
    expect(deferred).toHaveLength(1);
    deferred[0]();
    expect(seqs(sent)).toEqual([[1, 2, 3]]);
  });

  it("sends at once the event that announces a tool is about to run", () => {
    const sent: WorkerToPage[] = [];
    const batcher = createEventBatcher(
      (m) => sent.push(m),
      () => {},
    );
    batcher.event(ev(1, "tool_execution_start"));
    batcher.event(ev(2, "call_executing"));
    expect(seqs(sent)).toEqual([[1, 2]]);
  });

  it("flushes pending events before any other message", () => {
    const sent: WorkerToPage[] = [];
    const batcher = createEventBatcher(
      (m) => sent.push(m),
      () => {},
    );
    batcher.event(ev(1));
    batcher.post({ kind: "reply", id: 7, result: { text: "hi" } });
    expect(seqs(sent)).toEqual([[1], "reply"]);
  });
});
