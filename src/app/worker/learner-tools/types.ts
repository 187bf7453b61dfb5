/**
 * The learner's tools as data: what the session keeps, what a snapshot carries and what the page shows.
 * Plain structured-clone values, so they cross the worker boundary and fit in a saved workspace.
 */

import type { LearnerToolEntry } from "@agent/events";

/** One learner tool file as the learner wrote it (the event's shape: the session keeps what it reports). */
export type LearnerToolSource = LearnerToolEntry;

/** A problem in a tool file, at a place in it when there is one (1-based line, 0-based column). */
export interface ToolDiagnostic {
  /** a stable code the page words (toolEditor namespace); `message` is the English detail */
  code:
    | "syntax"
    | "unsupported"
    | "import"
    | "load"
    | "noDefault"
    | "noTool"
    | "definition"
    | "schema"
    | "clash"
    | "piApi";
  message: string;
  line?: number;
  column?: number;
}
