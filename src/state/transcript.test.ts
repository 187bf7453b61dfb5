import type { SessionEventBody } from "@agent/events";
import { describe, expect, it } from "vitest";
import { ev, startAndEnd } from "./session-events.fixture";
import {
  EMPTY_TRANSCRIPT,
  reduceTranscript,
  TRANSCRIPT_CAPACITY,
  type TranscriptSnapshot,
} from "./transcript";

const update = (toolCallId: string, partialResult: unknown) =>
  ev({ type: "tool_execution_update", toolCallId, toolName: "bash", args: {}, partialResult });

describe("a call whose engine cannot stream", () => {
  it("keeps the elapsed time its updates report, and nothing for updates that carry output", () => {
    let state: TranscriptSnapshot = reduceTranscript(
      EMPTY_TRANSCRIPT,
      ev({ type: "tool_execution_start", toolCallId: "b1", toolName: "bash", args: {} }),
    );
    // pi's own updates (the first empty one, output snapshots) say nothing about elapsed time.
    for (const partial of [
      { content: [] },
      { content: [{ type: "text", text: "x" }], details: {} },
      null,
      "odd",
    ]) {
      const next = reduceTranscript(state, update("b1", partial));
      expect(next).toBe(state);
    }
    state = reduceTranscript(state, update("b1", { content: [], details: { elapsedMs: 1003 } }));
    state = reduceTranscript(state, update("b1", { content: [], details: { elapsedMs: 2004 } }));
    expect(state.elapsed).toEqual({ b1: 2004 });
    expect(state.calls.b1).toBe("running");
  });
});

describe("a long session", () => {
  it("keeps the newest entries within capacity, counts the rest, and forgets their finished calls", () => {
    const result = (id: string) =>
      ev({
        type: "message_end",
        message: { role: "toolResult", toolCallId: id, toolName: "read", content: [], isError: false },
      } as unknown as SessionEventBody);
    let state = reduceTranscript(
      EMPTY_TRANSCRIPT,
      ev({ type: "tool_execution_start", toolCallId: "stuck", toolName: "bash", args: {} }),
    );
    for (let i = 0; i < TRANSCRIPT_CAPACITY * 3; i++) {
      for (const event of startAndEnd(`c${i}`)) state = reduceTranscript(state, event);
      state = reduceTranscript(state, result(`c${i}`));
    }
    expect(state.entries.length).toBeLessThanOrEqual(TRANSCRIPT_CAPACITY * 1.25);
    expect(state.entries.length + state.dropped).toBe(TRANSCRIPT_CAPACITY * 3);
    expect(state.entries.at(-1)).toMatchObject({ toolCallId: `c${TRANSCRIPT_CAPACITY * 3 - 1}` });
    expect(state.calls.c0).toBeUndefined();
    expect(state.calls.stuck).toBe("running");
    expect(Object.keys(state.calls).length).toBe(state.entries.length + 1);
  });
});
