/** The lessons' code exercises as the page offers them: starting files, the live check, the test run. */
import type { LearnerToolProblem } from "@agent/events";
import type { ExercisesHandle } from "@ui/session-context";
import { EXERCISE_SKELETONS } from "../../common/lessons/skeletons";
import { createExerciseRunner, type ExerciseRunner } from "./exercise-host";

export function createExercisesHandle(deps: {
  /** compile only (none of the learner's code runs): the editor's problems as the learner types */
  check(source: string): Promise<LearnerToolProblem[]>;
  runner?: ExerciseRunner;
}): ExercisesHandle {
  let runner = deps.runner;
  return {
    skeleton: (id) => EXERCISE_SKELETONS[id],
    check: deps.check,
    run(id, source) {
      // The worker starts on the first run: a page that never opens a code exercise never loads it.
      runner ??= createExerciseRunner();
      return runner.run(id, source);
    },
  };
}
