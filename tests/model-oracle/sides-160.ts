/**
 * The pi 1.6.0 sides of the model oracle. pi: pi-agent-core 1.6.0's Agent with pi-ai 1.6.0's streamSimple
 * (pi-coding-agent 1.6.0 itself needs a newer Node than this project's, so its setup is repeated here as
 * for 0.73.1: thinking level clamped per model, session id, transport "auto", 60 s max retry delay, the
 * key added by the stream function). Ours: the playground's loop with the model driver on version 1.6.0,
 * completing through the page's own 1.6.0 module (provider-stream-160.ts), as model mode does.
 */
import { createModelDriver } from "@agent/drivers/model";
import type { SessionEventBody } from "@agent/events";
import { isPiEvent } from "@agent/events.test-support";
import { runAgentLoop } from "@agent/loop";
import type { AgentMessage } from "@agent/messages";
import { streamSimple as pageStream160 } from "@app/page/provider-stream-160";
import { Agent } from "@earendil-works/pi-agent-core";
import { clampThinkingLevel, streamSimple } from "@earendil-works/pi-ai/compat";
import type { Api, Model } from "@mariozechner/pi-ai";
import { API_KEY, DECLARED, HIDDEN, PROMPT, SESSION_ID, SYSTEM_PROMPT } from "./conversation";
import { type SideOptions, type SideResult, serialise, tools } from "./sides";

export async function throughPi160(model: Model<Api>, options: SideOptions = {}): Promise<SideResult> {
  const { tools: agentTools, read } = tools(DECLARED);
  const agent = new Agent({
    initialState: {
      systemPrompt: SYSTEM_PROMPT,
      model: model as never,
      thinkingLevel: clampThinkingLevel(model as never, "medium"),
      tools: agentTools as never,
    },
    sessionId: SESSION_ID,
    transport: "auto",
    maxRetryDelayMs: 60_000,
    streamFn: (m, context, options) =>
      streamSimple(m, context, {
        ...options,
        apiKey: API_KEY,
        timeoutMs: options?.timeoutMs,
        maxRetries: options?.maxRetries,
        maxRetryDelayMs: options?.maxRetryDelayMs ?? 60_000,
      }),
  });
  const events: SideResult["events"] = [];
  agent.subscribe((e) => {
    const event = serialise(e);
    events.push(event);
    options.onEvent?.(event, () => agent.abort());
  });
  await agent.prompt(PROMPT);
  return { events, messages: serialise(agent.state.messages) as AgentMessage[], file: read() };
}

export async function throughOurs160(model: Model<Api>, options: SideOptions = {}): Promise<SideResult> {
  const { tools: executable, read } = tools([...DECLARED, ...HIDDEN]);
  const driver = createModelDriver({
    model,
    piVersion: "1.6.0",
    // what the page's provider context does for a 1.6.0 request: that version's module, the key added
    complete: (m, context, options, piVersion) => {
      if (piVersion !== "1.6.0") throw new Error(`the driver asked for pi ${piVersion}'s pi-ai`);
      return pageStream160(m, context, { ...options, apiKey: API_KEY });
    },
    sessionId: SESSION_ID,
    isDeclared: (name) => DECLARED.includes(name),
    secrets: () => [API_KEY],
    idleTimeoutMs: options.idleTimeoutMs,
  });
  const events: SideResult["events"] = [];
  const controller = new AbortController();
  const emit = (e: SessionEventBody) => {
    if (!isPiEvent(e)) return;
    const event = serialise(e) as SideResult["events"][number];
    events.push(event);
    options.onEvent?.(event, () => controller.abort());
  };
  const prompt: AgentMessage = {
    role: "user",
    content: [{ type: "text", text: PROMPT }],
    timestamp: Date.now(),
  };
  const messages = await runAgentLoop(
    [prompt],
    { systemPrompt: SYSTEM_PROMPT, messages: [], tools: executable },
    {},
    emit,
    controller.signal,
    driver,
  );
  return { events, messages: serialise(messages), file: read() };
}
