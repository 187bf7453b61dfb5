import { createMemfsWorkspace, DEFAULT_ROOT } from "@backends/memfs/workspace";
import type { ExerciseFailure, ExerciseReport, ExerciseTest } from "@state/exercises";
import type { ExerciseSandbox } from "./exercise-sandbox";
import { loadExerciseModule, thrownText, withDeadline } from "./run-module";
import { CALL_MS } from "./wc-exercise";

const CWD = DEFAULT_ROOT;
const NOTES = "hello from notes.md\n";

/** safePath(CWD, input): the absolute path it must return, or null when it must throw. */
export const SAFEPATH_CASES = [
  { id: "inside", input: "notes.md", expected: `${CWD}/notes.md` },
  { id: "insideDots", input: "src/../notes.md", expected: `${CWD}/notes.md` },
  { id: "absoluteInside", input: `${CWD}/src/app.ts`, expected: `${CWD}/src/app.ts` },
  { id: "parent", input: "../etc/passwd", expected: null },
  { id: "absoluteOutside", input: "/etc/passwd", expected: null },
  { id: "prefixTrick", input: `${CWD}-evil/notes.md`, expected: null },
] as const;

export const DISPATCH_CASES = [
  "unknownTool",
  "prototypeName",
  "readReaches",
  "writeReaches",
  "readRefused",
] as const;

type Fn = (...args: unknown[]) => unknown;
type Outcome = { value: unknown } | { threw: string } | "timeout";

async function attempt(run: () => unknown): Promise<Outcome> {
  try {
    const outcome = await withDeadline(run(), CALL_MS);
    return outcome === "timeout" ? "timeout" : outcome;
  } catch (error) {
    return { threw: thrownText(error) };
  }
}

const shown = (value: unknown) =>
  typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
const failed = (id: string, failure: ExerciseFailure): ExerciseTest => ({ id, passed: false, failure });
const timedOut = (id: string) => failed(id, { code: "timeout", values: { seconds: CALL_MS / 1000 } });
/** mini-pi answers an unknown tool with a string starting "Error"; a throw is as good. */
const isErrorAnswer = (o: Outcome) =>
  o !== "timeout" && ("threw" in o || (typeof o.value === "string" && /^\s*error\b/i.test(o.value)));

async function safePathTest(safePath: Fn, c: (typeof SAFEPATH_CASES)[number]): Promise<ExerciseTest> {
  const o = await attempt(() => safePath(CWD, c.input));
  const values = { input: c.input };
  if (o === "timeout") return timedOut(c.id);
  if (c.expected === null)
    return "threw" in o
      ? { id: c.id, passed: true }
      : failed(c.id, { code: "notRefused", values: { ...values, returned: shown(o.value) } });
  if ("threw" in o) return failed(c.id, { code: "refused", values: { ...values, message: o.threw } });
  return o.value === c.expected
    ? { id: c.id, passed: true }
    : failed(c.id, { code: "wrongPath", values: { ...values, got: shown(o.value), expected: c.expected } });
}

async function dispatchTests(dispatch: Fn, read: (path: string) => string | null): Promise<ExerciseTest[]> {
  const out: ExerciseTest[] = [];
  for (const [id, name] of [
    ["unknownTool", "delete_everything"],
    ["prototypeName", "toString"],
  ] as const) {
    const o = await attempt(() => dispatch(name, {}));
    if (o === "timeout") out.push(timedOut(id));
    else if (isErrorAnswer(o)) out.push({ id, passed: true });
    else
      out.push(
        failed(id, { code: "noError", values: { name, returned: "value" in o ? shown(o.value) : "" } }),
      );
  }
  const r = await attempt(() => dispatch("read", { path: "notes.md" }));
  if (r === "timeout") out.push(timedOut("readReaches"));
  else if ("threw" in r) out.push(failed("readReaches", { code: "threw", values: { message: r.threw } }));
  else if (r.value === NOTES) out.push({ id: "readReaches", passed: true });
  else
    out.push(
      failed("readReaches", { code: "wrongResult", values: { got: shown(r.value), expected: NOTES } }),
    );
  const content = "written by dispatch";
  const w = await attempt(() => dispatch("write", { path: "out.txt", content }));
  const written = read(`${CWD}/out.txt`);
  if (w === "timeout") out.push(timedOut("writeReaches"));
  else if ("threw" in w) out.push(failed("writeReaches", { code: "threw", values: { message: w.threw } }));
  else if (written === content) out.push({ id: "writeReaches", passed: true });
  else
    out.push(
      failed("writeReaches", {
        code: "wrongResult",
        values: { got: written ?? "(no file)", expected: content },
      }),
    );
  const x = await attempt(() => dispatch("read", { path: "../etc/passwd" }));
  if (x === "timeout") out.push(timedOut("readRefused"));
  else if (isErrorAnswer(x)) out.push({ id: "readRefused", passed: true });
  else
    out.push(
      failed("readRefused", {
        code: "notRefused",
        values: { input: "../etc/passwd", returned: "value" in x ? shown(x.value) : "" },
      }),
    );
  return out;
}

export async function runSafePathExercise(source: string, sandbox: ExerciseSandbox): Promise<ExerciseReport> {
  const workspace = createMemfsWorkspace({ "notes.md": NOTES, "src/app.ts": "export {};\n" });
  workspace.fs.mkdirSync("/etc", { recursive: true });
  workspace.fs.writeFileSync("/etc/passwd", "root:x:0:0:root:/root:/bin/sh\n");
  const loaded = await loadExerciseModule(source, sandbox.over(workspace));
  if (!loaded.ok) return { kind: "problems", problems: loaded.problems };
  const tests: ExerciseTest[] = [];
  const { safePath, dispatch } = loaded.exports;
  const missing = (ids: readonly string[], name: string) =>
    ids.map((id) => failed(id, { code: "notFunction", values: { name } }));
  if (typeof safePath === "function")
    for (const c of SAFEPATH_CASES) tests.push(await safePathTest(safePath as Fn, c));
  else
    tests.push(
      ...missing(
        SAFEPATH_CASES.map((c) => c.id),
        "safePath",
      ),
    );
  const read = (path: string) => {
    try {
      return String(workspace.fs.readFileSync(path, "utf8"));
    } catch {
      return null;
    }
  };
  if (typeof dispatch === "function") tests.push(...(await dispatchTests(dispatch as Fn, read)));
  else tests.push(...missing(DISPATCH_CASES, "dispatch"));
  return { kind: "tests", tests };
}
