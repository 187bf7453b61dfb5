import { describe, expect, it } from "vitest";
import { createEventEmitter, exportEvents, type SessionEvent } from "./events";
import { parseEventLog, replayEvents } from "./events.test-support";

describe("createEventEmitter", () => {
  it("numbers events in order and stamps the time", () => {
    const seen: SessionEvent[] = [];
    let clock = 100;
    const emit = createEventEmitter(
      (e) => seen.push(e),
      () => clock++,
    );
    emit({ type: "session_error", message: "one" });
    emit({ type: "session_error", message: "two" });
    expect(seen.map((e) => [e.seq, e.ts])).toEqual([
      [1, 100],
      [2, 101],
    ]);
  });

  it("hands out a snapshot that later mutation of the source cannot change", () => {
    const seen: SessionEvent[] = [];
    const emit = createEventEmitter((e) => seen.push(e));
    const files = ["a"];
    emit({ type: "session_ready", backend: "memfs", cwd: "/w", files });
    files.push("b");
    expect(seen[0]).toMatchObject({ files: ["a"] });
  });
});

describe("export and replay", () => {
  it("round-trips through JSON Lines and replays in order", async () => {
    const events = [
      { type: "agent_start", seq: 1, ts: 10 },
      { type: "turn_start", seq: 2, ts: 20 },
    ] as SessionEvent[];
    const back = parseEventLog(`${exportEvents(events)}\n`);
    expect(back).toEqual(events);
    const seen: number[] = [];
    const waits: number[] = [];
    await replayEvents(back, (e) => seen.push(e.seq), { speed: 2, sleep: async (ms) => void waits.push(ms) });
    expect(seen).toEqual([1, 2]);
    expect(waits).toEqual([5]);
    expect(() => parseEventLog("{}")).toThrow("Line 1 is not an event");
  });
});
