/**
 * The one channel between the page and the session worker: commands in, events out. Both directions are
 * plain structured-clone data, so the same session object runs behind a Worker or directly in a Node test.
 * Every command may carry an `id`; a command that fails is answered by `session_error` with that id.
 */
import type { SessionEvent, ToolState } from "./events";
import type { Scenario, ScenarioFiles } from "./scenario";

interface CommandBase {
  /** echoed in the answer (file_content, events_exported, session_error) */
  id?: string;
}

export type SessionCommand =
  | { type: "ping"; id: number }
  | (CommandBase &
      (
        | {
            type: "init";
            /** start from these files (a host restoring after it terminated a stuck worker) */
            files?: ScenarioFiles;
            /** or from a named preset ("default" when neither is given) */
            preset?: string;
            /** initial tool states; unnamed tools keep their default (read, bash, edit, write active) */
            tools?: Record<string, ToolState>;
          }
        /** replace the workspace with a preset's files (the transcript is kept) */
        | { type: "reset_workspace"; preset: string }
        /** run one call typed by hand through the pipeline; `args` is the raw JSON text */
        | { type: "run_tool_call"; toolName: string; args: string; toolCallId?: string }
        /** load a scenario (its workspace and tools replace the current ones); the player is ready at step 0 */
        | { type: "scenario_load"; scenario: Scenario }
        /** play from the current step; `speed` divides delays (1 = as written, 0 = no delays) */
        | { type: "scenario_play"; speed?: number }
        /** take exactly one step (a user step runs its run up to the next model request) */
        | { type: "scenario_step" }
        | { type: "scenario_pause" }
        | { type: "scenario_speed"; speed: number }
        /** Esc: abort the running run or call */
        | { type: "abort" }
        | { type: "set_tool_state"; name: string; state: ToolState }
        /** the editor saved a file (workspace-relative path, utf8 text) */
        | { type: "write_file"; path: string; content: string }
        /** answered by file_content */
        | { type: "read_file"; path: string }
        /** answered by events_exported */
        | { type: "export_events" }
        /** answered by a `snapshot` message (not an event): the workspace as a files map */
        | { type: "snapshot" }
      ));

export type SessionCommandType = SessionCommand["type"];

export type WorkerToPage =
  | { kind: "event"; event: SessionEvent }
  /** Several events in emission order: the worker batches them so a burst costs the page few messages. */
  | { kind: "events"; events: SessionEvent[] }
  | { kind: "pong"; id: number }
  /**
   * The workspace after each completed call, reset or editor write (and on request). The host keeps the
   * latest: when a call cannot be interrupted it terminates the worker and starts a new one with
   * `init {files}`. Sent beside the event stream so the log stays small.
   */
  | { kind: "snapshot"; files: ScenarioFiles; reason: string };

export type PageToWorker =
  | { kind: "command"; command: SessionCommand }
  /** The page has taken in (and drawn) every event up to `seq`: flow control for fast scenarios. */
  | { kind: "ack"; seq: number };

/** What every session host (worker or in-process) offers the page. */
export interface SessionPort {
  send(command: SessionCommand): void;
  onEvent(listener: (event: SessionEvent) => void): () => void;
}
