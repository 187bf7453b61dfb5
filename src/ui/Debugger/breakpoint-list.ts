import { ANY_TOOL, type Breakpoint, type BreakStage } from "@agent/breakpoints";

/** The list with one more breakpoint (its id unique in the list); the same one twice is not added. */
export function withBreakpoint(
  list: readonly Breakpoint[],
  tool: string,
  stage: BreakStage,
  when: string,
): Breakpoint[] {
  const condition = when.trim();
  const same = (b: Breakpoint) => b.tool === tool && b.stage === stage && (b.when ?? "") === condition;
  if (list.some(same)) return [...list];
  let n = list.length + 1;
  while (list.some((b) => b.id === `b${n}`)) n++;
  return [...list, { id: `b${n}`, tool: tool || ANY_TOOL, stage, ...(condition ? { when: condition } : {}) }];
}

export const withoutBreakpoint = (list: readonly Breakpoint[], id: string): Breakpoint[] =>
  list.filter((b) => b.id !== id);

/** The timeline's toggle: a tool's plain before-execute breakpoint, set or taken away again. */
export function toggledToolBreakpoint(list: readonly Breakpoint[], tool: string): Breakpoint[] {
  const plain = list.find((b) => b.tool === tool && b.stage === "before_execute" && !b.when);
  return plain ? withoutBreakpoint(list, plain.id) : withBreakpoint(list, tool, "before_execute", "");
}

/** Whether the tool has the plain before-execute breakpoint the timeline sets. */
export const hasToolBreakpoint = (list: readonly Breakpoint[], tool: string) =>
  list.some((b) => b.tool === tool && b.stage === "before_execute" && !b.when);
