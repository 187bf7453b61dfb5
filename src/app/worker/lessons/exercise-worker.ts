/// <reference lib="webworker" />
// The exercise worker: runs the page's tests against a lesson's code, away from the session (its
// workspace, transcript and tools are never touched) and away from the page's thread, so an endless
// loop in the learner's code can be ended by terminating this worker (exercise-host.ts).
import type { FromExerciseWorker, ToExerciseWorker } from "../../common/lessons/exercise-protocol";
import { runSafePathExercise } from "./safepath-exercise";
import { runWcExercise } from "./wc-exercise";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromExerciseWorker) => scope.postMessage(message);
const RUNNERS = { wc: runWcExercise, safepath: runSafePathExercise };

scope.onmessage = (message: MessageEvent<ToExerciseWorker>) => {
  const data = message.data;
  if (data.kind === "ping") return post({ kind: "pong" });
  RUNNERS[data.exercise](data.source).then(
    (report) => post({ kind: "report", id: data.id, report }),
    (error) =>
      post({ kind: "failed", id: data.id, message: error instanceof Error ? error.message : String(error) }),
  );
};
post({ kind: "ready" });
