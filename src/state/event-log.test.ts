import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { createEventLog } from "./event-log";

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
