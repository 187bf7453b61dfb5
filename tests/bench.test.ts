/** The bench's shared runner flags wrong results, and the burst scenario really is a 10,000-event burst. */
import { runScenarioHeadless } from "@app/worker/run-scenario";
import { describe, expect, it } from "vitest";
import { BURST_EVENTS_MIN, burstScenario, CALLS_PER_TURN } from "../bench/browser/burst";
import { formatReport, type Operation, runWorkload, type Workload } from "../bench/run-workload";

const tiny: Workload = {
  makeWorkspace: () => ({ "a.txt": "one\ntwo\nthree\n", "src/b.ts": "export const b = 1;\n" }),
  OPERATIONS: [
    { name: "read-a", tool: "read", args: { path: "a.txt", limit: 2 }, expect: "two" },
    { name: "read-b-wrongly", tool: "read", args: { path: "src/b.ts" }, expect: "not in the file" },
    { name: "write-c", tool: "write", args: { path: "c.txt", content: "new" }, expect: "Successfully" },
  ],
  checkExpect: (op: Operation, text: string) =>
    text.includes(String(op.expect)) ? [] : [`expected ${String(op.expect)}`],
};

describe("bench/run-workload", () => {
  it("times every operation and flags the one whose result is wrong", async () => {
    const result = await runWorkload(tiny);
    expect(result.rows.map((r) => r.name)).toEqual(["read-a", "read-b-wrongly", "write-c"]);
    expect(result.failures).toBe(1);
    expect(result.rows[1].problems).toEqual(["expected not in the file"]);
    expect(result.rows[0].problems).toEqual([]);
    for (const row of result.rows) expect(row.ms).toBeGreaterThanOrEqual(0);
    const lines = formatReport(result, { column: "ours, ms", jsonKey: "bench-browser" });
    expect(lines.find((l) => l.startsWith("read-b-wrongly"))).toContain(
      "WRONG RESULT: expected not in the file",
    );
    expect(JSON.parse(lines.at(-1) ?? "")).toEqual({ "bench-browser": result.medians });
  });
});

describe("bench/browser/burst", () => {
  it("makes the session emit over 10,000 events, every call succeeding", async () => {
    const { events, playground } = await runScenarioHeadless(burstScenario());
    expect(playground.scenarios.player?.status).toBe("done");
    expect(events.length).toBeGreaterThanOrEqual(BURST_EVENTS_MIN);
    const ends = events.filter((e) => e.type === "tool_execution_end");
    expect(ends.length).toBe((burstScenario().steps.length - 2) * CALLS_PER_TURN);
    expect(ends.filter((e) => e.type === "tool_execution_end" && e.isError)).toEqual([]);
  });
});
