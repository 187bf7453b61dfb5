import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { runStarts, sinceRunStart } from "./run-clock";

const at = (type: string, ts: number) => ({ type, ts, seq: 0 }) as unknown as SessionEvent;

describe("event times", () => {
  it("count from the start of the run they belong to, not from page load", () => {
    const events = [
      at("session_ready", 1_000),
      at("scenario_loaded", 60_000),
      at("agent_start", 61_000),
      at("tool_execution_start", 61_250),
      at("agent_end", 62_000),
      at("agent_start", 90_000),
      at("agent_end", 90_500),
    ];
    const starts = runStarts(events);
    expect(starts).toEqual([60_000, 61_000, 90_000]);
    const first = events[0].ts;
    expect(events.map((e) => sinceRunStart(e.ts, starts, first))).toEqual([
      "+0.000s",
      "+0.000s",
      "+0.000s",
      "+0.250s",
      "+1.000s",
      "+0.000s",
      "+0.500s",
    ]);
  });

  it("count from the oldest event when no run has started", () => {
    expect(sinceRunStart(1_500, [], 1_000)).toBe("+0.500s");
  });
});
