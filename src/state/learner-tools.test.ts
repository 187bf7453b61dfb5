import type { SessionEvent } from "@agent/events";
import { describe, expect, it } from "vitest";
import { EMPTY_LEARNER_TOOLS, reduceLearnerTools } from "./learner-tools";

const stamp = (e: object, seq: number) => ({ ...e, seq, ts: 0 }) as SessionEvent;

describe("reduceLearnerTools", () => {
  it("keeps the files each change reports and the last register's outcome", () => {
    let s = reduceLearnerTools(
      EMPTY_LEARNER_TOOLS,
      stamp({ type: "learner_tool_rejected", diagnostics: [{ code: "syntax", message: "x", line: 2 }] }, 3),
    );
    expect(s.outcome).toMatchObject({ kind: "rejected", seq: 3 });
    s = reduceLearnerTools(s, stamp({ type: "learner_tool_registered", names: ["wc"], replaces: [] }, 4));
    s = reduceLearnerTools(
      s,
      stamp({ type: "learner_tools_changed", tools: [{ name: "wc", source: "…", enabled: true }] }, 5),
    );
    expect(s).toEqual({
      tools: [{ name: "wc", source: "…", enabled: true }],
      outcome: { kind: "registered", names: ["wc"], replaces: [], seq: 4 },
    });
    expect(reduceLearnerTools(s, stamp({ type: "notice", id: 1, text: "" }, 6))).toBe(s);
  });
});
