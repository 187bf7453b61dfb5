/**
 * Test support, not product code: reading an exported event log back and feeding it to a sink, for tests
 * that check an export replays to the same picture; and which events are pi's own, for the oracles. The page reads a learner's file with its own,
 * stricter parser (app/page/events-import.ts).
 */
import type { AgentEvent, AgentEventType, EventSink, SessionEvent } from "./events";

/** Reads an export back; blank lines are skipped, a malformed line throws naming its number. */
export function parseEventLog(jsonl: string): SessionEvent[] {
  const events: SessionEvent[] = [];
  jsonl.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`Line ${i + 1} is not JSON`);
    }
    const e = value as Partial<SessionEvent>;
    if (typeof e?.type !== "string" || typeof e.seq !== "number" || typeof e.ts !== "number")
      throw new Error(`Line ${i + 1} is not an event (needs type, seq and ts)`);
    events.push(e as SessionEvent);
  });
  return events;
}

/**
 * Feeds recorded events to a sink as they happened: immediately (speed 0 or Infinity) or paced by their
 * timestamps divided by `speed`. Resolves when done; `signal` stops it early.
 */
export async function replayEvents(
  events: readonly SessionEvent[],
  sink: EventSink,
  options: { speed?: number; signal?: AbortSignal; sleep?: (ms: number) => Promise<void> } = {},
): Promise<number> {
  const speed = options.speed ?? 0;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let delivered = 0;
  for (let i = 0; i < events.length; i++) {
    if (options.signal?.aborted) break;
    if (i > 0 && speed > 0 && Number.isFinite(speed)) {
      const gap = Math.max(0, events[i].ts - events[i - 1].ts) / speed;
      if (gap > 0) await sleep(gap);
    }
    sink(events[i]);
    delivered++;
  }
  return delivered;
}

const PI_EVENT_TYPES: readonly AgentEventType[] = [
  "agent_start",
  "agent_end",
  "turn_start",
  "turn_end",
  "message_start",
  "message_update",
  "message_end",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
];

export function isPiEvent(event: { type: string }): event is AgentEvent {
  return (PI_EVENT_TYPES as readonly string[]).includes(event.type);
}
