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

/** A call stopped at a breakpoint: its validated arguments, and after execute its result. */
export interface CallPausedEvent {
  type: "call_paused";
  toolCallId: string;
  toolName: string;
  stage: BreakStage;
  breakpoint: string;
  args: unknown;
  result?: AgentToolResult;
  isError?: boolean;
}

/** What the learner decided: go on (with edits), skip (block the call as beforeToolCall would), or abort. */
export interface CallResumedEvent {
  type: "call_resumed";
  toolCallId: string;
  toolName: string;
  stage: BreakStage;
  action: "continue" | "skip" | "abort";
  /** the arguments or the result were changed before going on */
  edited: boolean;
  /** skip: the text the model gets as the blocked call's result */
  reason?: string;
}

/** An edit the session would not run (arguments that fail validation): the call stays paused. */
export interface CallResumeRefusedEvent {
  type: "call_resume_refused";
  toolCallId: string;
  error: string;
}
