import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { createEventLog } from "./event-log";
import { createStore } from "./store";

describe("createStore", () => {
  it("keeps the same snapshot object until something changes", () => {
    const store = createStore({ n: 1 });
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    store.update((s) => ({ n: s.n + 1 }));
    expect(store.getSnapshot()).not.toBe(first);
    expect(store.getSnapshot().n).toBe(2);
  });

  it("batches notifications through the scheduler", () => {
    const queued: (() => void)[] = [];
    const store = createStore(0, (flush) => queued.push(flush));
    let calls = 0;
    store.subscribe(() => calls++);
    store.set(1);
    store.set(2);
    store.set(3);
    expect(queued).toHaveLength(1);
    queued[0]();
    expect(calls).toBe(1);
    expect(store.getSnapshot()).toBe(3);
  });
});

describe("event log", () => {
  const event = (seq: number): SessionEvent => ({ type: "session_error", message: `#${seq}`, seq, ts: seq });

  it("stays within capacity and counts what it dropped", () => {
    const log = createEventLog(3);
    for (let i = 1; i <= 5; i++) log.append(event(i));
    const { events, dropped } = log.getSnapshot();
    expect(events.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(dropped).toBe(2);
  });

  it("lists the event types it has seen, sorted, with the same array until a new one comes", () => {
    const log = createEventLog(3);
    log.append(event(1));
    log.append({ type: "abort_requested", seq: 2, ts: 2 } as SessionEvent);
    const first = log.getSnapshot().types;
    expect(first).toEqual(["abort_requested", "session_error"]);
    log.append(event(3));
    expect(log.getSnapshot().types).toBe(first);
    log.clear();
    expect(log.getSnapshot().types).toEqual([]);
  });
});
