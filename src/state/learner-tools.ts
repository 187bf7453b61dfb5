import type { LearnerToolEntry, LearnerToolProblem, SessionEvent } from "@agent/events";

/** What the tool editor shows of the session's learner tools: the files, and the last register's outcome. */
export interface LearnerToolsSnapshot {
  tools: readonly LearnerToolEntry[];
  /** the answer to the last register_tool, with the seq it came at (so the editor knows it is new) */
  outcome:
    | { kind: "registered"; names: string[]; replaces: string[]; seq: number }
    | { kind: "rejected"; diagnostics: LearnerToolProblem[]; seq: number }
    | null;
}

export const EMPTY_LEARNER_TOOLS: LearnerToolsSnapshot = { tools: [], outcome: null };

/** A pure fold: the files come whole with each learner_tools_changed; a new worker sends them again. */
export function reduceLearnerTools(state: LearnerToolsSnapshot, event: SessionEvent): LearnerToolsSnapshot {
  switch (event.type) {
    case "learner_tools_changed":
      return { ...state, tools: event.tools };
    case "learner_tool_registered":
      return {
        ...state,
        outcome: { kind: "registered", names: event.names, replaces: event.replaces, seq: event.seq },
      };
    case "learner_tool_rejected":
      return { ...state, outcome: { kind: "rejected", diagnostics: event.diagnostics, seq: event.seq } };
    default:
      return state;
  }
}
