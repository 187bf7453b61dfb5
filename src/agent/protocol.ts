/**
 * The one channel between the page and the session worker: commands in, events out. Both directions are
 * plain structured-clone data, so the same session object runs behind a Worker or directly in a Node test.
 */
import type { SessionEvent } from "./events";

export type SessionCommand = { type: "init" } | { type: "ping"; id: number };

export type WorkerToPage = { kind: "event"; event: SessionEvent } | { kind: "pong"; id: number };
export type PageToWorker = { kind: "command"; command: SessionCommand };

/** What every session host (worker or in-process) offers the page. */
export interface SessionPort {
  send(command: SessionCommand): void;
  onEvent(listener: (event: SessionEvent) => void): () => void;
}
