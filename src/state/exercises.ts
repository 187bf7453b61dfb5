/**
 * The lessons' code exercises as data: which exercises there are, and what a run of the page's tests
 * against the learner's code reports. Codes and values only; the page words them (namespace lessons).
 */
import type { LearnerToolProblem } from "@agent/events";

export const EXERCISE_IDS = ["wc", "safepath"] as const;
export type ExerciseId = (typeof EXERCISE_IDS)[number];

/** Why a test failed: a code the page words, with the values it names (what came back, what was expected). */
export interface ExerciseFailure {
  code:
    | "counts"
    | "threw"
    | "noError"
    | "notRefused"
    | "refused"
    | "wrongPath"
    | "wrongResult"
    | "noCounts"
    | "malformed"
    | "timeout"
    | "notFunction";
  values?: Record<string, string | number>;
}

/** One test call: its id (the page words what it does) and how it went. */
export interface ExerciseTest {
  id: string;
  passed: boolean;
  failure?: ExerciseFailure;
}

export type ExerciseReport =
  /** the code did not compile or load: its problems, at their lines when known */
  | { kind: "problems"; problems: LearnerToolProblem[] }
  /** every test ran: each passed or failed with its reason */
  | { kind: "tests"; tests: ExerciseTest[] }
  /** the code held the exercise worker's thread this long (an endless loop?): the worker was ended */
  | { kind: "stuck"; seconds: number };

export const exercisePassed = (report: ExerciseReport): boolean =>
  report.kind === "tests" && report.tests.every((t) => t.passed);
