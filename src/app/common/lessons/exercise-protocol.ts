/** The messages between the page and the exercise worker (structured-clone data). */
import type { ExerciseId, ExerciseReport } from "@state/exercises";

export type ToExerciseWorker =
  | { kind: "run"; id: number; exercise: ExerciseId; source: string }
  /** the port to the sandbox where the learner's code runs (transferred with this message), or why there is none */
  | { kind: "sandbox"; error?: string }
  /** are you free? answered at once, unless the learner's code holds the worker's thread */
  | { kind: "ping" };

export type FromExerciseWorker =
  /** the worker's code has loaded: from now on an unanswered ping means a stuck thread */
  | { kind: "ready" }
  | { kind: "pong" }
  | { kind: "report"; id: number; report: ExerciseReport }
  /** the runner itself failed (not the learner's code): the page says so and keeps the learner's text */
  | { kind: "failed"; id: number; message: string };
