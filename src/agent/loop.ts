/**
 * The turn loop, as pi-agent-core 0.73.1 runs it (`dist/agent-loop.js` runAgentLoop / runLoop /
 * streamAssistantResponse): the prompts are announced, then each turn asks the driver for an assistant
 * message, runs its tool calls (unless it stopped with "error" or "aborted"), and goes back to the model
 * until a turn has no tool calls or the batch terminates. A "length" stop's calls run, as in 0.73.1,
 * unless the config asks for 1.6.0's refusal (refuseTruncatedCalls).
 *
 * Deviations from pi: a Driver replaces pi-ai's stream function (no model, key or convertToLlm: the
 * driver sees the whole transcript, system messages included); a thrown driver becomes the Agent class's
 * synthetic failure message (`agent_end` alone), which pi does one level up, in `Agent`.
 */
import type { AgentMessage, AssistantMessage } from "./messages";
import { EMPTY_USAGE } from "./messages";
import { executeToolCalls } from "./pipeline";
import { refuseTruncatedCalls } from "./tool-results";
import type { AgentContext, Driver, LoopConfig, LoopEmit } from "./types";

/** Runs one agent run; returns the run's new messages (prompts included), as agent_end carries them. */
export async function runAgentLoop(
  prompts: AgentMessage[],
  context: AgentContext,
  config: LoopConfig,
  emit: LoopEmit,
  signal: AbortSignal | undefined,
  driver: Driver,
): Promise<AgentMessage[]> {
  const newMessages: AgentMessage[] = [...prompts];
  const ctx: AgentContext = { ...context, messages: [...context.messages, ...prompts] };
  try {
    await emit({ type: "agent_start" });
    await emit({ type: "turn_start" });
    for (const message of prompts) {
      await emit({ type: "message_start", message });
      await emit({ type: "message_end", message });
    }
    await runLoop(ctx, newMessages, config, signal, emit, driver);
  } catch (error) {
    const failure = failureMessage(error, signal?.aborted === true);
    newMessages.push(failure);
    await emit({ type: "agent_end", messages: [failure] });
  }
  return newMessages;
}

function failureMessage(error: unknown, aborted: boolean): AssistantMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text: "" }],
    api: "unknown",
    provider: "unknown",
    model: "unknown",
    usage: EMPTY_USAGE,
    stopReason: aborted ? "aborted" : "error",
    errorMessage: error instanceof Error ? error.message : String(error),
    timestamp: Date.now(),
  };
}

async function runLoop(
  ctx: AgentContext,
  newMessages: AgentMessage[],
  config: LoopConfig,
  signal: AbortSignal | undefined,
  emit: LoopEmit,
  driver: Driver,
) {
  let firstTurn = true;
  let pendingMessages = (await config.getSteeringMessages?.()) ?? [];
  for (;;) {
    let hasMoreToolCalls = true;
    while (hasMoreToolCalls || pendingMessages.length > 0) {
      if (!firstTurn) await emit({ type: "turn_start" });
      firstTurn = false;
      for (const message of pendingMessages) {
        await emit({ type: "message_start", message });
        await emit({ type: "message_end", message });
        ctx.messages.push(message);
        newMessages.push(message);
      }
      pendingMessages = [];

      const message = await streamAssistantResponse(ctx, config, signal, emit, driver);
      newMessages.push(message);
      if (message.stopReason === "error" || message.stopReason === "aborted") {
        await emit({ type: "turn_end", message, toolResults: [] });
        await emit({ type: "agent_end", messages: newMessages });
        return;
      }
      const hasCalls = message.content.some((c) => c.type === "toolCall");
      hasMoreToolCalls = false;
      const toolResults = [];
      if (hasCalls) {
        const batch =
          message.stopReason === "length" && config.truncatedCalls === "refuse"
            ? await refuseTruncatedCalls(message, config, emit)
            : await executeToolCalls(ctx, message, config, signal, emit);
        toolResults.push(...batch.messages);
        hasMoreToolCalls = !batch.terminate;
        ctx.messages.push(...batch.messages);
        newMessages.push(...batch.messages);
      }
      await emit({ type: "turn_end", message, toolResults });
      if (config.shouldStopAfterTurn?.({ message, toolResults })) {
        await emit({ type: "agent_end", messages: newMessages });
        return;
      }
      pendingMessages = (await config.getSteeringMessages?.()) ?? [];
    }
    const followUps = (await config.getFollowUpMessages?.()) ?? [];
    if (followUps.length === 0) break;
    pendingMessages = followUps;
  }
  await emit({ type: "agent_end", messages: newMessages });
}

/** One model request: stream the driver's events into pi's message_start / update / end. */
async function streamAssistantResponse(
  ctx: AgentContext,
  config: LoopConfig,
  signal: AbortSignal | undefined,
  emit: LoopEmit,
  driver: Driver,
): Promise<AssistantMessage> {
  const asked = { at: Date.now(), clock: performance.now() };
  const stream = await driver(
    { systemPrompt: ctx.systemPrompt, messages: ctx.messages, tools: ctx.tools },
    signal,
  );
  let started = false;
  let final: AssistantMessage | undefined;
  for await (const event of stream) {
    if (event.type === "start") {
      started = true;
      ctx.messages.push(event.partial);
      await emit({ type: "message_start", message: { ...event.partial } });
    } else if (event.type === "done" || event.type === "error") {
      final = event.type === "done" ? event.message : event.error;
      break;
    } else if (started) {
      ctx.messages[ctx.messages.length - 1] = event.partial;
      await emit({ type: "message_update", assistantMessageEvent: event, message: { ...event.partial } });
    }
  }
  if (!final) throw new Error("The driver's stream ended without a final message");
  if (config.stampReplies) stampReply(final, config.reasoning, asked);
  if (started) ctx.messages[ctx.messages.length - 1] = final;
  else {
    ctx.messages.push(final);
    await emit({ type: "message_start", message: { ...final } });
  }
  await emit({ type: "message_end", message: final });
  return final;
}

/**
 * pi 1.6.0's marks on a finished reply. The time is what pi-ai's stream adds when a provider's stream
 * ends (a scripted or hand-made reply is timed here the same way); a message dated before the request
 * started was not produced by it and stays untimed, as pi-ai leaves it.
 */
function stampReply(
  message: AssistantMessage,
  reasoning: string | undefined,
  asked: { at: number; clock: number },
) {
  if (message.durationMs === undefined && message.timestamp >= asked.at)
    message.durationMs = Math.max(0, Math.round(performance.now() - asked.clock));
  message.thinkingLevel = reasoning ?? "off";
}
