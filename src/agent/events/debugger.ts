/**
 * One family of the session's events (the union and the emitter are in ../events.ts): the playground's
 * pipeline debugger. None of these is pi's: they say what the learner decided at a breakpoint, between
 * pi's own events, so the stream stays honest about what pi emits.
 */
import type { AgentToolResult } from "@core/tools/types";
import type { Breakpoint, BreakStage } from "../breakpoints";

/** The breakpoints in force (set, changed or cleared). */
export interface BreakpointsChangedEvent {
  type: "breakpoints_changed";
  breakpoints: Breakpoint[];
}

/**
 * A call stopped at a breakpoint, or at the stage after the one a Step left: its arguments as they are at
 * that stage (prepared, or validated) and, once it ran, its result.
 */
export interface CallPausedEvent {
  type: "call_paused";
  toolCallId: string;
  toolName: string;
  stage: BreakStage;
  /** the breakpoint's id; absent when a Step brought the call here */
  breakpoint?: string;
  /** the call is a model's, in a model-mode run: the model gets its result in the run's next request */
  inModelRun?: true;
  args: unknown;
  result?: AgentToolResult;
  isError?: boolean;
}

/**
 * What the learner decided: go on (with edits), step (go on, and pause again at the next stage), skip
 * (block the call as beforeToolCall would), or abort.
 */
export interface CallResumedEvent {
  type: "call_resumed";
  toolCallId: string;
  toolName: string;
  stage: BreakStage;
  action: "continue" | "step" | "skip" | "abort";
  /** the arguments or the result were changed before going on */
  edited: boolean;
  /** skip: the text the model gets as the blocked call's result */
  reason?: string;
}

/**
 * An edit the session would not take (arguments that fail validation, a result of the wrong shape): the
 * call stays paused.
 */
export interface CallResumeRefusedEvent {
  type: "call_resume_refused";
  toolCallId: string;
  /** pi's validation text, or what is wrong with an edited result */
  error: string;
  /** an edited result's part that has the wrong shape (the page words it) */
  part?: "content" | "isError";
}
