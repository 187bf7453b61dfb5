/**
 * One batch of tool calls from an assistant message, through pi-agent-core 0.73.1's pipeline
 * (`dist/agent-loop.js` executeToolCalls): lookup → prepareArguments → validate → before-hook → execute
 * (signal, onUpdate) → after-hook → result. Parallel by default; the whole batch is sequential when the
 * config says so or any of its calls targets a sequential tool. In parallel, every call is prepared first
 * (in source order, immediate failures ending at once), then all execute together: tool_execution_end
 * comes in completion order, the toolResult messages in source order. The batch terminates only when
 * every result asks for it.
 *
 * Deviation from pi: the stage events (call_*, batch_*) are the playground's own, emitted between pi's.
 */
import type { AgentToolResult, AnyAgentTool } from "@core/tools/types";
import { validateToolArguments } from "@core/validation";
import type { RejectStage } from "./events";
import type { AssistantMessage, ToolCall, ToolResultMessage } from "./messages";
import type { AgentContext, LoopConfig, LoopEmit } from "./types";

type Outcome = { result: AgentToolResult; isError: boolean };

interface Prepared {
  kind: "prepared";
  toolCall: ToolCall;
  tool: AnyAgentTool;
  args: unknown;
  startedAt: number;
  preparedAt: number;
  beforeHookMs: number | null;
}

type Preparation = Prepared | ({ kind: "immediate"; toolCall: ToolCall } & Outcome);

export interface BatchResult {
  messages: ToolResultMessage[];
  terminate: boolean;
}

const errorResult = (text: string): AgentToolResult => ({ content: [{ type: "text", text }], details: {} });
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const defaultClock = () => performance.now();
const sameJson = (a: unknown, b: string) => JSON.stringify(a) === b;

export async function executeToolCalls(
  context: AgentContext,
  assistantMessage: AssistantMessage,
  config: LoopConfig,
  signal: AbortSignal | undefined,
  emit: LoopEmit,
): Promise<BatchResult> {
  const calls = assistantMessage.content.filter((c): c is ToolCall => c.type === "toolCall");
  const sequentialTool = calls
    .map((c) => context.tools.find((t) => t.name === c.name))
    .find((t) => t?.executionMode === "sequential");
  const sequential = config.toolExecution === "sequential" || sequentialTool !== undefined;
  const reason =
    config.toolExecution === "sequential"
      ? "config"
      : sequentialTool
        ? `tool:${sequentialTool.name}`
        : "default";
  const ids = calls.map((c) => c.id);
  const mode = sequential ? "sequential" : "parallel";
  await emit({ type: "batch_start", toolCallIds: ids, mode, reason });
  const run = new CallRunner(context, assistantMessage, config, signal, emit, mode);
  const outcomes = sequential ? await run.sequential(calls) : await run.parallel(calls);
  const terminate = outcomes.length > 0 && outcomes.every((o) => o.result.terminate === true);
  await emit({ type: "batch_end", toolCallIds: ids, terminate });
  return { messages: outcomes.map((o) => o.message), terminate };
}

type Finalized = Outcome & { toolCall: ToolCall; message: ToolResultMessage };

class CallRunner {
  private readonly clock: () => number;

  constructor(
    private readonly context: AgentContext,
    private readonly assistantMessage: AssistantMessage,
    private readonly config: LoopConfig,
    private readonly signal: AbortSignal | undefined,
    private readonly emit: LoopEmit,
    private readonly mode: "parallel" | "sequential",
  ) {
    this.clock = config.clock ?? defaultClock;
  }

  async sequential(calls: ToolCall[]): Promise<Finalized[]> {
    const done: Finalized[] = [];
    for (const call of calls) {
      await this.announce(call);
      const prep = await this.prepare(call);
      const outcome = prep.kind === "immediate" ? prep : await this.executeAndFinalize(prep);
      const finalized = await this.end(call, outcome);
      await this.emitResultMessage(finalized.message);
      done.push(finalized);
    }
    return done;
  }

  async parallel(calls: ToolCall[]): Promise<Finalized[]> {
    const slots: Array<Finalized | (() => Promise<Finalized>)> = [];
    for (const call of calls) {
      await this.announce(call);
      const prep = await this.prepare(call);
      if (prep.kind === "immediate") slots.push(await this.end(call, prep));
      else slots.push(async () => this.end(call, await this.executeAndFinalize(prep)));
    }
    // Every call is prepared before any executes; the ends come as they finish, the messages in order.
    const finalized = await Promise.all(slots.map((s) => (typeof s === "function" ? s() : s)));
    for (const f of finalized) await this.emitResultMessage(f.message);
    return finalized;
  }

  private startedAt = new Map<string, number>();

  private async announce(call: ToolCall) {
    this.startedAt.set(call.id, this.clock());
    await this.emit({
      type: "tool_execution_start",
      toolCallId: call.id,
      toolName: call.name,
      args: call.arguments,
    });
  }

  private async reject(
    call: ToolCall,
    stage: RejectStage,
    error: string,
    since: number,
  ): Promise<Preparation> {
    const durationMs = this.clock() - since;
    await this.emit({
      type: "call_rejected",
      toolCallId: call.id,
      toolName: call.name,
      stage,
      error,
      durationMs,
    });
    return { kind: "immediate", toolCall: call, result: errorResult(error), isError: true };
  }

  private async prepare(call: ToolCall): Promise<Preparation> {
    const ref = { toolCallId: call.id, toolName: call.name };
    const startedAt = this.startedAt.get(call.id) ?? this.clock();
    const tool = this.context.tools.find((t) => t.name === call.name);
    if (!tool) return this.reject(call, "lookup", `Tool ${call.name} not found`, startedAt);

    let stage: RejectStage = "prepare";
    let t = this.clock();
    try {
      // prepareArguments may rewrite the raw object in place (edit does), so compare serialised forms.
      const rawJson = JSON.stringify(call.arguments);
      const prepared = tool.prepareArguments ? tool.prepareArguments(call.arguments) : call.arguments;
      const changed = prepared !== call.arguments || !sameJson(call.arguments, rawJson);
      await this.emit({
        type: "call_prepared",
        ...ref,
        args: prepared,
        changed,
        durationMs: this.clock() - t,
      });

      stage = "validate";
      t = this.clock();
      const args = validateToolArguments(tool, { name: call.name, arguments: prepared });
      const coerced = !sameJson(args, JSON.stringify(prepared));
      await this.emit({ type: "call_validated", ...ref, args, coerced, durationMs: this.clock() - t });

      let beforeHookMs: number | null = null;
      if (this.config.beforeToolCall) {
        stage = "before_hook";
        t = this.clock();
        const verdict = await this.config.beforeToolCall(
          { assistantMessage: this.assistantMessage, toolCall: call, args, context: this.context },
          this.signal,
        );
        beforeHookMs = this.clock() - t;
        if (verdict?.block) {
          const reason = verdict.reason || "Tool execution was blocked";
          await this.emit({ type: "call_blocked", ...ref, reason, durationMs: beforeHookMs });
          return { kind: "immediate", toolCall: call, result: errorResult(reason), isError: true };
        }
      }
      return {
        kind: "prepared",
        toolCall: call,
        tool,
        args,
        startedAt,
        preparedAt: this.clock(),
        beforeHookMs,
      };
    } catch (error) {
      return this.reject(call, stage, messageOf(error), t);
    }
  }

  private async executeAndFinalize(prep: Prepared): Promise<Outcome> {
    const { toolCall, tool, args } = prep;
    const ref = { toolCallId: toolCall.id, toolName: toolCall.name };
    await this.emit({
      type: "call_executing",
      ...ref,
      args,
      mode: this.mode,
      beforeHookMs: prep.beforeHookMs,
      waitedMs: this.clock() - prep.preparedAt,
    });
    const t = this.clock();
    const updates: Promise<void>[] = [];
    let outcome: Outcome;
    let threw = false;
    try {
      const result = await tool.execute(toolCall.id, args, this.signal, (partialResult) => {
        // The raw arguments, as pi reports them on every update.
        const update = {
          type: "tool_execution_update",
          ...ref,
          args: toolCall.arguments,
          partialResult,
        } as const;
        updates.push(Promise.resolve(this.emit(update)));
      });
      await Promise.all(updates);
      outcome = { result, isError: false };
    } catch (error) {
      await Promise.all(updates);
      threw = true;
      outcome = { result: errorResult(messageOf(error)), isError: true };
    }
    const executeMs = this.clock() - t;

    let afterHookMs: number | null = null;
    const overridden: string[] = [];
    if (this.config.afterToolCall) {
      const ta = this.clock();
      try {
        const after = await this.config.afterToolCall(
          { assistantMessage: this.assistantMessage, toolCall, args, context: this.context, ...outcome },
          this.signal,
        );
        if (after) {
          for (const key of ["content", "details", "isError", "terminate"] as const)
            if (after[key] !== undefined && after[key] !== null) overridden.push(key);
          outcome = {
            result: {
              content: after.content ?? outcome.result.content,
              details: after.details ?? outcome.result.details,
              terminate: after.terminate ?? outcome.result.terminate,
            },
            isError: after.isError ?? outcome.isError,
          };
        }
      } catch (error) {
        outcome = { result: errorResult(messageOf(error)), isError: true };
        overridden.push("content", "details", "isError");
      }
      afterHookMs = this.clock() - ta;
    }
    await this.emit({
      type: "call_done",
      ...ref,
      isError: outcome.isError,
      threw,
      terminate: outcome.result.terminate === true,
      overridden,
      executeMs,
      afterHookMs,
      totalMs: this.clock() - prep.startedAt,
    });
    return outcome;
  }

  private async end(toolCall: ToolCall, outcome: Outcome): Promise<Finalized> {
    const { result, isError } = outcome;
    await this.emit({
      type: "tool_execution_end",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      result,
      isError,
    });
    const message: ToolResultMessage = {
      role: "toolResult",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      content: result.content,
      details: result.details,
      isError,
      timestamp: Date.now(),
    };
    return { toolCall, result, isError, message };
  }

  private async emitResultMessage(message: ToolResultMessage) {
    await this.emit({ type: "message_start", message });
    await this.emit({ type: "message_end", message });
  }
}
