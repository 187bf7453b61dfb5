import { describe, expect, it } from "vitest";
import { createEventEmitter, type SessionEvent } from "./events";

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
