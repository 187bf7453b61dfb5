/**
 * The pipeline debugger on the page, a fold of events: the breakpoints in force (src/agent/breakpoints.ts)
 * and the calls paused at them.
 */
import type { Breakpoint } from "@agent/breakpoints";
import type { EventOf, SessionEvent } from "@agent/events";

export type PausedCall = Omit<EventOf<"call_paused">, "type" | "seq" | "ts"> & {
  /** the session refused the last edit: why (pi's validation text, or the result's part of the wrong shape) */
  refused?: Pick<EventOf<"call_resume_refused">, "error" | "part">;
};

export interface DebuggerState {
  breakpoints: readonly Breakpoint[];
  /** paused now, oldest first */
  paused: readonly PausedCall[];
}

export const EMPTY_DEBUGGER: DebuggerState = { breakpoints: [], paused: [] };

export function reduceDebugger(state: DebuggerState, event: SessionEvent): DebuggerState {
  switch (event.type) {
    case "breakpoints_changed":
      return { ...state, breakpoints: event.breakpoints };
    case "call_paused": {
      const { type: _t, seq: _s, ts: _ts, ...paused } = event;
      return { ...state, paused: [...state.paused, paused] };
    }
    case "call_resume_refused":
      return {
        ...state,
        paused: state.paused.map((p) =>
          p.toolCallId === event.toolCallId
            ? { ...p, refused: { error: event.error, ...(event.part ? { part: event.part } : {}) } }
            : p,
        ),
      };
    case "call_resumed":
      return { ...state, paused: state.paused.filter((p) => p.toolCallId !== event.toolCallId) };
    case "session_ready":
    case "worker_replaced":
      return state.paused.length === 0 ? state : { ...state, paused: [] };
    default:
      return state;
  }
}
