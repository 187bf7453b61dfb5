/**
 * What the page's files-and-links controls get from the composition root (src/app/page/share/share-page.ts
 * implements it). Everything here answers with codes and numbers; the components word them.
 */
import type { FileChanges } from "@agent/file-changes";
import type { ImportSkipReason } from "@agent/protocol";

/** A file or folder the learner dropped or picked, read only once it is known to fit the limits. */
export type Picked =
  | { path: string; kind: "file"; size: number; read(): Promise<Uint8Array> }
  | { path: string; kind: "dir" };

/** Why a whole import was refused (nothing was written). */
export type ImportRefusal = "notZip" | "zip64" | "corrupt" | "bomb" | "tooLarge" | "tooMany" | "unreadable";

export interface ImportReport {
  files: number;
  folders: number;
  links: number;
  bytes: number;
  skipped: readonly { path: string; reason: ImportSkipReason }[];
  /** names Windows would refuse (kept here; an exported zip may not unpack there) */
  windowsNames: number;
  /** files of the workspace the import would replace */
  overwrites: readonly string[];
  refused?: ImportRefusal;
}

export interface PreparedImport {
  report: ImportReport;
  /** sends the import to the session (nothing is written before) */
  commit(): void;
}

/**
 * Why a link is not opened. `corrupt`, `truncated`, `newer`: the link itself; the others name a limit or
 * a path, which asking for the same link again would not change.
 */
export type LinkProblem =
  | "corrupt"
  | "truncated"
  | "newer"
  /** unpacks to more than `limit` bytes (MAX_LINK_BYTES) */
  | "tooLarge"
  /** a workspace of more than `limit` entries (MAX_IMPORT_ENTRIES) */
  | "tooMany"
  /** `path` is refused for `reason` (import-rules.ts) */
  | "badPath"
  /** more than `limit` learner tools */
  | "tooManyTools"
  /** the learner tool `tool` is longer than `limit` characters */
  | "toolTooLong"
  /** the scenario in it does not load: `detail` is the scenario parser's line */
  | "badScenario"
  /** made on a pi version this page does not have: `detail` names it */
  | "unknownPi";

/** A link refused: the problem and what it names. */
export interface LinkRefusal {
  ok: false;
  problem: LinkProblem;
  version?: number;
  limit?: number;
  path?: string;
  reason?: ImportSkipReason;
  tool?: string;
  detail?: string;
}

/** What a share link holds, counted before anything of it reaches the session. */
export interface LinkSummary {
  /** "scenario": a `?scenario=` link (a scenario with its own files); a share link otherwise */
  source?: "scenario";
  /** a scenario link's steps */
  steps?: number;
  /** entries in the workspace the link gives */
  files: number;
  /** the files opening it adds to, changes in and removes from the workspace, by name (never folders) */
  changes: FileChanges;
  tools: readonly string[];
  scenario?: string;
  /**
   * the learner's tools the link offers, with their code, which the question shows before anything is
   * accepted: shown again after it opens, registered only when accepted
   */
  learnerTools: readonly { name: string; source: string }[];
}

export type OpenedLink =
  | {
      ok: true;
      summary: LinkSummary;
      /**
       * asks (the page's dialog), then loads the work when the answer is yes; resolves with the answer.
       * The first visit's own scenario waits for this and gives way when the work loaded.
       */
      open(ask: () => Promise<boolean>): Promise<boolean>;
      /**
       * keeps the link in this tab for its next load (the learner chose to open it as a new workspace,
       * which the page reloads into); `takeKeptLink` there hands it back once
       */
      keepForNextLoad(): void;
    }
  | LinkRefusal;

export type MadeLink =
  | { ok: true; url: string; length: number }
  | { ok: false; reason: "tooLong"; length: number };

export interface ShareHandle {
  limits: { bytes: number; entries: number; linkLength: number; shortLink: number };
  preparePicked(items: readonly Picked[]): Promise<PreparedImport>;
  prepareZip(file: { size: number; read(): Promise<Uint8Array> }): Promise<PreparedImport>;
  /** downloads the workspace as a .zip */
  exportZip(): Promise<void>;
  makeLink(): Promise<MadeLink>;
  /** reads a URL fragment; null when it is not a share link */
  readLink(hash: string): Promise<OpenedLink | null>;
  /** the link kept by `keepForNextLoad` before this load, once (then forgotten); null when none */
  takeKeptLink(): Promise<OpenedLink | null>;
  /** a scenario file the learner picked: checked, then loaded (its files and tools replace the current ones) */
  openScenarioFile(file: {
    name: string;
    size: number;
    text(): Promise<string>;
  }): Promise<{ ok: true; title: string } | { ok: false; detail: string }>;
}
