/**
 * One family of the session's events (the union and the emitter are in ../events.ts): the learner's own
 * tools.
 */

/** One learner tool file, as the session keeps it (and a snapshot carries it). */
export interface LearnerToolEntry {
  name: string;
  source: string;
  enabled: boolean;
  replaces?: string;
  disabledReason?: "blocked" | "failed";
}

/** A problem in a learner's tool file: a code the page words, pi-style English detail, and where. */
export interface LearnerToolProblem {
  code: string;
  message: string;
  line?: number;
  column?: number;
}

/** A learner's file registered: these tools joined the dispatch table (replacing these built-ins). */
export interface LearnerToolRegisteredEvent {
  type: "learner_tool_registered";
  names: string[];
  replaces: string[];
}

/** A learner's file was refused; what was registered before stays as it was. */
export interface LearnerToolRejectedEvent {
  type: "learner_tool_rejected";
  diagnostics: LearnerToolProblem[];
}

/** The learner's tool files now (after a register, a remove, a restore). */
export interface LearnerToolsChangedEvent {
  type: "learner_tools_changed";
  tools: LearnerToolEntry[];
}
