/**
 * The registration guard and the call guard around a learner's tool, where the playground is stricter
 * than pi (docs/learner-tools.md lists each). A definition that would break a provider request or pi's
 * validator is refused at registration; a result of the wrong shape becomes an error result that says
 * what is wrong, instead of a success that breaks the next request.
 */
import type { AgentToolUpdateCallback, AnyToolDefinition } from "@core/tools/types";
import { resultProblem } from "./result-shape";
import { lintParameters } from "./schema-lint";
import type { ToolDiagnostic } from "./types";

const NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The problems of one registered definition; empty when it may join the dispatch table. */
export function checkDefinition(
  value: unknown,
  builtins: readonly string[],
  replace: boolean,
): ToolDiagnostic[] {
  if (typeof value !== "object" || value === null)
    return [{ code: "definition", message: "pi.registerTool was called without a definition object." }];
  const d = value as Record<string, unknown>;
  const out: ToolDiagnostic[] = [];
  const bad = (message: string) => out.push({ code: "definition", message });
  if (typeof d.name !== "string" || !NAME.test(d.name))
    bad(`name ${JSON.stringify(d.name)} is not a tool name: use 1 to 64 letters, digits, "_" or "-".`);
  if (typeof d.label !== "string" || d.label === "") bad("label is missing: a short title for the tool.");
  if (typeof d.description !== "string" || d.description.trim() === "")
    bad("description is missing: it is what the model reads to decide when to call the tool.");
  if (typeof d.execute !== "function")
    bad("execute is missing: execute(toolCallId, params, signal, onUpdate).");
  if (d.promptSnippet !== undefined && typeof d.promptSnippet !== "string")
    bad("promptSnippet must be a string.");
  if (
    d.promptGuidelines !== undefined &&
    (!Array.isArray(d.promptGuidelines) || d.promptGuidelines.some((g) => typeof g !== "string"))
  )
    bad("promptGuidelines must be an array of strings.");
  if (d.prepareArguments !== undefined && typeof d.prepareArguments !== "function")
    bad("prepareArguments must be a function of the raw arguments.");
  if (d.executionMode !== undefined && d.executionMode !== "sequential" && d.executionMode !== "parallel")
    bad(`executionMode is ${JSON.stringify(d.executionMode)}: it must be "sequential" or "parallel".`);
  for (const problem of lintParameters(d.parameters)) out.push({ code: "schema", message: `${problem}.` });
  if (typeof d.name === "string" && builtins.includes(d.name) && !replace)
    out.push({
      code: "clash",
      message: `"${d.name}" is a built-in tool. Rename yours, or register it as a replacement of the built-in.`,
    });
  return out;
}

/** The error a malformed result becomes (its text reaches the model as pi's error result would). */
export function shapeError(toolName: string, problem: string, what = "result") {
  return new Error(`The ${toolName} tool's ${what} is malformed: ${problem}.`);
}

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
