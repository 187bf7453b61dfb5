/**
 * The registration guard, where the playground is stricter than pi (docs/learner-tools.md lists each): a
 * definition that would break a provider request or pi's validator is refused before it registers, with
 * what is wrong. It runs in the sandbox, on the definitions as the learner's code made them.
 */
import type { ToolDiagnostic } from "./diagnostics";
import { lintParameters } from "./schema-lint";

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
  if (d.prepareArguments !== undefined)
    bad(
      "prepareArguments is not available here: the session reaches your code in its sandbox only by messages, and pi calls prepareArguments without waiting. Reshape the arguments at the start of execute instead.",
    );
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
