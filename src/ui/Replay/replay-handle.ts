/**
 * What the page's events import and replay give the components (src/app/page/events-import.ts implements
 * it): codes and numbers, worded by the components in the `replay` namespace.
 */
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
  | "cannotShow";

export interface EventsImportFailure {
  ok: false;
  problem: EventsImportProblem;
  /** the file's line (from 1) that is wrong */
  line?: number;
  /** the event's type on that line, when it has one */
  type?: string;
  /** the size limit, in bytes, for `tooLarge` */
  limit?: number;
}

/** A file being shown in the panels in place of the live session. */
export interface ReplayShown {
  name: string;
  events: number;
  /** the stores the file's events were folded into (the live session's are untouched) */
  stores: SessionStores;
}

/** The last import that failed, and the file's name (shown until dismissed or the next import). */
export type ReplayProblem = EventsImportFailure & { name: string };

export interface ReplayHandle {
  /** null: the panels show the live session */
  view: Store<ReplayShown | null>;
  problem: Store<ReplayProblem | null>;
  dismissProblem(): void;
  /** the panels could not draw the file's events: back to the live session, and say so */
  drawFailed(): void;
  /** checks every line of an events file (JSON Lines, as "Export events" writes it), then shows it */
  importFile(file: {
    name: string;
    size: number;
    text(): Promise<string>;
  }): Promise<{ ok: true; events: number } | EventsImportFailure>;
  /** back to the live session's picture */
  back(): void;
}
