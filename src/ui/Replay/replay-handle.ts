/**
 * What the page's events import and replay give the components (src/app/page/events-import.ts implements
 * it): codes and numbers, worded by the components in the `replay` namespace.
 */
import type { SkippedLine } from "@agent/pi-session/read";
import type { RecordedCall } from "@agent/pi-session/to-events";
import type { Scenario } from "@agent/scenario";
import type { SessionStores } from "@state/session-stores";
import type { Store } from "@state/store";

/** Why a file was not imported (nothing changed). */
export type EventsImportProblem =
  | "tooLarge"
  | "unreadable"
  | "empty"
  | "notJson"
  | "notObject"
  | "missingStamp"
  | "unknownType"
  | "cannotShow"
  | "piSessionNoHeader"
  | "piSessionVersion";

export interface EventsImportFailure {
  ok: false;
  problem: EventsImportProblem;
  /** the file's line (from 1) that is wrong */
  line?: number;
  /** the event's type on that line, when it has one */
  type?: string;
  /** the size limit, in bytes, for `tooLarge` */
  limit?: number;
  /** the session format version the file names, for `piSessionVersion` */
  version?: number;
}

/** A pi session file shown: the calls it holds with pi's results, and the lines that were skipped. */
export interface PiRecording {
  version: number;
  calls: RecordedCall[];
  /** the first skipped lines by number; `skippedCount` counts them all */
  skipped: SkippedLine[];
  skippedCount: number;
  /** the prompts and replies as a scenario the page can play (and then save or share as any scenario) */
  scenario: Scenario | null;
}

/** A session file on its way in: read in a worker, then folded into the panels' stores. */
export interface ReplayLoading {
  name: string;
  phase: "reading" | "drawing";
  done: number;
  total: number;
}

/** A file being shown in the panels in place of the live session. */
export interface ReplayShown {
  name: string;
  events: number;
  /** the stores the file's events were folded into (the live session's are untouched) */
  stores: SessionStores;
  /** set when the file is a pi session file */
  recording?: PiRecording;
}

/** The last import that failed, and the file's name (shown until dismissed or the next import). */
export type ReplayProblem = EventsImportFailure & { name: string };

export interface ReplayHandle {
  /** null: the panels show the live session */
  view: Store<ReplayShown | null>;
  problem: Store<ReplayProblem | null>;
  /** a session file being read and folded, or null */
  loading: Store<ReplayLoading | null>;
  dismissProblem(): void;
  /** runs a recorded call in the live session, on the learner's workspace: the page's answer */
  rerun(call: RecordedCall): Promise<{ text: string; isError: boolean }>;
  /** back to the live session, with this scenario loaded there, ready to play */
  playAsScenario(scenario: Scenario): void;
  /** the panels could not draw the file's events: back to the live session, and say so */
  drawFailed(): void;
  /** checks every line of an events file (JSON Lines, as "Export events" writes it), then shows it */
  importFile(file: {
    name: string;
    size: number;
    text(): Promise<string>;
    /** a Blob's: present on a picked or dropped file, which may then be a pi session file */
    slice?: Blob["slice"];
  }): Promise<{ ok: true; events: number } | EventsImportFailure>;
  /** back to the live session's picture */
  back(): void;
}
