/**
 * The session's event stream. pi-agent-core 0.73.1's AgentEvent union (`dist/types.d.ts`) keeps its
 * names and fields; the playground's own events cover what pi does not announce: the stages of each
 * call, the per-file mutation queue, file changes, prompt and tool-set changes, the backend, scenarios.
 * Every event is plain JSON with a sequence number and a timestamp, so a run can be exported and replayed.
 */
import type {
  RuleLine,
  SystemPromptPatch,
  SystemPromptSections,
  ToolDeclaration,
} from "@core/system-prompt/types";
import type { AgentToolResult } from "@core/tools/types";
import type { AgentMessage, AssistantMessage, AssistantMessageEvent, ToolResultMessage } from "./messages";
import type { DisplayStep, ScenarioTranslations } from "./scenario";

export interface EventStamp {
  /** 1, 2, 3, … in emission order within one session */
  seq: number;
  /** milliseconds since the epoch */
  ts: number;
}

// ---- pi-agent-core's AgentEvent, names and fields unchanged -------------------------------------------

export type AgentEvent =
  | { type: "agent_start" }
  /** the messages new in this run, prompts included */
  | { type: "agent_end"; messages: AgentMessage[] }
  | { type: "turn_start" }
  | { type: "turn_end"; message: AgentMessage; toolResults: ToolResultMessage[] }
  | { type: "message_start"; message: AgentMessage }
  /**
   * As the loop emits it. It leaves the session as its delta only (app/worker/update-coalescer.ts
   * `asDeltas`, message-delta.ts); the page's log gives `message` and `partial` back through getters.
   */
  | { type: "message_update"; message: AgentMessage; assistantMessageEvent: AssistantMessageEvent }
  | { type: "message_end"; message: AgentMessage }
  /** `args` are the raw arguments, before prepareArguments and validation */
  | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown }
  | {
      type: "tool_execution_update";
      toolCallId: string;
      toolName: string;
      args: unknown;
      partialResult: unknown;
    }
  | {
      type: "tool_execution_end";
      toolCallId: string;
      toolName: string;
      result: AgentToolResult;
      isError: boolean;
    };

export type AgentEventType = AgentEvent["type"];

// ---- the pipeline of one call -------------------------------------------------------------------------

interface CallRef {
  toolCallId: string;
  toolName: string;
}

/** Found and passed through prepareArguments (`changed` when the shim rewrote the arguments). */
export interface CallPreparedEvent extends CallRef {
  type: "call_prepared";
  args: unknown;
  changed: boolean;
  durationMs: number;
}

/** Passed validation; `coerced` when pi-ai's Value.Convert changed the arguments (e.g. "5" → 5). */
export interface CallValidatedEvent extends CallRef {
  type: "call_validated";
  args: unknown;
  coerced: boolean;
  durationMs: number;
}

export type RejectStage = "lookup" | "prepare" | "validate" | "before_hook";

/** Answered at once with an error result: unknown tool, a prepareArguments throw, invalid arguments. */
export interface CallRejectedEvent extends CallRef {
  type: "call_rejected";
  stage: RejectStage;
  /** the model-facing error text, exactly as the result carries it */
  error: string;
  durationMs: number;
}

/** The before-hook said no. `reason` is the result text (pi's default when the hook gave none). */
export interface CallBlockedEvent extends CallRef {
  type: "call_blocked";
  reason: string;
  durationMs: number;
}

/** execute() is about to run. `waitedMs`: time since preparation ended (parallel calls wait for the batch). */
export interface CallExecutingEvent extends CallRef {
  type: "call_executing";
  args: unknown;
  mode: "parallel" | "sequential";
  /** time spent in the before-hook, or null when there is none */
  beforeHookMs: number | null;
  waitedMs: number;
}

/** The call's final outcome, after the after-hook. */
export interface CallDoneEvent extends CallRef {
  type: "call_done";
  isError: boolean;
  /** execute threw (the result text is the thrown message) */
  threw: boolean;
  terminate: boolean;
  /** fields the after-hook replaced (content, details, isError, terminate); empty when none */
  overridden: string[];
  executeMs: number;
  /** time in the after-hook, or null when there is none */
  afterHookMs: number | null;
  /** from tool_execution_start to here */
  totalMs: number;
}

export type CallStageEvent =
  | CallPreparedEvent
  | CallValidatedEvent
  | CallRejectedEvent
  | CallBlockedEvent
  | CallExecutingEvent
  | CallDoneEvent;

/** How a batch of calls from one assistant message will run, and why. */
export interface BatchStartEvent {
  type: "batch_start";
  toolCallIds: string[];
  mode: "parallel" | "sequential";
  /** "config" | "tool:<name>" (a sequential tool) | "default" */
  reason: string;
}

export interface BatchEndEvent {
  type: "batch_end";
  toolCallIds: string[];
  /** true only when every result asked for it */
  terminate: boolean;
}

// ---- the per-file mutation queue ----------------------------------------------------------------------

interface QueueRef {
  /** absolute path the queue is keyed on */
  path: string;
  /** the call holding or waiting, when the session could tell */
  toolCallId?: string;
}

export interface QueueWaitEvent extends QueueRef {
  type: "queue_wait";
  /** how many are ahead in the queue for this file */
  ahead: number;
}
export interface QueueAcquireEvent extends QueueRef {
  type: "queue_acquire";
  waitedMs: number;
}
export interface QueueReleaseEvent extends QueueRef {
  type: "queue_release";
  heldMs: number;
}

// ---- workspace, prompt, tools, backend ----------------------------------------------------------------

/** A change in the workspace's file system; `source` says who made it. */
export interface FileChangedEvent {
  type: "file_changed";
  change: "create" | "delete" | "modify" | "move";
  /** workspace-relative path */
  path: string;
  oldPath?: string;
  source: "tool" | "editor" | "reset";
  /** the call running when it happened (when only one was) */
  toolCallId?: string;
}

/** The workspace was replaced (init, reset to a preset, a scenario's own files). */
export interface WorkspaceResetEvent {
  type: "workspace_reset";
  preset: string;
  cwd: string;
  files: string[];
}

export interface PromptSectionView {
  name: string;
  /** as it goes into the prompt (tagged, except preamble) */
  text: string;
  chars: number;
}

/**
 * The system prompt changed (or was first built: `patch` holds every section). `update` is what
 * `renderSystemMessageUpdate` would tell a provider that accepts system messages mid-conversation.
 */
export interface PromptSectionsChangedEvent {
  type: "prompt_sections_changed";
  reason: "init" | "tools" | "workspace" | "custom";
  sections: PromptSectionView[];
  patch: SystemPromptPatch;
  update: string;
  rules: RuleLine[];
  rendered: string;
  /** full section map, for consumers that want it keyed */
  byName: SystemPromptSections;
}

export type ToolState = "active" | "hidden" | "off";

/** One row of the dispatch table. */
export interface ToolRow {
  name: string;
  label: string;
  description: string;
  parameters: unknown;
  promptSnippet?: string;
  promptGuidelines?: string[];
  executionMode?: "sequential" | "parallel";
  /** whether a compatibility shim runs on the raw arguments before validation (pi: only edit) */
  hasPrepareArguments: boolean;
  state: ToolState;
  /** which Operations backend the tool's closure holds */
  backend: string;
  /** the handler the table points the name at ("pi" when absent) */
  handler?: string;
  /** the handlers offered for this name, pi's first */
  handlers?: string[];
  /** "learner": written in the page's tool editor (pi's own tools have no origin) */
  origin?: "learner";
  /** the built-in this learner tool takes the place of */
  replaces?: string;
}

/**
 * The table now points a tool's name at another handler (pi's, mini-pi's, …). The definition stays, so
 * the prompt and the declarations do not change, and no prompt event follows.
 */
export interface ToolHandlerChangedEvent {
  type: "tool_handler_changed";
  name: string;
  handler: string;
  previous: string;
}

/** The tool set changed: the dispatch table and the declarations the next request will carry. */
export interface ToolSetChangedEvent {
  type: "tool_set_changed";
  tools: ToolRow[];
  added: ToolDeclaration[];
  removed: string[];
}

export interface BackendChangedEvent {
  type: "backend_changed";
  backend: string;
  cwd: string;
  /** what kind of backend it is (memfs, webcontainer, faulty), for the page to explain */
  kind?: string;
  /** codes of its limits, for the page to word (namespace backends) */
  limits?: string[];
  /** tool name → the backend its closure holds, when they differ from `backend` */
  tools?: Record<string, string>;
}

/** The drill in force changed (or the session says which one holds, after session_ready): "off" or a preset's id. */
export interface DrillChangedEvent {
  type: "drill_changed";
  drill: string;
}

/** The faulty disk did something to one of a tool's operations (src/backends/faulty). */
export interface FaultInjectedEvent {
  type: "fault_injected";
  toolName: string;
  /** the Operations method: readFile, writeFile, readdir, exec, … */
  op: string;
  /** relative to the workspace root ("" for the root) */
  path: string;
  kind: "error" | "latency" | "short-write" | "hang";
  code?: string;
  ms?: number;
  /** the thrown error's text, exactly */
  message?: string;
}

// ---- session, scenarios, answers to commands ---------------------------------------------------------

/** The session is up and holds a workspace on a backend. */
export interface SessionReadyEvent {
  type: "session_ready";
  backend: string;
  cwd: string;
  files: string[];
}

/** Something the session could not do; `message` says what to try next. */
export interface SessionErrorEvent {
  type: "session_error";
  /** the sentence in English, for the event log and exports */
  message: string;
  /** what it says, for the page to word in its own language (`message` when there is none) */
  about?: SessionErrorAbout;
  /** the command's id, when it carried one */
  commandId?: string;
}

/** What a session error is about, as a code and its values; an error's own message stays as it came. */
export type SessionErrorAbout =
  | { code: "busy" }
  | { code: "noScenario" }
  | { code: "unknownTool"; name: string }
  | { code: "noHandler"; tool: string; handler: string; offered: string }
  | { code: "unknownDrill"; id: string; known: string }
  | { code: "unknownPreset"; name: string; known: string }
  | { code: "noProvider" }
  | { code: "badSharedPath"; path: string }
  | { code: "noMemfs"; backend: string }
  | { code: "noLearnerTool"; name: string }
  | { code: "workerFailed"; error: string }
  | { code: "argsNotJson"; error: string }
  | { code: "argsNotObject" }
  | { code: "noCalls" }
  | { code: "duplicateIds" }
  /** one call of a composed turn: what is wrong with it, or its error's message */
  | { code: "inCall"; n: number; tool: string; about?: SessionErrorAbout; error?: string }
  /** anything else the session threw: its message, as the engine or a backend wrote it */
  | { code: "failed"; error: string };

/**
 * The page starts over: the conversation, the timeline, the dispatch table's counters and the notices are
 * cleared (a Restart, or a scenario picked without "keep history"). The event log keeps everything, so an
 * export still replays to the same picture.
 */
export interface SessionClearedEvent {
  type: "session_cleared";
  /** what started over, in the learner's words */
  reason: string;
}

export interface ScenarioLoadedEvent {
  type: "scenario_loaded";
  title: string;
  description: string;
  /** the title and description in the page's other languages, when the file has them */
  translations?: ScenarioTranslations;
  /** the steps the player shows and counts: the file's, and one per call result (DisplayStep) */
  steps: DisplayStep[];
}

export type ScenarioStatus = "ready" | "playing" | "paused" | "done";

/**
 * The player moved: `next` is the index of the file's step it will take next (of `total`); `current` is
 * the shown step (an index into scenario_loaded's steps) it is on, -1 before the first.
 */
export interface ScenarioStateEvent {
  type: "scenario_state";
  status: ScenarioStatus;
  next: number;
  total: number;
  current: number;
  speed: number;
  /** playing stops after each call result until Play or Step */
  pauseAfterCall: boolean;
}

/** A scenario step was taken: `index` is the file's step, `display` the shown step (a call result too). */
export interface ScenarioStepEvent {
  type: "scenario_step";
  index: number;
  display: number;
  kind: DisplayStep["kind"];
  /** the call whose result was shown (kind "result") */
  toolCallId?: string;
}

/** A model request was answered by a driver (scripted, manual): what it was given and what it replied. */
export interface DriverRequestEvent {
  type: "driver_request";
  driver: "scripted" | "manual";
  /** index of the scenario step used, or null for the synthetic aborted reply */
  step: number | null;
  messages: number;
  tools: string[];
  stopReason: AssistantMessage["stopReason"];
}

/**
 * A message sent while a model run goes waits as pi's follow-up does (pi-agent-core's `followUp`): the
 * run takes it when the model would stop, one at a time. `prompt_dequeued` says when it went in (its
 * user message follows) or was dropped (the run ended by an error or an abort first).
 */
export interface PromptQueuedEvent {
  type: "prompt_queued";
  id: string;
  text: string;
}

export interface PromptDequeuedEvent {
  type: "prompt_dequeued";
  id: string;
  outcome: "sent" | "dropped";
}

/** The run was asked to stop (Esc, or a scenario's abortAfterMs). */
export interface AbortRequestedEvent {
  type: "abort_requested";
  source: "user" | "scenario";
}

// ---- the learner's tools (src/app/learner-tools) ------------------------------------------------------

/** One learner tool file, as the session keeps it (and a snapshot carries it). */
export interface LearnerToolEntry {
  name: string;
  source: string;
  enabled: boolean;
  replaces?: string;
  disabledReason?: "blocked" | "failed";
}

/** A problem in a learner's tool file: a code the page words, pi-style English detail, and where. */
export interface LearnerToolProblem {
  code: string;
  message: string;
  line?: number;
  column?: number;
}

/** A learner's file registered: these tools joined the dispatch table (replacing these built-ins). */
export interface LearnerToolRegisteredEvent {
  type: "learner_tool_registered";
  names: string[];
  replaces: string[];
}

/** A learner's file was refused; what was registered before stays as it was. */
export interface LearnerToolRejectedEvent {
  type: "learner_tool_rejected";
  diagnostics: LearnerToolProblem[];
}

/** The learner's tool files now (after a register, a remove, a restore). */
export interface LearnerToolsChangedEvent {
  type: "learner_tools_changed";
  tools: LearnerToolEntry[];
}

// ---- the page's own events ------------------------------------------------------------------------------

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
  | { code: "workerReplaced"; calls: string; ms: number; from: "snapshot" | "preset"; reason?: string };

/**
 * Model mode: a request went to the provider, with this body (pi-ai's, from its onPayload hook) and these
 * headers. Page-emitted by the provider context; the key is masked in both and never in the event.
 */
export interface ModelRequestSentEvent {
  type: "model_request_sent";
  /** the model id the request is for */
  model: string;
  body: unknown;
  headers: [name: string, value: string][];
}

export type PlaygroundEvent =
  | CallStageEvent
  | BatchStartEvent
  | BatchEndEvent
  | QueueWaitEvent
  | QueueAcquireEvent
  | QueueReleaseEvent
  | FileChangedEvent
  | WorkspaceResetEvent
  | PromptSectionsChangedEvent
  | ToolSetChangedEvent
  | ToolHandlerChangedEvent
  | BackendChangedEvent
  | SessionReadyEvent
  | SessionErrorEvent
  | SessionClearedEvent
  | ScenarioLoadedEvent
  | ScenarioStateEvent
  | ScenarioStepEvent
  | DriverRequestEvent
  | AbortRequestedEvent
  | PromptQueuedEvent
  | PromptDequeuedEvent
  | WorkerReplacedEvent
  | NoticeEvent
  | ModelRequestSentEvent
  | DrillChangedEvent
  | FaultInjectedEvent
  | LearnerToolRegisteredEvent
  | LearnerToolRejectedEvent
  | LearnerToolsChangedEvent;

export type SessionEventBody = AgentEvent | PlaygroundEvent;
export type SessionEvent = SessionEventBody & EventStamp;
export type SessionEventType = SessionEventBody["type"];
export type EventOf<T extends SessionEventType> = Extract<SessionEvent, { type: T }>;

export const PI_EVENT_TYPES: readonly AgentEventType[] = [
  "agent_start",
  "agent_end",
  "turn_start",
  "turn_end",
  "message_start",
  "message_update",
  "message_end",
  "tool_execution_start",
  "tool_execution_update",
  "tool_execution_end",
];

export function isPiEvent(event: { type: string }): event is AgentEvent {
  return (PI_EVENT_TYPES as readonly string[]).includes(event.type);
}

export type EventSink = (event: SessionEvent) => void;
export type Emit = (body: SessionEventBody) => SessionEvent;

/** Stamps events with seq and time and hands a JSON-safe copy to the sink. */
export function createEventEmitter(
  sink: EventSink,
  now: () => number = Date.now,
): Emit & {
  /** the next event is numbered `seq + 1` (a worker replacing another continues its numbers) */
  continueFrom(seq: number): void;
} {
  let seq = 0;
  const emit = (body: SessionEventBody): SessionEvent => {
    // Serialise at emission: pi mutates some objects after emitting them (edit's prepareArguments
    // parses `edits` in place), and the log must show what was true when the event happened.
    const event = JSON.parse(JSON.stringify({ ...body, seq: ++seq, ts: now() })) as SessionEvent;
    sink(event);
    return event;
  };
  return Object.assign(emit, {
    continueFrom(last: number) {
      seq = Math.max(seq, last);
    },
  });
}

// ---- export and replay --------------------------------------------------------------------------------

/** One event per line: the export format. */
export function exportEvents(events: readonly SessionEvent[]): string {
  return events.map((e) => JSON.stringify(e)).join("\n");
}

/** Reads an export back; blank lines are skipped, a malformed line throws naming its number. */
export function parseEventLog(jsonl: string): SessionEvent[] {
  const events: SessionEvent[] = [];
  jsonl.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`Line ${i + 1} is not JSON`);
    }
    const e = value as Partial<SessionEvent>;
    if (typeof e?.type !== "string" || typeof e.seq !== "number" || typeof e.ts !== "number")
      throw new Error(`Line ${i + 1} is not an event (needs type, seq and ts)`);
    events.push(e as SessionEvent);
  });
  return events;
}

/**
 * Feeds recorded events to a sink as they happened: immediately (speed 0 or Infinity) or paced by their
 * timestamps divided by `speed`. Resolves when done; `signal` stops it early.
 */
export async function replayEvents(
  events: readonly SessionEvent[],
  sink: EventSink,
  options: { speed?: number; signal?: AbortSignal; sleep?: (ms: number) => Promise<void> } = {},
): Promise<number> {
  const speed = options.speed ?? 0;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let delivered = 0;
  for (let i = 0; i < events.length; i++) {
    if (options.signal?.aborted) break;
    if (i > 0 && speed > 0 && Number.isFinite(speed)) {
      const gap = Math.max(0, events[i].ts - events[i - 1].ts) / speed;
      if (gap > 0) await sleep(gap);
    }
    sink(events[i]);
    delivered++;
  }
  return delivered;
}
