import type { ExerciseReport } from "@state/exercises";
import { describe, expect, it } from "vitest";
import { EXERCISE_SKELETONS } from "../../common/lessons/skeletons";
import { createExercisesHandle } from "./page-exercises";

describe("the page's exercises handle", () => {
  it("offers the skeletons, passes the live check through and runs tests on the runner", async () => {
    const runs: [string, string][] = [];
    const report: ExerciseReport = { kind: "tests", tests: [{ id: "poem", passed: true }] };
    const handle = createExercisesHandle({
      check: async (source) => (source === "bad" ? [{ code: "syntax", message: "x", line: 1 }] : []),
      runner: {
        run: async (id, source) => {
          runs.push([id, source]);
          return report;
        },
      },
    });
    expect(handle.skeleton("wc")).toBe(EXERCISE_SKELETONS.wc);
    expect(handle.skeleton("safepath")).toContain("export function safePath(cwd: string, p: string)");
    expect(await handle.check("bad")).toHaveLength(1);
    expect(await handle.run("wc", "source")).toBe(report);
    expect(runs).toEqual([["wc", "source"]]);
  });
});
