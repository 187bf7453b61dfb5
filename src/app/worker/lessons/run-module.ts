/**
 * Loads a learner's exercise file as a module: compiled by the same transpiler as a learner's tool
 * (types stripped, imports turned into `require` calls, lines kept), then run once to collect its
 * exports. A syntax error or a throw while loading becomes a problem at its line.
 */
import type { LearnerToolProblem } from "@agent/events";
import { compileToolSource } from "../learner-tools/compile";

const SOURCE_URL = "exercise.ts";
const AT_LINE = new RegExp(`${SOURCE_URL.replace(".", "\\.")}:(\\d+)`);

/** The lines `new Function` puts before the body (V8: 2), measured once so stack lines map back. */
const LINE_OFFSET = (() => {
  try {
    new Function(`throw new Error("probe")\n//# sourceURL=${SOURCE_URL}`)();
  } catch (e) {
    const m = AT_LINE.exec(String((e as Error).stack));
    if (m) return Number(m[1]) - 1;
  }
  return 0;
})();

/** The line of the learner's file that `error` was thrown from, when its stack says. */
export function exerciseErrorLine(error: unknown): number | undefined {
  const m = error instanceof Error ? AT_LINE.exec(String(error.stack)) : null;
  return m ? Number(m[1]) - LINE_OFFSET : undefined;
}

/** A thrown value as the learner would read it (an Error's message; anything else as it prints). */
export function thrownText(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return typeof error === "string" ? error : JSON.stringify(error);
  } catch {
    return String(error);
  }
}

export type LoadedModule =
  | { ok: true; exports: Record<string, unknown> }
  | { ok: false; problems: LearnerToolProblem[] };

export async function loadExerciseModule(
  source: string,
  require: (specifier: string) => unknown,
): Promise<LoadedModule> {
  const compiled = await compileToolSource(source);
  if (!compiled.ok) return { ok: false, problems: compiled.diagnostics };
  const module = { exports: {} as Record<string, unknown> };
  try {
    new Function("require", "module", "exports", `${compiled.code}\n//# sourceURL=${SOURCE_URL}`)(
      require,
      module,
      module.exports,
    );
  } catch (error) {
    const line = exerciseErrorLine(error);
    return { ok: false, problems: [{ code: "load", message: thrownText(error), ...(line ? { line } : {}) }] };
  }
  return { ok: true, exports: module.exports };
}

/** Waits for `value` at most `ms`: a promise that never settles (an awaited hang) ends as a timeout. */
export function withDeadline<T>(value: T | Promise<T>, ms: number): Promise<{ value: T } | "timeout"> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve("timeout"), ms);
    Promise.resolve(value).then(
      (v) => {
        clearTimeout(timer);
        resolve({ value: v });
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}
