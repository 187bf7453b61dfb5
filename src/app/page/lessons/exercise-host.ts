/**
 * The page's end of the exercise worker, and its watchdog. The learner's code runs in a worker of its
 * own, started on the first run. While a run is out, the page pings it every PING_EVERY_MS; a worker
 * that stays silent for STUCK_AFTER_MS is held by the learner's code (a `while (true) {}`), so the page
 * ends it, as it ends a stuck session worker, and the run reports how long it was stuck. The next run
 * starts a new worker. Runs go one at a time, in order.
 */
import type { ExerciseId, ExerciseReport } from "@state/exercises";
import type { FromExerciseWorker, ToExerciseWorker } from "../../common/lessons/exercise-protocol";
import type { Timers } from "../page-session";

export const PING_EVERY_MS = 250;
export const STUCK_AFTER_MS = 3000;
/** Loading the worker's code (and, at the first run, the transpiler) is not the learner's loop. */
export const LOADING_GRACE_MS = 20_000;

export type ExerciseWorkerLike = Pick<Worker, "postMessage" | "terminate" | "onmessage" | "onerror">;

export interface ExerciseRunner {
  run(exercise: ExerciseId, source: string): Promise<ExerciseReport>;
}

function spawnExerciseWorker(): ExerciseWorkerLike {
  return new Worker(new URL("../../worker/lessons/exercise-worker.ts", import.meta.url), {
    type: "module",
    name: "pi-exercises",
  });
}

export function createExerciseRunner(
  deps: { spawn?: () => ExerciseWorkerLike; timers?: Timers; now?: () => number; stuckAfterMs?: number } = {},
): ExerciseRunner {
  const spawn = deps.spawn ?? spawnExerciseWorker;
  const timers: Timers = deps.timers ?? {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const now = deps.now ?? (() => performance.now());
  const stuckAfter = deps.stuckAfterMs ?? STUCK_AFTER_MS;
  let worker: ExerciseWorkerLike | undefined;
  let ready = false;
  let lastHeard = 0;
  let runs = 0;
  let chain: Promise<unknown> = Promise.resolve();

  const start = (): ExerciseWorkerLike => {
    const w = spawn();
    ready = false;
    lastHeard = now();
    worker = w;
    return w;
  };

  const runOnce = (exercise: ExerciseId, source: string) =>
    new Promise<ExerciseReport>((resolve, reject) => {
      const w = worker ?? start();
      const id = ++runs;
      let timer: unknown;
      const finish = () => {
        if (timer !== undefined) timers.clearTimeout(timer);
        w.onmessage = null;
        w.onerror = null;
      };
      w.onmessage = (message: MessageEvent<FromExerciseWorker>) => {
        const data = message.data;
        lastHeard = now();
        if (data.kind === "ready") ready = true;
        else if (data.kind === "report" && data.id === id) {
          finish();
          resolve(data.report);
        } else if (data.kind === "failed" && data.id === id) {
          finish();
          reject(new Error(data.message));
        }
      };
      w.onerror = (event) => {
        event.preventDefault?.();
        finish();
        w.terminate();
        if (worker === w) worker = undefined;
        reject(new Error(event.message || "the exercise worker failed to start"));
      };
      const tick = () => {
        const silent = now() - lastHeard;
        if (silent >= (ready ? stuckAfter : LOADING_GRACE_MS)) {
          finish();
          w.terminate();
          if (worker === w) worker = undefined;
          resolve({ kind: "stuck", seconds: Math.round(silent / 1000) });
          return;
        }
        if (ready) w.postMessage({ kind: "ping" } satisfies ToExerciseWorker);
        timer = timers.setTimeout(tick, PING_EVERY_MS);
      };
      lastHeard = now();
      w.postMessage({ kind: "run", id, exercise, source } satisfies ToExerciseWorker);
      timer = timers.setTimeout(tick, PING_EVERY_MS);
    });

  return {
    run(exercise, source) {
      const next = chain.then(() => runOnce(exercise, source));
      chain = next.catch(() => {});
      return next;
    },
  };
}
