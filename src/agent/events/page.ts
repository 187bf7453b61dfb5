import type { PiVersionId } from "@core/versions/ids";
/**
 * One family of the session's events (the union and the emitter are in ../events.ts): the page's own
 * events: emitted on the page, into the same stream.
 */

/**
 * The page ended a session worker whose call ignored abort, and started a new one: the calls it was
 * running can never end. Emitted by the page into the same log (seq is the last session event's).
 */
export interface WorkerReplacedEvent {
  type: "worker_replaced";
  /** why, in the learner's words */
  reason: string;
  /** the calls that were still running */
  toolCallIds: string[];
}

/** Something the page did or could not do that the session could not announce (page-emitted). */
export interface NoticeEvent {
  type: "notice";
  /** counts the page's notices: a stable key, also after a replay */
  id: number;
  /** the sentence in English, for the event log and exports */
  text: string;
  /** what it says, for the page to word in its own language (`text` when there is none) */
  about?: NoticeAbout;
}

/** The page's notices as a code and its values; an error's own message stays as it came. */
export type NoticeAbout =
  | { code: "listFailed"; error: string }
  | { code: "loadFailed"; file: string; error: string }
  | { code: "linkFailed"; url: string; error: string }
  | { code: "saveFailed"; error: string }
  /** the address's `?pi=` names no version the page has */
  | { code: "unknownPiVersion"; value: string; known: string }
  | {
      code: "workerReplaced";
      calls: string;
      ms: number;
      from: "snapshot" | "preset";
      reason?: string;
      /** "learner": a learner's tool (named in `tools`) did not end; absent: a bash command */
      cause?: "learner";
      tools?: string;
    };

/**
 * Model mode: a request went to the provider, with this body (pi-ai's, from its onPayload hook) and these
 * headers. Page-emitted by the provider context; the key is masked in both and never in the event.
 */
export interface ModelRequestSentEvent {
  type: "model_request_sent";
  /** the model id the request is for */
  model: string;
  /** whose pi-ai built the body (absent in logs from before model mode spoke both versions) */
  piVersion?: PiVersionId;
  body: unknown;
  headers: [name: string, value: string][];
}
