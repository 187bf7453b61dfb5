/**
 * The saved-workspace part of the channel between the page and the session worker. The page picks the
 * workspace (and whether this tab may write it: another tab may hold it); the worker restores it before
 * `session_ready` and saves it after changes. The worker reports codes and figures, never sentences: the
 * page words them in its language.
 */

import type { PiVersionId } from "@core/versions/ids";
import type { Breakpoint } from "./breakpoints";
import type { LearnerToolEntry, ToolState } from "./events";

/** How this tab holds the workspace: "write" saves; "read-only" restores and never saves. */
export type PersistMode = "write" | "read-only";

export type PersistCommand =
  /**
   * Sent before `init`: the workspace to restore and keep. `restore: false` (a replaced worker) starts
   * from init's files and saves them at once. `failWrites` makes every write fail as a full disk would
   * (tests only: the page sets it from a localStorage flag).
   */
  | { type: "open"; id: string; mode: PersistMode; restore: boolean; failWrites?: "quota" }
  /** save now if anything is waiting; answered by a `flushed` status */
  | { type: "flush"; token: number }
  /** write the current state as the workspace `id` (a copy), then answer `copied` */
  | { type: "copy_to"; id: string; token: number }
  /** put back the record kept before the last reset (once), then answer `restored_previous` */
  | { type: "restore_previous"; token: number };

/** Why the workspace that was asked for was not restored, if it was not. */
export type RestoreOutcome =
  | { kind: "restored"; savedAt: number; bytes: number }
  | { kind: "fresh" }
  /** the record could not be read: kept aside under `asideKey`, the preset loaded */
  | { kind: "corrupt"; asideKey: string; detail: string }
  /** the record was written by a newer page: kept aside, the preset loaded */
  | { kind: "newer"; asideKey: string; version: number }
  /** IndexedDB could not be opened at all (private mode in some browsers, storage disabled) */
  | { kind: "unavailable"; detail: string };

export type SaveFailure = "quota" | "unavailable" | "error";

export type PersistStatus =
  | { kind: "restore"; outcome: RestoreOutcome }
  | { kind: "saving" }
  | { kind: "saved"; at: number; bytes: number }
  | { kind: "not_saved"; reason: SaveFailure | "read-only"; detail?: string }
  | { kind: "flushed"; token: number }
  | { kind: "copied"; token: number; ok: boolean; reason?: SaveFailure; detail?: string }
  | { kind: "restored_previous"; token: number; ok: boolean };

/** What a saved workspace holds beside its files. */
export interface SavedState {
  tools: Record<string, ToolState>;
  /** the learner's tool files and each row's handler (absent in records from before they were kept) */
  learner?: SavedLearnerTools;
  /** the pi version it was made on (absent in records from before there was a choice: 0.73.1) */
  pi?: PiVersionId;
  /** the pipeline debugger's breakpoints (absent: none, or a record from before they were kept) */
  breakpoints?: Breakpoint[];
}

/** The learner's tools as saved or shared (src/app/common/learner-tools/saved.ts reads them back). */
export interface SavedLearnerTools {
  tools: LearnerToolEntry[];
  /** tool name → handler, for every row not on pi's own */
  handlers: Record<string, string>;
}
