/**
 * The drills' picture, a fold of events: the drill in force, and for each call the faulty disk touched,
 * what it did and which layer of error handling answered. Faults are tied to the newest call of that
 * tool still executing (two parallel calls of one tool under a drill may swap their faults).
 */
import type { EventOf, SessionEvent } from "@agent/events";

/**
 * The drills the page offers, in menu order. The faulty disk's presets (src/backends/faulty/drills.ts)
 * are the same list; a cross-layer test keeps the two equal (state may not import a backend).
 */
export const PAGE_DRILLS = ["off", "disk-full", "slow-drive", "src-denied", "vanish"] as const;

export type FaultNote = Omit<EventOf<"fault_injected">, "type" | "seq" | "ts" | "toolName">;

/**
 * Who answered the disk's error: the tool recognised it and wrote its own words (`reworded`), the tool
 * let it throw and the pipeline's catch-all made the result from its text (`caught`), the tool went on
 * without it (`handled`), the operation never answered and the call was ended (`stalled`), or the disk
 * only slowed the call (`slowed`). Empty while the call runs.
 */
export type DrillAnswer = "reworded" | "caught" | "handled" | "stalled" | "slowed";

export interface DrillCall {
  toolName: string;
  faults: readonly FaultNote[];
  answer?: DrillAnswer;
}

export interface DrillsState {
  active: string;
  /** the files from before the last drill can be brought back */
  undo: boolean;
  /** calls executing now, oldest first */
  executing: readonly { id: string; toolName: string }[];
  calls: Readonly<Record<string, DrillCall>>;
}

export const EMPTY_DRILLS: DrillsState = { active: "off", undo: false, executing: [], calls: {} };

export function reduceDrills(state: DrillsState, event: SessionEvent): DrillsState {
  switch (event.type) {
    case "drill_changed":
      return state.active === event.drill && state.undo === (event.undo === true)
        ? state
        : { ...state, active: event.drill, undo: event.undo === true };
    case "call_executing":
      return {
        ...state,
        executing: [...state.executing, { id: event.toolCallId, toolName: event.toolName }],
      };
    case "fault_injected": {
      const call = state.executing.findLast((c) => c.toolName === event.toolName);
      if (!call) return state;
      const { type: _t, seq: _s, ts: _ts, toolName, ...note } = event;
      const before = state.calls[call.id];
      const faults = [...(before?.faults ?? []), note];
      return { ...state, calls: { ...state.calls, [call.id]: { toolName, faults } } };
    }
    case "tool_execution_end": {
      const executing = state.executing.filter((c) => c.id !== event.toolCallId);
      const call = state.calls[event.toolCallId];
      if (!call) return executing.length === state.executing.length ? state : { ...state, executing };
      const text = event.result.content.find((c) => c.type === "text")?.text ?? "";
      const answer = answerOf(call.faults, event.isError, text);
      return { ...state, executing, calls: { ...state.calls, [event.toolCallId]: { ...call, answer } } };
    }
    case "session_cleared":
    case "worker_replaced":
      return { ...state, executing: [], calls: event.type === "session_cleared" ? {} : state.calls };
    default:
      return state;
  }
}

export function answerOf(faults: readonly FaultNote[], isError: boolean, text: string): DrillAnswer {
  if (faults.some((f) => f.kind === "hang")) return "stalled";
  const errors = faults.filter((f) => f.kind === "error" || f.kind === "short-write");
  if (errors.length === 0) return "slowed";
  if (!isError) return "handled";
  return errors.some((f) => f.message === text) ? "caught" : "reworded";
}

/** The added waits of a call's latency faults, in ms. */
export function addedMs(call: DrillCall): number {
  return call.faults.reduce((ms, f) => ms + (f.kind === "latency" ? (f.ms ?? 0) : 0), 0);
}
