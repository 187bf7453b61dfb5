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

/** The steps a call with this name goes through, in pi's order, for the "how is it dispatched" view. */
export function dispatchSteps(row: ToolRow | undefined, name: string): { step: string; what: string }[] {
  const steps = [
    {
      step: "lookup",
      what: row
        ? row.state === "off"
          ? `"${name}" is off: it is not in the agent's tool list, so the call is answered at once with "Tool ${name} not found".`
          : `The agent finds "${name}" by exact name in its tool list${row.state === "hidden" ? " (hidden: executable, but not declared to the model)" : ""}.`
        : `No tool is named "${name}": the answer is "Tool ${name} not found".`,
    },
  ];
  if (!row || row.state === "off") return steps;
  steps.push(
    {
      step: "prepare",
      what: row.hasPrepareArguments
        ? row.name === "edit"
          ? "prepareArguments repairs old argument shapes (a stringified edits list, top-level oldText/newText) before validation."
          : "prepareArguments reshapes the raw arguments before validation."
        : "No prepareArguments shim: the raw arguments go on unchanged.",
    },
    {
      step: "validate",
      what: 'The arguments are coerced (Value.Convert: "5" → 5) and checked against the schema; a misfit comes back as the validation error text.',
    },
    { step: "before hook", what: "beforeToolCall may block the call; the playground installs none." },
    {
      step: "execute",
      what: `execute(toolCallId, args, signal, onUpdate) runs on the ${row.backend} Operations its closure holds${row.executionMode === "sequential" ? "; this tool makes the whole batch sequential" : "; calls in one batch run in parallel"}. A throw becomes an error result.`,
    },
    {
      step: "after hook",
      what: "afterToolCall may replace content, details or isError; the playground installs none.",
    },
    {
      step: "result",
      what: "tool_execution_end, then a toolResult message the model reads on its next turn.",
    },
  );
  return steps;
}
