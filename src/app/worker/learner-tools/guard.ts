/**
 * The call guard around a learner's tool, where the playground is stricter than pi (docs/learner-tools.md
 * lists each): a result of the wrong shape becomes an error result that says what is wrong, instead of a
 * success that breaks the next request. The session checks what comes back from the sandbox itself, so a
 * tool that tampers with the sandbox's own checks still cannot hand the session a malformed result.
 */
import type { AgentToolUpdateCallback, AnyToolDefinition } from "@core/tools/types";
import { resultProblem, shapeError } from "../../common/learner-tools/result-shape";

/** The definition as the session runs it: each result and update checked before anything sees it. */
export function guardDefinition(d: AnyToolDefinition, cwd: () => string): AnyToolDefinition {
  return {
    ...d,
    async execute(toolCallId, params, signal, onUpdate, ctx) {
      const update: AgentToolUpdateCallback | undefined = onUpdate
        ? (partial) => {
            const problem = resultProblem(partial);
            if (problem) throw shapeError(d.name, problem, "update (onUpdate)");
            onUpdate(partial);
          }
        : undefined;
      const result = await d.execute(toolCallId, params, signal, update, { ...ctx, cwd: cwd() } as never);
      const problem = resultProblem(result);
      if (problem) throw shapeError(d.name, problem);
      return result;
    },
  };
}
