import { describe, expect, it } from "vitest";
import { EXERCISE_SKELETONS } from "../../common/lessons/skeletons";
import { inProcessSandbox } from "../sandbox/in-process";
import { ExerciseSandbox } from "./exercise-sandbox";
import { WC_NEWLINES_ONLY, WC_SOLUTION } from "./solutions.fixture";
import { runWcExercise } from "./wc-exercise";

const sandbox = new ExerciseSandbox(inProcessSandbox);

describe("the wc exercise's runner", () => {
  it("passes a correct tool on every test call", async () => {
    const report = await runWcExercise(WC_SOLUTION, sandbox);
    expect(report).toEqual({
      kind: "tests",
      tests: ["poem", "noNewline", "spaces", "empty", "missing"].map((id) => ({ id, passed: true })),
    });
  });

  it("fails a wrong count with the call, what came back and what was expected", async () => {
    const report = await runWcExercise(WC_NEWLINES_ONLY, sandbox);
    if (report.kind !== "tests") throw new Error(report.kind);
    expect(report.tests.find((t) => t.id === "noNewline")).toEqual({
      id: "noNewline",
      passed: false,
      failure: {
        code: "counts",
        values: { path: "notes/todo.md", gotLines: 1, gotWords: 5, lines: 2, words: 5 },
      },
    });
    expect(report.tests.find((t) => t.id === "poem")?.passed).toBe(true);
  });

  it("the skeleton as given fails the counting calls", async () => {
    const report = await runWcExercise(EXERCISE_SKELETONS.wc, sandbox);
    if (report.kind !== "tests") throw new Error(report.kind);
    expect(report.tests.filter((t) => !t.passed).map((t) => t.id)).toEqual(["poem", "noNewline", "spaces"]);
  });

  it("shows a syntax error at its line, before anything runs", async () => {
    const broken = WC_SOLUTION.replace("const words =", "const words = = ");
    const report = await runWcExercise(broken, sandbox);
    expect(report.kind).toBe("problems");
    if (report.kind !== "problems") return;
    const line = broken.split("\n").findIndex((l) => l.includes("= = ")) + 1;
    expect(report.problems[0]).toMatchObject({ code: "syntax", line });
  });

  it("a throw, a hang, a malformed result and a missing error each fail with their reason", async () => {
    const thrower = WC_SOLUTION.replace("const text = await", 'throw new Error("boom"); const text = await');
    const threw = await runWcExercise(thrower, sandbox);
    expect(threw.kind === "tests" && threw.tests[0].failure).toEqual({
      code: "threw",
      values: { path: "poem.txt", message: "boom" },
    });
    const hang = WC_SOLUTION.replace(
      "const text = await",
      'if (params.path === "poem.txt") await new Promise(() => {});\n      const text = await',
    );
    const hung = await runWcExercise(hang, sandbox);
    expect(hung.kind === "tests" && hung.tests.map((t) => t.failure?.code)).toEqual([
      "timeout",
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const bare = WC_SOLUTION.replace("return {\n        content:", "return {\n        nothing:");
    const malformed = await runWcExercise(bare, sandbox);
    expect(malformed.kind === "tests" && malformed.tests[0].failure?.code).toBe("malformed");
    const lenient = WC_SOLUTION.replace(
      'const text = await readFile(resolve(params.path), "utf8");',
      'const text = await readFile(resolve(params.path), "utf8").catch(() => "");',
    );
    const quiet = await runWcExercise(lenient, sandbox);
    expect(quiet.kind === "tests" && quiet.tests.at(-1)?.failure?.code).toBe("noError");
  }, 15_000);

  it("refuses a file that registers no wc tool, with the reason", async () => {
    const report = await runWcExercise(WC_SOLUTION.replace('name: "wc"', 'name: "count"'), sandbox);
    expect(report).toEqual({
      kind: "problems",
      problems: [
        { code: "definition", message: 'The lesson calls a tool named "wc"; this file registers "count".' },
      ],
    });
  });
});
