import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { PlaygroundSession } from "./session";

describe("PlaygroundSession (driven without a worker)", () => {
  it("answers init with the preset workspace on memfs", () => {
    const events: SessionEvent[] = [];
    const session = new PlaygroundSession((e) => events.push(e));
    session.handle({ type: "init" });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "session_ready", backend: "memfs", cwd: "/workspace", seq: 1 });
    const ready = events[0] as Extract<SessionEvent, { type: "session_ready" }>;
    expect(ready.files).toContain("package.json");
    expect(ready.files).toContain("src/");
  });
});
