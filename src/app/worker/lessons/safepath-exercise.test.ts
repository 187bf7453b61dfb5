import { describe, expect, it } from "vitest";
import { EXERCISE_SKELETONS } from "../../common/lessons/skeletons";
import { inProcessSandbox } from "../sandbox/in-process";
import { ExerciseSandbox } from "./exercise-sandbox";
import { runSafePathExercise } from "./safepath-exercise";
import { SAFEPATH_PREFIX_CHECK, SAFEPATH_SOLUTION } from "./solutions.fixture";

const sandbox = new ExerciseSandbox(inProcessSandbox);

const ALL = [
  "inside",
  "insideDots",
  "absoluteInside",
  "parent",
  "absoluteOutside",
  "prefixTrick",
  "unknownTool",
  "prototypeName",
  "readReaches",
  "writeReaches",
  "readRefused",
];

describe("the safePath and dispatch table exercise's runner", () => {
  it("passes the tutorial's answer on every test", async () => {
    const report = await runSafePathExercise(SAFEPATH_SOLUTION, sandbox);
    expect(report).toEqual({ kind: "tests", tests: ALL.map((id) => ({ id, passed: true })) });
  });

  it("a prefix check lets /workspace-evil through, and says so", async () => {
    const report = await runSafePathExercise(SAFEPATH_PREFIX_CHECK, sandbox);
    if (report.kind !== "tests") throw new Error(report.kind);
    expect(report.tests.filter((t) => !t.passed)).toEqual([
      {
        id: "prefixTrick",
        passed: false,
        failure: {
          code: "notRefused",
          values: { input: "/workspace-evil/notes.md", returned: "/workspace-evil/notes.md" },
        },
      },
    ]);
  });

  it("the skeleton as given fails with a reason for each part", async () => {
    const report = await runSafePathExercise(EXERCISE_SKELETONS.safepath, sandbox);
    if (report.kind !== "tests") throw new Error(report.kind);
    const byId = Object.fromEntries(report.tests.map((t) => [t.id, t]));
    expect(byId.inside.failure).toEqual({
      code: "wrongPath",
      values: { input: "notes.md", got: "notes.md", expected: "/workspace/notes.md" },
    });
    expect(byId.parent.failure?.code).toBe("notRefused");
    expect(byId.unknownTool.failure).toEqual({
      code: "noError",
      values: { name: "delete_everything", returned: "undefined" },
    });
    expect(byId.readReaches.failure?.code).toBe("wrongResult");
  });

  it("a lookup that trusts the object's prototype reaches toString", async () => {
    const naive = SAFEPATH_SOLUTION.replace(
      "if (!Object.hasOwn(tools, name)) return",
      "if (!tools[name]) return",
    );
    const report = await runSafePathExercise(naive, sandbox);
    if (report.kind !== "tests") throw new Error(report.kind);
    expect(report.tests.filter((t) => !t.passed).map((t) => [t.id, t.failure?.code])).toEqual([
      ["prototypeName", "noError"],
    ]);
  });

  it("names a missing export, and shows a load-time throw at its line", async () => {
    const noDispatch = SAFEPATH_SOLUTION.replace("export async function dispatch", "async function dispatch");
    const report = await runSafePathExercise(noDispatch, sandbox);
    if (report.kind !== "tests") throw new Error(report.kind);
    expect(report.tests.at(-1)?.failure).toEqual({ code: "notFunction", values: { name: "dispatch" } });
    const throwing = SAFEPATH_SOLUTION.replace(
      'const CWD = "/workspace";',
      'const CWD = "/workspace";\nthrow new Error("nope");',
    );
    expect(await runSafePathExercise(throwing, sandbox)).toEqual({
      kind: "problems",
      problems: [{ code: "load", message: "nope", line: 5 }],
    });
  });
});
