import type { SessionEvent, ToolRow } from "@agent/events";
import { createDraft, type Draft } from "./fold-store";

export interface ToolStats {
  calls: number;
  errors: number;
  /** total time of the most recent finished call, ms */
  lastMs: number | null;
  /** calls of this tool running now */
  running: number;
}

export interface DispatchTableSnapshot {
  /** the registry, in the session's order */
  tools: readonly ToolRow[];
  /** tool name → counters (tools never called have none) */
  stats: Readonly<Record<string, ToolStats>>;
}

export const EMPTY_DISPATCH: DispatchTableSnapshot = { tools: [], stats: {} };
const ZERO: ToolStats = { calls: 0, errors: 0, lastMs: null, running: 0 };

function bump(
  state: DispatchTableSnapshot,
  draft: Draft,
  name: string,
  fn: (s: ToolStats) => ToolStats,
): DispatchTableSnapshot {
  const next = draft.own(state);
  const stats = draft.own(state.stats);
  stats[name] = fn(state.stats[name] ?? ZERO);
  next.stats = stats;
  return next;
}

/**
 * The dispatch table: the tool rows from tool_set_changed, with counters folded from every call. Writes go
 * through `draft` (copy on first write; see fold-store.ts); with two arguments it is a plain pure reducer.
 */
export function reduceDispatch(
  state: DispatchTableSnapshot,
  event: SessionEvent,
  draft: Draft = createDraft(),
): DispatchTableSnapshot {
  switch (event.type) {
    case "tool_set_changed":
      return { ...state, tools: event.tools };
    case "tool_handler_changed":
      return {
        ...state,
        tools: state.tools.map((t) => (t.name === event.name ? { ...t, handler: event.handler } : t)),
      };
    case "tool_execution_start":
      return bump(state, draft, event.toolName, (s) => ({
        ...s,
        calls: s.calls + 1,
        running: s.running + 1,
      }));
    case "tool_execution_end":
      return bump(state, draft, event.toolName, (s) => ({
        ...s,
        errors: s.errors + (event.isError ? 1 : 0),
        running: Math.max(0, s.running - 1),
      }));
    case "call_done":
      return bump(state, draft, event.toolName, (s) => ({ ...s, lastMs: event.totalMs }));
    case "call_rejected":
    case "call_blocked":
      return bump(state, draft, event.toolName, (s) => ({ ...s, lastMs: event.durationMs }));
    case "session_cleared":
      // The counters start over; a call still running keeps its count until it ends.
      return {
        ...state,
        stats: Object.fromEntries(
          Object.entries(state.stats)
            .filter(([, st]) => st.running > 0)
            .map(([name, st]) => [name, { ...ZERO, calls: st.running, running: st.running }]),
        ),
      };
    case "worker_replaced": {
      // The replaced worker's calls count as failed: none of them will report an end.
      if (!Object.values(state.stats).some((st) => st.running > 0)) return state;
      const next = draft.own(state);
      const stats = draft.own(state.stats);
      for (const [name, st] of Object.entries(stats))
        if (st.running > 0) stats[name] = { ...st, running: 0, errors: st.errors + st.running };
      next.stats = stats;
      return next;
    }
    default:
      return state;
  }
}

/** One stage of a call's dispatch: which stage, and what happens there (a code the page words). */
export interface DispatchStep {
  step: "lookup" | "prepare" | "validate" | "before" | "execute" | "after" | "result";
  what:
    | "off"
    | "found"
    | "foundHidden"
    | "missing"
    | "prepareEdit"
    | "prepareShim"
    | "prepareNone"
    | "validate"
    | "before"
    | "executeSequential"
    | "executeParallel"
    | "after"
    | "result";
}

/** The steps a call to this tool goes through, in pi's order, for the "how is it dispatched" view. */
export function dispatchSteps(row: ToolRow | undefined): DispatchStep[] {
  const lookup: DispatchStep["what"] = !row
    ? "missing"
    : row.state === "off"
      ? "off"
      : row.state === "hidden"
        ? "foundHidden"
        : "found";
  const steps: DispatchStep[] = [{ step: "lookup", what: lookup }];
  if (!row || row.state === "off") return steps;
  steps.push(
    {
      step: "prepare",
      what: row.hasPrepareArguments ? (row.name === "edit" ? "prepareEdit" : "prepareShim") : "prepareNone",
    },
    { step: "validate", what: "validate" },
    { step: "before", what: "before" },
    { step: "execute", what: row.executionMode === "sequential" ? "executeSequential" : "executeParallel" },
    { step: "after", what: "after" },
    { step: "result", what: "result" },
  );
  return steps;
}
