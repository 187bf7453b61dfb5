/**
 * The pipeline debugger's breakpoints. A breakpoint stops a call at one of pi's two hook points, before
 * execute (pi's beforeToolCall: arguments validated, the call may still be blocked) or after it (pi's
 * afterToolCall: the result may still be replaced), for one tool or every tool, and, when it has a
 * condition, only when the call's arguments contain that text.
 */
export type BreakStage = "before_execute" | "after_execute";
export const BREAK_STAGES: readonly BreakStage[] = ["before_execute", "after_execute"];
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
