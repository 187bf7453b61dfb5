/**
 * One batch of tool calls from an assistant message, through pi-agent-core 0.73.1's pipeline
 * (`dist/agent-loop.js` executeToolCalls): lookup → prepareArguments → validate → before-hook → execute
 * (signal, onUpdate) → after-hook → result. Parallel by default; the whole batch is sequential when the
 * config says so or any of its calls targets a sequential tool. In parallel, every call is prepared first
 * (in source order, immediate failures ending at once), then all execute together: tool_execution_end
 * comes in completion order, the toolResult messages in source order. The batch terminates only when
 * every result asks for it.
 *
 * The functions carry pi's names (executeToolCallsSequential/Parallel, prepareToolCall,
 * executePreparedToolCall, finalizeExecutedToolCall, emitToolExecutionEnd, emitToolResultMessage; and
 * createToolResultMessage in tool-results.ts), so the two can be read side by side.
 *
 * Deviations from pi: the stage events (call_*, batch_*) are the playground's own, emitted between pi's;
 * so are the debugger's pause points (`config.stops`), passed through only when a breakpoint is set.
 */
import type { AgentToolResult, AnyAgentTool, ToolCallOutcome, ToolContext } from "@core/tools/types";
import { VALIDATOR_0_73_1 } from "@core/validation";
import type { RejectStage } from "./events";
import type { AssistantMessage, ToolCall, ToolResultMessage } from "./messages";
import { type NestedScope, nestedContext } from "./nested-calls";
import {
  createErrorToolResult,
  createToolResultMessage,
  durationOf,
  type FinalizedCall as Finalized,
  runAfterHook,
} from "./tool-results";
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

type Immediate = { kind: "immediate"; toolCall: ToolCall } & Outcome;
type Preparation = Prepared | Immediate;

/** What the tool's execute gave, before the after-hook; `threw` and `executeMs` feed call_done. */
type Executed = Outcome & { threw: boolean; executeMs: number };

export interface BatchResult {
  messages: ToolResultMessage[];
  terminate: boolean;
}

/** pi 1.6.0's result for a call the abort reached before it ran */
const ABORTED = "Operation aborted";
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
  const batch = sequential
    ? await run.executeToolCallsSequential(calls)
    : await run.executeToolCallsParallel(calls);
  await emit({ type: "batch_end", toolCallIds: ids, terminate: batch.terminate });
  return batch;
}

function shouldTerminateToolBatch(finalizedCalls: Finalized[]): boolean {
  return finalizedCalls.length > 0 && finalizedCalls.every((f) => f.result.terminate === true);
}

/** One batch's calls, with what every stage needs (pi passes these as arguments to each function). */
class CallRunner {
  private readonly clock: () => number;
  private readonly startedAt = new Map<string, number>();

  constructor(
    private readonly context: AgentContext,
    private readonly assistantMessage: AssistantMessage,
    private readonly config: LoopConfig,
    private readonly signal: AbortSignal | undefined,
    private readonly emit: LoopEmit,
    private readonly mode: "parallel" | "sequential",
    private readonly nested?: NestedScope,
    /** how many nested calls each call has made so far, by its id (shared by the whole batch) */
    private readonly nestedCounts = new Map<string, number>(),
  ) {
    this.clock = config.clock ?? defaultClock;
  }

  private nestedContext(parent: string): ToolContext {
    return nestedContext(parent, this.context.tools, this.nestedCounts, (toolCall, scope, signal) =>
      new CallRunner(
        this.context,
        this.assistantMessage,
        this.config,
        signal ?? this.signal,
        this.emit,
        this.mode,
        scope,
        this.nestedCounts,
      ).runNestedCall(toolCall),
    );
  }

  private async runNestedCall(toolCall: ToolCall): Promise<ToolCallOutcome> {
    const { result, isError, durationMs } = await this.runOneCall(toolCall);
    return { toolCall, result, isError, ...(durationMs !== undefined ? { durationMs } : {}) };
  }

  /** One call from start to end, every stage in turn (a sequential batch's step, or a nested call). */
  private async runOneCall(toolCall: ToolCall): Promise<Finalized> {
    await this.emitToolExecutionStart(toolCall);
    const preparation = await this.prepareToolCall(toolCall);
    const finalized =
      preparation.kind === "immediate"
        ? preparation
        : await this.finalizeExecutedToolCall(preparation, await this.executePreparedToolCall(preparation));
    await this.emitToolExecutionEnd(finalized);
    return finalized;
  }

  private get parentRef() {
    return this.nested ? { parentToolCallId: this.nested.parent } : {};
  }

  async executeToolCallsSequential(calls: ToolCall[]): Promise<BatchResult> {
    const finalizedCalls: Finalized[] = [];
    const messages: ToolResultMessage[] = [];
    for (const toolCall of calls) {
      const finalized = await this.runOneCall(toolCall);
      const message = await this.toolResultMessage(finalized);
      await this.emitToolResultMessage(message);
      finalizedCalls.push(finalized);
      messages.push(message);
    }
    return { messages, terminate: shouldTerminateToolBatch(finalizedCalls) };
  }

  async executeToolCallsParallel(calls: ToolCall[]): Promise<BatchResult> {
    const finalizedCalls: Array<Finalized | (() => Promise<Finalized>)> = [];
    for (const toolCall of calls) {
      await this.emitToolExecutionStart(toolCall);
      const preparation = await this.prepareToolCall(toolCall);
      if (preparation.kind === "immediate") {
        await this.emitToolExecutionEnd(preparation);
        finalizedCalls.push(preparation);
        continue;
      }
      finalizedCalls.push(async () => {
        if (this.abortedBefore()) {
          const refused = await this.rejectToolCall(toolCall, "abort", ABORTED, this.clock());
          await this.emitToolExecutionEnd(refused);
          return refused;
        }
        const executed = await this.executePreparedToolCall(preparation);
        const finalized = await this.finalizeExecutedToolCall(preparation, executed);
        await this.emitToolExecutionEnd(finalized);
        return finalized;
      });
    }
    // Every call is prepared before any executes; the ends come as they finish, the messages in order.
    const ordered = await Promise.all(finalizedCalls.map((f) => (typeof f === "function" ? f() : f)));
    const messages: ToolResultMessage[] = [];
    for (const finalized of ordered) {
      const message = await this.toolResultMessage(finalized);
      await this.emitToolResultMessage(message);
      messages.push(message);
    }
    return { messages, terminate: shouldTerminateToolBatch(ordered) };
  }

  /** The call's toolResult message, after the debugger's last pause point when it has one. */
  private async toolResultMessage(finalized: Finalized): Promise<ToolResultMessage> {
    const stop = this.config.stops?.beforeResult;
    if (!stop) return createToolResultMessage(finalized, this.config);
    const { toolCall, result, isError } = finalized;
    const sent = await stop({ toolCall, args: toolCall.arguments, result, isError }, this.signal);
    return createToolResultMessage({ ...finalized, ...sent }, this.config);
  }

  /** pi 1.6.0 looks at the abort between stages; 0.73.1 leaves it to the tools. */
  private abortedBefore(): boolean {
    return this.config.abortChecks === true && this.signal?.aborted === true;
  }

  private async emitToolExecutionStart(toolCall: ToolCall) {
    this.startedAt.set(toolCall.id, this.clock());
    await this.emit({
      type: "tool_execution_start",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      args: toolCall.arguments,
      ...this.parentRef,
    });
  }

  /** A call that ends before it runs: the stage it failed at goes out as call_rejected. */
  private async rejectToolCall(
    toolCall: ToolCall,
    stage: RejectStage,
    error: string,
    since: number,
  ): Promise<Immediate> {
    const durationMs = this.clock() - since;
    await this.emit({
      type: "call_rejected",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      stage,
      error,
      durationMs,
    });
    return { kind: "immediate", toolCall, result: createErrorToolResult(error), isError: true };
  }

  private async prepareToolCall(call: ToolCall): Promise<Preparation> {
    const ref = { toolCallId: call.id, toolName: call.name };
    const stops = this.config.stops;
    const startedAt = this.startedAt.get(call.id) ?? this.clock();
    if (this.abortedBefore()) return this.rejectToolCall(call, "abort", ABORTED, startedAt);
    const tool = this.context.tools.find((t) => t.name === call.name);
    if (!tool) return this.rejectToolCall(call, "lookup", `Tool ${call.name} not found`, startedAt);

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

      // The debugger's own pause points (none without a breakpoint) may hand on edited arguments.
      const given = stops
        ? await stops.afterPrepare({ toolCall: call, tool, args: prepared }, this.signal)
        : prepared;

      stage = "validate";
      t = this.clock();
      const validator = this.config.validator ?? VALIDATOR_0_73_1;
      const validated = validator.validateToolArguments(tool, {
        name: call.name,
        arguments: given,
        ...(call.argumentsError !== undefined ? { argumentsError: call.argumentsError } : {}),
      });
      const coerced = !sameJson(validated, JSON.stringify(given));
      await this.emit({
        type: "call_validated",
        ...ref,
        args: validated,
        coerced,
        durationMs: this.clock() - t,
      });
      const args = stops
        ? await stops.afterValidate({ toolCall: call, tool, args: validated }, this.signal)
        : validated;

      let beforeHookMs: number | null = null;
      if (this.config.beforeToolCall) {
        stage = "before_hook";
        t = this.clock();
        const verdict = await this.config.beforeToolCall(
          { assistantMessage: this.assistantMessage, toolCall: call, args, context: this.context },
          this.signal,
        );
        beforeHookMs = this.clock() - t;
        if (this.abortedBefore()) return this.rejectToolCall(call, "abort", ABORTED, t);
        if (verdict?.block) {
          const reason = verdict.reason || "Tool execution was blocked";
          await this.emit({ type: "call_blocked", ...ref, reason, durationMs: beforeHookMs });
          const result = createErrorToolResult(reason);
          if (this.config.structuredHooks && verdict.terminate === true) result.terminate = true;
          return { kind: "immediate", toolCall: call, result, isError: true };
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
      return this.rejectToolCall(call, stage, messageOf(error), t);
    }
  }

  private async executePreparedToolCall(prepared: Prepared): Promise<Executed> {
    const { toolCall, tool, args } = prepared;
    const ref = { toolCallId: toolCall.id, toolName: toolCall.name };
    await this.emit({
      type: "call_executing",
      ...ref,
      args,
      mode: this.mode,
      beforeHookMs: prepared.beforeHookMs,
      waitedMs: this.clock() - prepared.preparedAt,
    });
    const t = this.clock();
    const updates: Promise<void>[] = [];
    try {
      const extra = this.config.nestedCalls ? this.nestedContext(toolCall.id) : undefined;
      const onUpdate = (partialResult: AgentToolResult) => {
        this.nested?.onUpdate?.(partialResult);
        // The raw arguments, as pi reports them on every update.
        const update = {
          type: "tool_execution_update",
          ...ref,
          args: toolCall.arguments,
          partialResult,
          ...this.parentRef,
        } as const;
        updates.push(Promise.resolve(this.emit(update)));
      };
      const result = await tool.execute(toolCall.id, args, this.signal, onUpdate, extra);
      // execute's own time, as pi 1.6.0 measures it: before the updates still on their way are awaited.
      const executeMs = this.clock() - t;
      await Promise.all(updates);
      const isError = this.config.returnedErrors === "honour" && result.isError === true;
      return { result, isError, threw: false, executeMs };
    } catch (error) {
      const executeMs = this.clock() - t;
      await Promise.all(updates);
      const result = createErrorToolResult(messageOf(error));
      return { result, isError: true, threw: true, executeMs };
    }
  }

  /** The after-hook may replace any part of the result; call_done says which parts it did. */
  private async finalizeExecutedToolCall(prepared: Prepared, executed: Executed): Promise<Finalized> {
    const { toolCall, args } = prepared;
    const { outcome, overridden, afterHookMs } = await runAfterHook(
      this.config,
      { assistantMessage: this.assistantMessage, toolCall, args, context: this.context },
      { result: executed.result, isError: executed.isError },
      this.signal,
      this.clock,
    );
    await this.emit({
      type: "call_done",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      isError: outcome.isError,
      threw: executed.threw,
      terminate: outcome.result.terminate === true,
      overridden,
      executeMs: executed.executeMs,
      afterHookMs,
      totalMs: this.clock() - prepared.startedAt,
    });
    return { toolCall, ...outcome, durationMs: Math.round(executed.executeMs) };
  }

  private async emitToolExecutionEnd({ toolCall, result, isError, durationMs }: Finalized) {
    await this.emit({
      type: "tool_execution_end",
      toolCallId: toolCall.id,
      toolName: toolCall.name,
      result,
      isError,
      ...durationOf(durationMs, this.config),
      ...this.parentRef,
    });
  }

  private async emitToolResultMessage(message: ToolResultMessage) {
    await this.emit({ type: "message_start", message });
    await this.emit({ type: "message_end", message });
  }
}
