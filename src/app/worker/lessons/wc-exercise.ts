/**
 * The "write a wc tool" exercise: the learner's tool file is loaded as pi loads an extension (the same
 * transpiler, `pi.registerTool`, the same registration checks as the tool editor), in the sandbox, over a
 * workspace of its own with known files, and its execute is called once per test file. Each call's counts are
 * compared with the expected ones; a failure names the call, what came back and what was expected.
 */
import { createMemfsWorkspace, type FilesMap } from "@backends/memfs/workspace";
import type { ExerciseReport, ExerciseTest } from "@state/exercises";
import { resultProblem } from "../../common/learner-tools/result-shape";
import { compileToolSource } from "../learner-tools/compile";
import type { ExerciseSandbox } from "./exercise-sandbox";
import { thrownText, withDeadline } from "./run-module";

/** The lesson's files; a last line without a newline still counts as a line. */
export const WC_FILES: FilesMap = {
  "poem.txt": "roses are red\nviolets are blue\n",
  "notes/todo.md": "buy milk\ncall the bank",
  "spaces.txt": "  lots   of\tspace  \n\n  end\n",
  "empty.txt": "",
};

export const WC_CALLS = [
  { id: "poem", path: "poem.txt", lines: 2, words: 6 },
  { id: "noNewline", path: "notes/todo.md", lines: 2, words: 5 },
  { id: "spaces", path: "spaces.txt", lines: 3, words: 4 },
  { id: "empty", path: "empty.txt", lines: 0, words: 0 },
  { id: "missing", path: "missing.txt", error: true },
] as const;

/** How long one call may take before it counts as hanging (an awaited promise that never settles). */
export const CALL_MS = 2000;

type Execute = (
  id: string,
  params: unknown,
  signal?: AbortSignal,
  onUpdate?: unknown,
  ctx?: unknown,
) => unknown;

/** The counts a result reports: its details' numbers, else "N lines" and "N words" in its text. */
function countsOf(result: { content: { type: string; text?: string }[]; details?: unknown }) {
  const details = (result.details ?? {}) as Record<string, unknown>;
  const text = result.content.map((c) => (c.type === "text" ? (c.text ?? "") : "")).join("\n");
  const fromText = (word: string) => {
    const m = new RegExp(`(\\d+)\\s+${word}`).exec(text);
    return m ? Number(m[1]) : undefined;
  };
  const lines = typeof details.lines === "number" ? details.lines : fromText("lines?");
  const words = typeof details.words === "number" ? details.words : fromText("words?");
  return { lines, words, text };
}

async function runCall(
  execute: Execute,
  cwd: string,
  call: (typeof WC_CALLS)[number],
): Promise<ExerciseTest> {
  const { id, path } = call;
  const fail = (
    code: NonNullable<ExerciseTest["failure"]>["code"],
    values: Record<string, string | number>,
  ) => ({
    id,
    passed: false,
    failure: { code, values: { path, ...values } },
  });
  let outcome: { value: unknown } | "timeout";
  try {
    outcome = await withDeadline(execute(`lesson-${id}`, { path }, undefined, undefined, { cwd }), CALL_MS);
  } catch (error) {
    return "error" in call ? { id, passed: true } : fail("threw", { message: thrownText(error) });
  }
  if (outcome === "timeout") return fail("timeout", { seconds: CALL_MS / 1000 });
  const problem = resultProblem(outcome.value);
  if (problem) return fail("malformed", { message: problem });
  const result = outcome.value as Parameters<typeof countsOf>[0] & { isError?: boolean };
  const got = countsOf(result);
  if ("error" in call) return result.isError ? { id, passed: true } : fail("noError", { returned: got.text });
  if (got.lines === undefined || got.words === undefined) return fail("noCounts", { got: got.text });
  if (got.lines === call.lines && got.words === call.words) return { id, passed: true };
  return fail("counts", { gotLines: got.lines, gotWords: got.words, lines: call.lines, words: call.words });
}

export async function runWcExercise(source: string, sandbox: ExerciseSandbox): Promise<ExerciseReport> {
  const workspace = createMemfsWorkspace(WC_FILES);
  const compiled = await compileToolSource(source);
  if (!compiled.ok) return { kind: "problems", problems: compiled.diagnostics };
  const link = sandbox.over(workspace);
  const loaded = await link.loadTool(compiled.code, [], false);
  if (!loaded.ok) return { kind: "problems", problems: loaded.diagnostics };
  try {
    const wc = loaded.definitions.find((d) => d.name === "wc");
    if (!wc) {
      const names = loaded.definitions.map((d) => JSON.stringify(d.name)).join(", ");
      const message = `The lesson calls a tool named "wc"; this file registers ${names}.`;
      return { kind: "problems", problems: [{ code: "definition", message }] };
    }
    const execute = wc.execute as Execute;
    const tests: ExerciseTest[] = [];
    for (const call of WC_CALLS) tests.push(await runCall(execute, workspace.root, call));
    return { kind: "tests", tests };
  } finally {
    link.drop(loaded.file);
  }
}
