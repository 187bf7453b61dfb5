/**
 * Loads a learner's exercise file as a module: compiled here by the same transpiler as a learner's tool
 * (types stripped, imports turned into `require` calls, lines kept), then run in the sandbox, which
 * answers with its exports: each function a call into the sandbox. A syntax error or a throw while
 * loading becomes a problem at its line.
 */
import type { LearnerToolProblem } from "@agent/events";
import { compileToolSource } from "../learner-tools/compile";
import type { SandboxLink } from "../sandbox/link";

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

export async function loadExerciseModule(source: string, sandbox: SandboxLink): Promise<LoadedModule> {
  const compiled = await compileToolSource(source);
  if (!compiled.ok) return { ok: false, problems: compiled.diagnostics };
  const loaded = await sandbox.loadModule(compiled.code);
  return loaded.ok ? loaded : { ok: false, problems: loaded.diagnostics };
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
