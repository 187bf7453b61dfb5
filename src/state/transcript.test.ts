import type { SessionEvent, SessionEventBody } from "@agent/events";
import { describe, expect, it } from "vitest";
import { EMPTY_TRANSCRIPT, reduceTranscript, type TranscriptSnapshot } from "./transcript";

let seq = 0;
const ev = (body: SessionEventBody): SessionEvent =>
  ({ ...body, seq: ++seq, ts: 1000 + seq }) as SessionEvent;
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
