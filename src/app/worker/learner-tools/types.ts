/**
 * The learner's tools as data: what the session keeps, what a snapshot carries and what the page shows.
 * Plain structured-clone values, so they cross the worker boundary and fit in a saved workspace.
 */

import type { LearnerToolEntry } from "@agent/events";

/** One learner tool file as the learner wrote it (the event's shape: the session keeps what it reports). */
export type LearnerToolSource = LearnerToolEntry;

export type { ToolDiagnostic } from "../../common/learner-tools/diagnostics";
