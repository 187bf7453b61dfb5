/**
 * The pipeline debugger, a feature of its own: it owns the breakpoints and the calls paused at them. It
 * reaches the run through pi's two hooks (before execute: beforeToolCall; after execute: afterToolCall)
 * and the loop's own pause points between pi's stages (after prepareArguments, after validation, before
 * the result goes back to the model; LoopConfig.stops). A call that meets a breakpoint waits there until
 * the learner decides:
 * - continue, with edited arguments before it runs (validated again by the version's validator, as pi
 *   validates a model's; after prepareArguments the pipeline's own validation comes next) or an edited
 *   result after it ran;
 * - step: the same, and pause again at the call's next stage, breakpoint or not;
 * - skip (before it runs): blocked at pi's before-hook, the one seam where pi lets a call be refused, the
 *   reason being its result; from an earlier stage the call goes on to that seam first;
 * - abort the run.
 * With no breakpoint there are no hooks and no pause points at all, so the pipeline runs as before.
 * Every decision is the playground's own event (events/debugger.ts), never dressed as one of pi's.
 */
import { type Breakpoint, type BreakStage, breakpointFor, isArgsStage, nextStage } from "@agent/breakpoints";
import type { ToolCall } from "@agent/messages";
import type { SessionCommand } from "@agent/protocol";
import type { AfterToolCallResult, LoopConfig } from "@agent/types";
import type { AgentToolResult, AnyAgentTool } from "@core/tools/types";
import { editedOutcome, resultEditProblem } from "./debugger-results";
import type { PlaygroundSession } from "./session";

type Resume = Extract<SessionCommand, { type: "resume_call" }>;
type Hooks = Pick<LoopConfig, "beforeToolCall" | "afterToolCall" | "stops">;
type Ref = { toolCallId: string; toolName: string; stage: BreakStage };
type Outcome = { result: AgentToolResult; isError: boolean };

export type DebuggedSession = Pick<PlaygroundSession, "emit" | "abort"> & {
  tools: { piVersion: { validator: NonNullable<LoopConfig["validator"]> } };
};

const SKIPPED = "Skipped at a breakpoint in the playground";
const goesOn = (d: Resume) => d.action === "continue" || d.action === "step";

export class SessionDebugger {
  private breakpoints: Breakpoint[] = [];
  /** the paused calls' waiters, by call id */
  private readonly waiting = new Map<string, (decision: Resume) => void>();
  /** calls a Step left: they pause at the next stage they reach */
  private readonly stepping = new Set<string>();
  /** calls skipped before pi's before-hook: blocked there, with this reason */
  private readonly skipping = new Map<string, string>();

  constructor(
    private readonly session: DebuggedSession,
    /** Abort at a breakpoint also pauses a scenario being played, which would otherwise go on to its next step */
    private readonly pausePlayback: () => void = () => {},
    /** whether the run is a model's (the page then says what the model's request is doing meanwhile) */
    private readonly inModelRun: () => boolean = () => false,
  ) {}

  set(breakpoints: Breakpoint[]) {
    this.breakpoints = breakpoints.map((b) => ({ ...b }));
    this.session.emit({ type: "breakpoints_changed", breakpoints: this.breakpoints });
  }

  /** the breakpoints in force, for a saved workspace and a replaced worker */
  list(): Breakpoint[] {
    return this.breakpoints.map((b) => ({ ...b }));
  }

  /** The learner's decision for a paused call; one for a call that is not paused is ignored. */
  resume(decision: Resume) {
    this.waiting.get(decision.toolCallId)?.(decision);
  }

  /**
   * The run's hooks and pause points: none while there is no breakpoint. With one, all five are there,
   * so a Step can reach any stage.
   */
  hooks(): Hooks {
    if (this.breakpoints.length === 0) return {};
    return {
      stops: {
        afterPrepare: async ({ toolCall, tool, args }, signal) => {
          const { next, skip } = await this.argsStop("after_prepare", toolCall, tool, args, signal);
          if (skip !== undefined) this.skipping.set(toolCall.id, skip);
          return next;
        },
        afterValidate: async ({ toolCall, tool, args }, signal) => {
          const { next, skip } = await this.argsStop("after_validate", toolCall, tool, args, signal);
          if (skip !== undefined) this.skipping.set(toolCall.id, skip);
          return next;
        },
        beforeResult: async ({ toolCall, args, result, isError }, signal) => {
          // The call's last stage: nothing it was left with carries on.
          this.skipping.delete(toolCall.id);
          const edit = await this.resultStop("before_result", toolCall, args, { result, isError }, signal);
          return edit ? editedOutcome({ result, isError }, edit) : { result, isError };
        },
      },
      beforeToolCall: async ({ toolCall, args, context }, signal) => {
        const skipped = this.skipping.get(toolCall.id);
        if (skipped !== undefined) {
          this.skipping.delete(toolCall.id);
          return { block: true, reason: skipped };
        }
        const tool = context.tools.find((t) => t.name === toolCall.name);
        const { next, skip } = await this.argsStop("before_execute", toolCall, tool, args, signal);
        if (skip !== undefined) return { block: true, reason: skip };
        // The pipeline runs the object the hook was given: its contents become the edited ones.
        if (next !== args) replaceContents(args, next);
        return undefined;
      },
      afterToolCall: async ({ toolCall, args, result, isError }, signal) => {
        const edit = await this.resultStop("after_execute", toolCall, args, { result, isError }, signal);
        // pi's after-hook applies it, under the session's version's rules.
        return edit as AfterToolCallResult | undefined;
      },
    };
  }

  /** Whether a call stops at `stage`: a Step brought it, or a breakpoint matches (never in an aborted run). */
  private stopsHere(stage: BreakStage, toolCall: ToolCall, args: unknown, signal: AbortSignal | undefined) {
    const stepped = this.stepping.delete(toolCall.id);
    if (signal?.aborted) return undefined;
    const model = this.inModelRun() ? { inModelRun: true as const } : {};
    if (stepped) return model;
    const hit = breakpointFor(this.breakpoints, toolCall.name, stage, args);
    return hit ? { breakpoint: hit.id, ...model } : undefined;
  }

  /** A stop before the call runs: its arguments may be edited, the call skipped, or the run aborted. */
  private async argsStop(
    stage: BreakStage,
    toolCall: ToolCall,
    tool: AnyAgentTool | undefined,
    args: unknown,
    signal: AbortSignal | undefined,
  ): Promise<{ next: unknown; skip?: string }> {
    const why = this.stopsHere(stage, toolCall, args, signal);
    if (!why) return { next: args };
    const ref: Ref = { toolCallId: toolCall.id, toolName: toolCall.name, stage };
    this.session.emit({ type: "call_paused", ...ref, ...why, args });
    for (;;) {
      const decision = await this.wait(toolCall.id, signal);
      const edited = goesOn(decision) && decision.args !== undefined;
      let next = args;
      if (edited) {
        // After prepareArguments the pipeline validates next, as it would the model's arguments.
        const checked =
          stage === "after_prepare" ? { args: decision.args } : this.validate(tool, toolCall, decision.args);
        if ("error" in checked) {
          this.session.emit({ type: "call_resume_refused", toolCallId: toolCall.id, error: checked.error });
          continue;
        }
        next = checked.args;
      }
      const skip = this.decided(ref, decision, edited, signal);
      return { next, ...(skip !== undefined ? { skip } : {}) };
    }
  }

  /** A stop after the call ran: its result may be replaced (content, isError), or the run aborted. */
  private async resultStop(
    stage: BreakStage,
    toolCall: ToolCall,
    args: unknown,
    outcome: Outcome,
    signal: AbortSignal | undefined,
  ): Promise<Record<string, unknown> | undefined> {
    const why = this.stopsHere(stage, toolCall, args, signal);
    if (!why) return undefined;
    const ref: Ref = { toolCallId: toolCall.id, toolName: toolCall.name, stage };
    this.session.emit({ type: "call_paused", ...ref, ...why, args, ...outcome });
    for (;;) {
      const decision = await this.wait(toolCall.id, signal);
      const edit = goesOn(decision) ? decision.result : undefined;
      const problem = edit === undefined ? undefined : resultEditProblem(edit);
      if (problem !== undefined) {
        this.session.emit({ type: "call_resume_refused", toolCallId: toolCall.id, ...problem });
        continue;
      }
      this.decided(ref, decision, edit !== undefined, signal);
      return edit;
    }
  }

  private validate(
    tool: AnyAgentTool | undefined,
    toolCall: ToolCall,
    args: unknown,
  ): { args: unknown } | { error: string } {
    if (!tool) return { args };
    try {
      const validator = this.session.tools.piVersion.validator;
      return {
        args: validator.validateToolArguments(tool, {
          name: toolCall.name,
          arguments: args as Record<string, unknown>,
        }),
      };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Waits for the learner; an abort of the run (Esc, or Abort here) lets the call go on into it. */
  private wait(id: string, signal: AbortSignal | undefined): Promise<Resume> {
    return new Promise((resolve) => {
      const done = (decision: Resume) => {
        this.waiting.delete(id);
        signal?.removeEventListener("abort", onAbort);
        resolve(decision);
      };
      const onAbort = () => done({ type: "resume_call", toolCallId: id, action: "abort" });
      if (signal?.aborted) return onAbort();
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.set(id, done);
    });
  }

  /** Says what was decided and does its side of it; a skip answers the reason the model gets. */
  private decided(ref: Ref, decision: Resume, edited: boolean, signal: AbortSignal | undefined) {
    // Skip exists only before the call runs; after, there is nothing left to skip, so it goes on.
    const action = decision.action === "skip" && !isArgsStage(ref.stage) ? "continue" : decision.action;
    const reason = decision.reason?.trim() || SKIPPED;
    this.session.emit({
      type: "call_resumed",
      ...ref,
      action,
      edited,
      ...(action === "skip" ? { reason } : {}),
    });
    if (action === "step" && nextStage(ref.stage)) this.stepping.add(ref.toolCallId);
    // Aborted by Esc while paused: the run already knows.
    if (action === "abort" && !signal?.aborted) {
      this.pausePlayback();
      this.session.abort("user");
    }
    return action === "skip" ? reason : undefined;
  }
}

function replaceContents(target: unknown, source: unknown) {
  if (typeof target !== "object" || target === null || typeof source !== "object" || source === null) return;
  for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key];
  Object.assign(target, source);
}
