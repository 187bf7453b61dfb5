/**
 * The one channel between the page and the session worker: commands in, events out, plus requests the
 * page waits on (a file's content for the editor), answered by a reply that never enters the event stream.
 * Both directions are plain structured-clone data, so the same session object runs behind a Worker or
 * directly in a Node test. Every command may carry an `id`; a command that fails is answered by
 * `session_error` with that id.
 */

import type { BackendKind } from "@core/backend-kinds";
import type { CompromiseDemo } from "@core/tools/mini-pi/compromises";
import type { PiVersionId } from "@core/versions/ids";
import type { Api, Context, Model, SimpleStreamOptions } from "@mariozechner/pi-ai";
import type { Breakpoint } from "./breakpoints";
import type { ManualCall } from "./drivers/manual";
import type { ModelChoice } from "./drivers/model-presets";
import type { LearnerToolEntry, LearnerToolProblem, SessionEvent, ToolState } from "./events";
import type { StreamDelta } from "./message-delta";
import type { PersistCommand, PersistStatus, SavedLearnerTools } from "./persist-protocol";
import type { Scenario, ScenarioFiles, ScenarioTools } from "./scenario";
import type { ScenarioInput } from "./scenario-schema";

interface CommandBase {
  /** echoed in the answer to a command that fails (session_error) */
  id?: string;
}

export type SessionCommand = CommandBase &
  (
    | {
        type: "init";
        /** start from these files (a host restoring after it terminated a stuck worker) */
        files?: ScenarioFiles;
        /** or from a named preset ("default" when neither is given) */
        preset?: string;
        /** initial tool states; unnamed tools keep their default (read, bash, edit, write active) */
        tools?: Record<string, ToolState>;
        /** the handler each tool's name points at (tool → "pi" | "mini-pi" | …); unnamed tools keep pi's */
        handlers?: Record<string, string>;
        /** the last seq the page saw from the worker this one replaces: numbering continues after it */
        seqFrom?: number;
        /** the drill in force in the worker this one replaces ("off" when absent) */
        drill?: string;
        /** the learner's tool files to bring back (the enabled ones register again) */
        learnerTools?: LearnerToolEntry[];
        /** the pi version to start on (a saved workspace's own, then the default, when absent) */
        piVersion?: PiVersionId;
        /** the pipeline debugger's breakpoints (a saved workspace's, or the replaced worker's) */
        breakpoints?: Breakpoint[];
      }
    /** imitate another pi version from now on: its tools, prompt, validation and loop */
    | { type: "set_pi_version"; version: PiVersionId }
    /** replace the workspace with a preset's files (the transcript is kept) */
    | { type: "reset_workspace"; preset: string }
    /** run one call typed by hand through the pipeline; `args` is the raw JSON text */
    | { type: "run_tool_call"; toolName: string; args: string; toolCallId?: string }
    /**
     * a whole turn composed by hand: the user's message (optional), one assistant message holding every
     * call (they run as one batch), then the assistant's closing text (optional; without it the run
     * stops once the results are in). Each call's `args` is raw JSON text, as in run_tool_call.
     */
    | { type: "run_turn"; user?: string; calls: ManualCall[]; closingText?: string }
    /**
     * load a scenario (its workspace and tools replace the current ones); the player is ready at step 0.
     * Unless `keepHistory`, the page starts clean (session_cleared before scenario_loaded).
     */
    | { type: "scenario_load"; scenario: Scenario; keepHistory?: boolean }
    /** play from the current step; `speed` divides the pauses (1 = natural pace, 0 = no pauses) */
    | { type: "scenario_play"; speed?: number }
    /** show exactly one more step (a message, or one call result), at once */
    | { type: "scenario_step" }
    | { type: "scenario_pause" }
    | { type: "scenario_speed"; speed: number }
    /**
     * model mode: the user's message, then as many model turns as the model wants, each from a real model
     * through pi-ai. The key is not here: the page's provider context adds it (see provider_request).
     */
    | { type: "model_prompt"; text: string; model: ModelChoice }
    /** playing stops after each call result until Play or Step is pressed again (kept across loads) */
    | { type: "scenario_pause_after_call"; value: boolean }
    /** Esc: abort the running run or call */
    | { type: "abort" }
    | { type: "set_tool_state"; name: string; state: ToolState }
    /** point a tool's name at another handler; the definition (and so the prompt) stays */
    | { type: "set_tool_handler"; name: string; handler: string }
    /** the editor saved a file (workspace-relative path, utf8 text) */
    | { type: "write_file"; path: string; content: string }
    /** the faulty disk: a drill's id ("off", "disk-full", …); the tools are rebuilt over it */
    | { type: "set_drill"; drill: string }
    /** the pipeline debugger's breakpoints (src/agent/breakpoints.ts), all of them at once */
    | { type: "set_breakpoints"; breakpoints: Breakpoint[] }
    /**
     * a paused call goes on: "continue" (with edited arguments before it runs, or edited result parts
     * after), "step" (the same, then paused again at the next stage), "skip" (blocked at pi's
     * before-hook, `reason` is what the model gets), or "abort" (the run is aborted)
     */
    | {
        type: "resume_call";
        toolCallId: string;
        action: "continue" | "step" | "skip" | "abort";
        args?: unknown;
        result?: Record<string, unknown>;
        reason?: string;
      }
    /** puts back the files as they were before the last drill was switched on (the drill is off) */
    | { type: "undo_drill" }
    /**
     * files, folders or a .zip the learner added: written into the workspace (what is there stays, a file
     * of the same path is replaced), as one change the tree, the prompt and the event stream show
     */
    | { type: "import_files"; entries: ImportEntry[] }
    /**
     * a share link the learner accepted: the page starts over with these files and tool states, and the
     * scenario (its workspace is `files`) when the link carries one
     */
    | { type: "load_shared"; shared: SharedWork }
    /**
     * move the workspace to another backend and make new tools over it (calls in flight finish on the
     * old ones). `webcontainer`: `source` "fake" boots the fake in the worker (tests, the test hook),
     * "port" uses the container the page booted, reached through `port`. `tools`: the tools that run on
     * the container (default all seven); the others stay on memfs over the same files.
     */
    | {
        type: "set_backend";
        backend: BackendKind;
        source?: "fake" | "port";
        port?: MessagePort;
        tools?: string[];
      }
    /**
     * the learner's tool file: compiled, its default export run, every tool it registers checked; then
     * learner_tool_registered or learner_tool_rejected. `replace`: a tool named like a built-in takes its place.
     */
    | { type: "register_tool"; source: string; replace?: boolean }
    /** takes the learner's tool out of the table (a built-in it replaced comes back) */
    | { type: "remove_tool"; name: string }
  );

/** One entry of an import, at a workspace-relative `/`-separated path. */
export type ImportEntry =
  | { path: string; kind: "file"; data: Uint8Array }
  | { path: string; kind: "dir" }
  | { path: string; kind: "symlink"; target: string };

/** Why an entry of an import was left out (the page words it). */
export type ImportSkipReason =
  | "backslash"
  | "controlChar"
  | "absolute"
  | "escapes"
  | "emptyName"
  | "nameTooLong"
  | "linkOutside"
  | "duplicate"
  | "clash"
  | "tooLarge"
  | "tooMany"
  | "encrypted"
  | "compression"
  | "unreadable";

/** What a share link carries, whole: the workspace, the tool states and the loaded scenario. */
export interface SharedWork {
  files: ScenarioFiles;
  tools: ScenarioTools;
  scenario?: Scenario;
  /**
   * the learner's tool files and rows' handler choices. Outbound: every file. Inbound (load_shared):
   * the files are not registered by the session (the page offers them); only pi's and mini-pi's
   * handler choices apply.
   */
  learner?: SavedLearnerTools;
  /** the pi version it was made on (absent in links from before there was a choice: 0.73.1) */
  pi?: PiVersionId;
}

/** A question the page waits on. Its answer is a `reply`, not an event: a 5 MB file stays out of the log. */
export type SessionRequest =
  | { type: "read_file"; path: string }
  /**
   * model mode: the request the session would send next to this model, built as a run builds it (the
   * prompt, the converted transcript, the declared tools, pi's options), without running anything
   */
  | { type: "model_request"; model: ModelChoice }
  /** "Save as scenario": the conversation so far as a scenario file (src/agent/scenario-record.ts) */
  | { type: "save_scenario"; title?: string }
  /** "Copy share link" and "Export .zip": the workspace, the tool states and the scenario loaded last */
  | { type: "share_state" }
  /** "Run backend self-test": a short Operations contract on the backend holding the files */
  | { type: "backend_self_test" }
  /** a row of the compromise table: its calls run on pi's handlers and on mini-pi's, in fresh sessions */
  | { type: "compromise_demo"; id: string }
  /** every path on the volume, inside the workspace and out (/etc, /home, /tmp) */
  | { type: "list_volume" }
  /** the tool editor's live check: the file compiled (no learner code runs), its problems at their lines */
  | { type: "compile_tool"; source: string };

/** One check of the backend self-test: its id (the page words it), and what it saw when it failed. */
export interface SelfTestRow {
  id: string;
  ok: boolean;
  detail?: string;
}

/** The volume's entries (absolute paths), at most `limit` of them; `total` counts them all. */
export interface VolumeListing {
  entries: { path: string; kind: "file" | "dir" | "symlink" }[];
  total: number;
  limit: number;
}

/** The streamSimple arguments of a model request, as data (no key, no signal). */
export interface ModelRequest {
  /** whose pi-ai builds the body */
  piVersion: PiVersionId;
  model: Model<Api>;
  context: Context;
  options: ProviderOptions;
}

/** A file's content: utf8 text, or null when it is binary (then `base64` holds it). */
export interface FileContent {
  text: string | null;
  base64?: string;
}

/** What each request type is answered with. */
export interface SessionReplies {
  read_file: FileContent;
  model_request: ModelRequest;
  save_scenario: ScenarioInput;
  share_state: SharedWork;
  backend_self_test: SelfTestRow[];
  compromise_demo: CompromiseDemo;
  list_volume: VolumeListing;
  compile_tool: LearnerToolProblem[];
}

export type WorkerToPage =
  | { kind: "event"; event: SessionEvent }
  /** Several events in emission order: the worker batches them so a burst costs the page few messages. */
  | { kind: "events"; events: SessionEvent[] }
  /** the answer to the request with the same id: its result, or an error the page can show */
  | { kind: "reply"; id: number; result?: SessionReplies[SessionRequest["type"]]; error?: string }
  /**
   * The workspace after each completed call, reset or editor write. The host keeps the
   * latest: when a call cannot be interrupted it terminates the worker and starts a new one with
   * `init {files}`. Sent beside the event stream so the log stays small.
   */
  | { kind: "snapshot"; files: ScenarioFiles; reason: string; learnerTools?: LearnerToolEntry[] }
  /** the answer to a ping: the worker's thread is free (the page's watchdog over learner code) */
  | { kind: "pong"; id: number }
  /**
   * Model mode: one streamSimple call for the page's provider context to make with the key it holds (the
   * session never has one). Its events come back as provider_event with the same id.
   */
  | {
      kind: "provider_request";
      id: number;
      /** whose pi-ai sends it (the page loads 1.6.0's on demand) */
      piVersion: PiVersionId;
      model: Model<Api>;
      context: Context;
      options: ProviderOptions;
    }
  /** the run was aborted: end that request's stream (pi-ai then reports what had arrived) */
  | { kind: "provider_abort"; id: number }
  /** the saved workspace: restored or not (and why), saving, saved, not saved (persist-protocol.ts) */
  | { kind: "persist"; status: PersistStatus }
  /** a learner's code is about to run: the page starts a sandbox for it and answers with sandbox_port */
  | { kind: "sandbox_request" };

/** The streamSimple options that travel to the provider context: data only, never the key or the signal. */
export type ProviderOptions = Pick<
  SimpleStreamOptions,
  "reasoning" | "sessionId" | "transport" | "maxRetryDelayMs" | "maxRetries" | "maxTokens"
>;

export type PageToWorker =
  | { kind: "command"; command: SessionCommand }
  | { kind: "request"; id: number; request: SessionRequest }
  /** The page has taken in (and drawn) every event up to `seq`: flow control for fast scenarios. */
  | { kind: "ack"; seq: number }
  /** which saved workspace this tab opens, and the page's requests about it (persist-protocol.ts) */
  | { kind: "persist"; command: PersistCommand }
  /** are you free? answered by pong at once, unless learner code holds the worker's thread */
  | { kind: "ping"; id: number }
  /** one of pi-ai's stream events for a provider_request, keys masked; its last is `done` or `error` */
  | { kind: "provider_event"; id: number; event: ProviderWireEvent }
  /** several of them, in order (the page sends a stream's deltas once per task, not one message each) */
  | { kind: "provider_events"; id: number; events: ProviderWireEvent[] }
  /**
   * The answer to sandbox_request: the port to a sandbox where the learner's code runs (transferred with
   * this message), or why the page could not start one.
   */
  | { kind: "sandbox_port"; error?: string };

/** One of pi-ai's stream events as it crosses to the worker: its delta, without the message so far (message-delta.ts). */
export type ProviderWireEvent = StreamDelta;

/** What every session host (worker or in-process) offers the page. */
export interface SessionPort {
  send(command: SessionCommand): void;
  onEvent(listener: (event: SessionEvent) => void): () => void;
  /** asks and waits; rejects with the session's message when it cannot answer (e.g. the file is gone) */
  request<T extends SessionRequest>(request: T): Promise<SessionReplies[T["type"]]>;
}
