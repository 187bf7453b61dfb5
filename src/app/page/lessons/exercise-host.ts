/**
 * The page's end of the exercise worker, and its watchdog. The exercise worker (started on the first
 * run) judges the learner's code, which runs in a sandbox beside it (sandbox/frame.ts): the page starts
 * both and hands the worker its port to the sandbox. While a run is out, the page pings both every
 * PING_EVERY_MS; one that stays silent for STUCK_AFTER_MS is held by the learner's code (a
 * `while (true) {}`), so the page ends both, as it ends a stuck session worker, and the run reports how
 * long it was stuck. The next run starts new ones. Runs go one at a time, in order.
 */
import type { ExerciseId, ExerciseReport } from "@state/exercises";
import type { FromExerciseWorker, ToExerciseWorker } from "../../common/lessons/exercise-protocol";
import type { Timers } from "../page-session";
import { createSandboxFrame, type SandboxFrame } from "../sandbox/frame";

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
  deps: {
    spawn?: () => ExerciseWorkerLike;
    sandbox?: () => Promise<Pick<SandboxFrame, "port" | "ping" | "dispose">>;
    timers?: Timers;
    now?: () => number;
    stuckAfterMs?: number;
  } = {},
): ExerciseRunner {
  const spawn = deps.spawn ?? spawnExerciseWorker;
  const startSandbox = deps.sandbox ?? createSandboxFrame;
  const timers: Timers = deps.timers ?? {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  const now = deps.now ?? (() => performance.now());
  const stuckAfter = deps.stuckAfterMs ?? STUCK_AFTER_MS;
  let worker: ExerciseWorkerLike | undefined;
  let ready = false;
  let lastHeard = 0;
  let frame: Pick<SandboxFrame, "ping" | "dispose"> | undefined;
  /** the sandbox answered a ping: from then on its silence is the learner's code, not its loading */
  let sandboxReady = false;
  let sandboxHeard = 0;
  let runs = 0;
  let chain: Promise<unknown> = Promise.resolve();

  const start = (): ExerciseWorkerLike => {
    const w = spawn();
    ready = false;
    lastHeard = now();
    worker = w;
    frame = undefined;
    sandboxReady = false;
    startSandbox().then(
      (started) => {
        if (worker !== w) return started.dispose();
        frame = started;
        w.postMessage({ kind: "sandbox" } satisfies ToExerciseWorker, [started.port]);
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        const message = `The page could not start the sandbox for your code (${reason}). Reload the page to try again.`;
        if (worker === w) w.postMessage({ kind: "sandbox", error: message } satisfies ToExerciseWorker);
      },
    );
    return w;
  };

  /** Ends the worker and its sandbox (a loop in either stops with it); the next run starts new ones. */
  const end = (w: ExerciseWorkerLike) => {
    w.terminate();
    if (worker !== w) return;
    worker = undefined;
    frame?.dispose();
    frame = undefined;
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
        end(w);
        reject(new Error(event.message || "the exercise worker failed to start"));
      };
      const tick = () => {
        const silent = now() - lastHeard;
        const sandboxSilent = now() - sandboxHeard;
        if (
          silent >= (ready ? stuckAfter : LOADING_GRACE_MS) ||
          sandboxSilent >= (sandboxReady ? stuckAfter : LOADING_GRACE_MS)
        ) {
          finish();
          end(w);
          resolve({ kind: "stuck", seconds: Math.round(Math.max(silent, sandboxSilent) / 1000) });
          return;
        }
        if (ready) w.postMessage({ kind: "ping" } satisfies ToExerciseWorker);
        void frame?.ping().then(() => {
          sandboxHeard = now();
          sandboxReady = true;
        });
        timer = timers.setTimeout(tick, PING_EVERY_MS);
      };
      lastHeard = now();
      sandboxHeard = now();
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
