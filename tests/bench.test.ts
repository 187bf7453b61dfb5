/**
 * The bench's shared runner flags wrong results, the burst scenario really is a 10,000-event burst, and
 * each browser part's JSON line is one parseable line of its figures.
 */
import { runScenarioHeadless } from "@app/worker/run-scenario";
import { describe, expect, it } from "vitest";
import { BURST_EVENTS_MIN, burstScenario, CALLS_PER_TURN } from "../bench/browser/burst";
import { burstLine, memoryLine, modelLine, persistLine } from "../bench/json-line";
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

/** The one object a part's line holds, checked to be a single line of numbers (or null) keyed by figure. */
function parsedLine(line: string, part: string): Record<string, number | null> {
  expect(line).not.toContain("\n");
  const parsed = JSON.parse(line) as Record<string, Record<string, unknown>>;
  expect(Object.keys(parsed)).toEqual([`bench-${part}`]);
  const figures = parsed[`bench-${part}`];
  for (const [key, value] of Object.entries(figures)) {
    expect(value === null || typeof value === "number", `${key} is a number or null`).toBe(true);
    // a figure with a unit says it in its key; the unitless ones are counts
    expect(key, `${key} names its unit or is a count`).toMatch(
      /(Ms|MB|KB)$|^(events|calls|longFrames|files|longEvents|toolCalls|streamTokens|streamEvents)$/,
    );
  }
  return figures as Record<string, number | null>;
}

describe("bench/json-line: one line per browser part", () => {
  it("burst: the events and the page's long tasks", () => {
    const b = {
      events: 10_400,
      calls: 400,
      spanMs: 5321.4,
      tasks: [{ duration: 61 }, { duration: 40 }],
      frames: [],
    };
    expect(parsedLine(burstLine(b, 50), "burst")).toEqual({
      events: 10_400,
      calls: 400,
      spanMs: 5321,
      longestTaskMs: 61,
      tasksOver50Ms: 1,
      longFrames: 0,
      longestFrameMs: 0,
    });
  });

  it("memory: the heap at 10,000 events, at the end, and its growth between", () => {
    const reading = (events: number, page: number, worker: number) => ({ events, page, worker });
    const m = {
      long: { readings: [reading(1000, 20, 30), reading(10_000, 22.04, 31), reading(100_000, 25.5, 33.26)] },
      big: { readings: [reading(0, 40, 60.04)] },
    };
    const figures = parsedLine(memoryLine(m), "memory");
    expect(figures).toMatchObject({
      longEvents: 100_000,
      longEndPageMB: 25.5,
      growth10kToEndPageMB: 3.5,
      growth10kToEndWorkerMB: 2.3,
      bigEndWorkerMB: 60,
      maxPageMB: 40,
      maxWorkerMB: 60,
    });
    // a session that never reached 10,000 events has no growth figure, rather than a made-up one
    const short = { long: { readings: [reading(500, 20, 30)] }, big: { readings: [] } };
    expect(parsedLine(memoryLine(short), "memory")).toMatchObject({
      growth10kToEndPageMB: null,
      bigEndPageMB: null,
    });
  });

  it("model: the tool-call gaps (null when that half was skipped) and the fast stream", () => {
    const stream = {
      tokens: 60_000,
      spanMs: 31_200.7,
      events: 900,
      slowestAnswerMs: 80.2,
      heapMB: 41.26,
      tasks: [],
    };
    const turns = {
      turns: 50,
      toTool: { median: 2.4, max: 9, n: 50 },
      toRequest: { median: 3, max: 7.6, n: 49 },
    };
    expect(parsedLine(modelLine(turns, stream, 50), "model")).toMatchObject({
      toolCalls: 50,
      streamEndToToolMedianMs: 2,
      toolEndToRequestMaxMs: 8,
      streamSpanMs: 31_201,
      streamTasksOver50Ms: 0,
      streamEndHeapMB: 41.3,
    });
    expect(parsedLine(modelLine(null, { ...stream, heapMB: null }, 50), "model")).toMatchObject({
      toolCalls: null,
      streamEndToToolMedianMs: null,
      streamEndHeapMB: null,
    });
  });

  it("persist: the saves and the restore", () => {
    const r = {
      files: 5000,
      recordBytes: 10_400_000,
      firstSave: { median: 210.04, max: 250, encode: 80, written: 10_400_000 },
      typicalSave: { median: 12, max: 30, written: 40_960 },
      restore: { median: 150, max: 301.2, read: 60, decode: 90 },
    };
    expect(parsedLine(persistLine(r), "persist")).toEqual({
      files: 5000,
      recordMB: 10.4,
      firstSaveMs: 210,
      firstSaveEncodeMs: 80,
      firstSaveWrittenMB: 10.4,
      typicalSaveMs: 12,
      typicalSaveWrittenKB: 40,
      restoreMs: 150,
      restoreReadMs: 60,
      restoreDecodeMs: 90,
      slowestMs: 301.2,
    });
  });
});
