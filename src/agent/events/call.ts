/**
 * One family of the session's events (the union and the emitter are in ../events.ts): the pipeline of one
 * call (its stages and its batch) and the per-file mutation queue.
 */

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

/**
 * where a call ended unrun; pi 1.6.0 only: "output_limit", every call of a reply cut at the output limit;
 * "abort", a call not yet executing when the run was aborted
 */
export type RejectStage = "lookup" | "prepare" | "validate" | "before_hook" | "output_limit" | "abort";

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
