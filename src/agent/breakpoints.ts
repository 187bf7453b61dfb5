/**
 * The pipeline debugger's breakpoints. A breakpoint stops a call at one of five points of the pipeline,
 * for one tool or every tool, and, when it has a condition, only when the call's arguments contain that
 * text. Two are pi's hooks: before execute (beforeToolCall: arguments validated, the call may still be
 * blocked) and after it (afterToolCall: the result may still be replaced). Three are the playground's
 * own pause points between pi's stages: after prepareArguments, after validation, and before the result
 * goes back to the model (as the toolResult message).
 */
export type BreakStage =
  | "after_prepare"
  | "after_validate"
  | "before_execute"
  | "after_execute"
  | "before_result";
/** in the order a call passes them */
export const BREAK_STAGES: readonly BreakStage[] = [
  "after_prepare",
  "after_validate",
  "before_execute",
  "after_execute",
  "before_result",
];
/** the stages at which a call has arguments to edit (before it runs); the others have its result */
export const isArgsStage = (stage: BreakStage) =>
  stage === "after_prepare" || stage === "after_validate" || stage === "before_execute";
/** the stage after `stage`, where a Step pauses next; none after the last */
export const nextStage = (stage: BreakStage): BreakStage | undefined =>
  BREAK_STAGES[BREAK_STAGES.indexOf(stage) + 1];
/** a breakpoint's tool: a name, or every tool */
export const ANY_TOOL = "*";

export interface Breakpoint {
  id: string;
  tool: string;
  stage: BreakStage;
  /** pause only when the arguments, as JSON, contain this text (`src/`, `rm `) */
  when?: string;
}

/** Whether a value read back from storage is a list of breakpoints. */
export function isBreakpointList(value: unknown): value is Breakpoint[] {
  return (
    Array.isArray(value) &&
    value.every(
      (b) =>
        typeof b === "object" &&
        b !== null &&
        typeof b.id === "string" &&
        typeof b.tool === "string" &&
        BREAK_STAGES.includes(b.stage) &&
        (b.when === undefined || typeof b.when === "string"),
    )
  );
}

/** The breakpoint that stops a call of `tool` with `args` at `stage`, if any. */
export function breakpointFor(
  list: readonly Breakpoint[],
  tool: string,
  stage: BreakStage,
  args: unknown,
): Breakpoint | undefined {
  let json: string | undefined;
  return list.find((b) => {
    if (b.stage !== stage || (b.tool !== ANY_TOOL && b.tool !== tool)) return false;
    if (!b.when) return true;
    json ??= JSON.stringify(args) ?? "";
    return json.includes(b.when);
  });
}
