/// <reference lib="webworker" />
// The exercise worker: runs the page's tests against a lesson's code, away from the session (its
// workspace, transcript and tools are never touched) and away from the page's thread. The learner's code
// itself runs in a sandbox the page starts beside this worker (its port arrives first); this worker
// compiles it, answers the sandbox's calls for the exercise's files, and judges the answers. An endless
// loop in the learner's code holds the sandbox, which the page ends with this worker (exercise-host.ts).
import type { FromExerciseWorker, ToExerciseWorker } from "../../common/lessons/exercise-protocol";
import { ExerciseSandbox } from "./exercise-sandbox";
import { runSafePathExercise } from "./safepath-exercise";
import { runWcExercise } from "./wc-exercise";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromExerciseWorker) => scope.postMessage(message);
const RUNNERS = { wc: runWcExercise, safepath: runSafePathExercise };
let answer: { resolve(port: MessagePort): void; reject(error: Error): void } | undefined;
const port = new Promise<MessagePort>((resolve, reject) => {
  answer = { resolve, reject };
});
// The page starts the sandbox beside this worker; a run that comes first waits for its port.
const sandbox = new ExerciseSandbox(() => port);

scope.onmessage = (message: MessageEvent<ToExerciseWorker>) => {
  const data = message.data;
  if (data.kind === "ping") return post({ kind: "pong" });
  if (data.kind === "sandbox") {
    const [given] = message.ports;
    if (given) answer?.resolve(given);
    else answer?.reject(new Error(data.error ?? "The page sent no sandbox."));
    return;
  }
  RUNNERS[data.exercise](data.source, sandbox).then(
    (report) => post({ kind: "report", id: data.id, report }),
    (error) =>
      post({ kind: "failed", id: data.id, message: error instanceof Error ? error.message : String(error) }),
  );
};
post({ kind: "ready" });
