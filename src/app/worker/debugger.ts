/**
 * The pipeline debugger, a feature of its own: it owns the breakpoints and the calls paused at them, and
 * reaches the run through pi's two hooks. A call that meets a breakpoint waits in the hook until the
 * learner decides: before execute it may go on with edited arguments (validated again by the version's
 * validator, as pi validates a model's), be skipped (blocked: the reason is its result, as a
 * beforeToolCall block gives) or abort the run; after execute its result may be replaced before it goes
 * back to the model. With no breakpoint the hooks are not there at all, so the pipeline runs as before.
 * Every decision is the playground's own event (events/debugger.ts), never dressed as one of pi's.
 */
import { type Breakpoint, type BreakStage, breakpointFor } from "@agent/breakpoints";
import type { SessionCommand } from "@agent/protocol";
import type { AfterToolCallResult, BeforeToolCallResult, LoopConfig } from "@agent/types";
import type { PlaygroundSession } from "./session";

type Resume = Extract<SessionCommand, { type: "resume_call" }>;
type Hooks = Pick<LoopConfig, "beforeToolCall" | "afterToolCall">;

export type DebuggedSession = Pick<PlaygroundSession, "emit" | "abort"> & {
  tools: { piVersion: { validator: NonNullable<LoopConfig["validator"]> } };
};

export class SessionDebugger {
  private breakpoints: Breakpoint[] = [];
  /** the paused calls' waiters, by call id */
  private readonly waiting = new Map<string, (decision: Resume) => void>();

  constructor(
    private readonly session: DebuggedSession,
    /** Abort at a breakpoint also pauses a scenario being played, which would otherwise go on to its next step */
    private readonly pausePlayback: () => void = () => {},
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

  /** The run's hooks: none while there is no breakpoint. */
  hooks(): Hooks {
    if (this.breakpoints.length === 0) return {};
    return {
      beforeToolCall: async ({ toolCall, args, context }, signal) => {
        const hit = breakpointFor(this.breakpoints, toolCall.name, "before_execute", args);
        if (!hit) return undefined;
        const tool = context.tools.find((t) => t.name === toolCall.name);
        const ref = { toolCallId: toolCall.id, toolName: toolCall.name, stage: "before_execute" as const };
        this.session.emit({ type: "call_paused", ...ref, breakpoint: hit.id, args });
        for (;;) {
          const decision = await this.wait(toolCall.id, signal);
          if (decision.action === "continue" && decision.args !== undefined && tool) {
            let checked: unknown;
            try {
              checked = this.session.tools.piVersion.validator.validateToolArguments(tool, {
                name: toolCall.name,
                arguments: decision.args as Record<string, unknown>,
              });
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              this.session.emit({ type: "call_resume_refused", toolCallId: toolCall.id, error: message });
              continue;
            }
            // The pipeline runs the object the hook was given: its contents become the edited ones.
            replaceContents(args, checked);
          }
          return this.decided(ref, decision, decision.args !== undefined, signal);
        }
      },
      afterToolCall: async ({ toolCall, args, result, isError }, signal) => {
        const hit = breakpointFor(this.breakpoints, toolCall.name, "after_execute", args);
        if (!hit) return undefined;
        const ref = { toolCallId: toolCall.id, toolName: toolCall.name, stage: "after_execute" as const };
        this.session.emit({ type: "call_paused", ...ref, breakpoint: hit.id, args, result, isError });
        const decision = await this.wait(toolCall.id, signal);
        this.decided(ref, decision, decision.result !== undefined, signal);
        return decision.action === "continue" && decision.result
          ? (decision.result as AfterToolCallResult)
          : undefined;
      },
    };
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

  private decided(
    ref: { toolCallId: string; toolName: string; stage: BreakStage },
    decision: Resume,
    edited: boolean,
    signal: AbortSignal | undefined,
  ): BeforeToolCallResult | undefined {
    const reason = decision.reason?.trim() || "Skipped at a breakpoint in the playground";
    this.session.emit({
      type: "call_resumed",
      ...ref,
      action: decision.action,
      edited,
      ...(decision.action === "skip" ? { reason } : {}),
    });
    // Aborted by Esc while paused: the run already knows.
    if (decision.action === "abort" && !signal?.aborted) {
      this.pausePlayback();
      this.session.abort("user");
    }
    return decision.action === "skip" ? { block: true, reason } : undefined;
  }
}

function replaceContents(target: unknown, source: unknown) {
  if (typeof target !== "object" || target === null || typeof source !== "object" || source === null) return;
  for (const key of Object.keys(target)) delete (target as Record<string, unknown>)[key];
  Object.assign(target, source);
}
