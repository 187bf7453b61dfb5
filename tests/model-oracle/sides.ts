/**
 * The two sides of the model oracle. pi: pi-agent-core 0.73.1's Agent, set up as pi-coding-agent sets it
 * up (thinking level clamped per model, session id, transport "auto", 60 s max retry delay, a stream
 * function that adds the key to pi-ai's streamSimple). Ours: the playground's loop with the model driver,
 * the same tools (plus a hidden one the model is not told about), and streamSimple with the key bound in.
 * Each side gets a fresh memfs workspace holding the same files.
 */
import { createModelDriver } from "@agent/drivers/model";
import type { SessionEventBody } from "@agent/events";
import { isPiEvent } from "@agent/events.test-support";
import { runAgentLoop } from "@agent/loop";
import type { AgentMessage } from "@agent/messages";
import { createPlaygroundTools } from "@app/worker/tools";
import { createMemfsBackend } from "@backends/memfs/backend";
import { createMemfsWorkspace } from "@backends/memfs/workspace";
import { createFileMutationQueue } from "@core/file-mutation-queue";
import { wrapToolDefinitions } from "@core/tools/tool-definition-wrapper";
import type { AnyAgentTool } from "@core/tools/types";
import { Agent } from "@mariozechner/pi-agent-core";
import { type Api, clampThinkingLevel, type Model, streamSimple } from "@mariozechner/pi-ai";
import { API_KEY, DECLARED, FILES, HIDDEN, PROMPT, SESSION_ID, SYSTEM_PROMPT } from "./conversation";

export interface SideResult {
  /** every pi event, serialised when it was emitted */
  events: { type: string; [k: string]: unknown }[];
  /** the conversation after the run */
  messages: AgentMessage[];
  /** notes.md afterwards */
  file: string;
}

export function tools(names: readonly string[]) {
  const workspace = createMemfsWorkspace(FILES);
  const all = wrapToolDefinitions(
    createPlaygroundTools(createMemfsBackend(workspace), createFileMutationQueue()),
  );
  const byName = new Map(all.map((t) => [t.name, t]));
  return {
    tools: names.map((n) => byName.get(n) as AnyAgentTool),
    read: () => String(workspace.fs.readFileSync(`${workspace.root}/notes.md`, "utf8")),
  };
}

export const serialise = <T>(value: T): T => JSON.parse(JSON.stringify(value));

export interface SideOptions {
  /** sees each pi event as it is emitted; may abort the run there */
  onEvent?: (event: SideResult["events"][number], abort: () => void) => void;
  /** ours only: the driver's idle limit */
  idleTimeoutMs?: number;
}

export async function throughPi(model: Model<Api>, options: SideOptions = {}): Promise<SideResult> {
  const { tools: agentTools, read } = tools(DECLARED);
  const agent = new Agent({
    initialState: {
      systemPrompt: SYSTEM_PROMPT,
      model,
      thinkingLevel: clampThinkingLevel(model, "medium"),
      tools: agentTools as never,
    },
    sessionId: SESSION_ID,
    transport: "auto",
    maxRetryDelayMs: 60_000,
    // pi-coding-agent's stream function, minus the model registry: the key, its retry settings.
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

export async function throughOurs(model: Model<Api>, options: SideOptions = {}): Promise<SideResult> {
  const { tools: executable, read } = tools([...DECLARED, ...HIDDEN]);
  const driver = createModelDriver({
    model,
    complete: (m, context, options) => streamSimple(m, context, { ...options, apiKey: API_KEY }),
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

/**
 * What the order comparison looks at: the event type, the stream event inside an update, the call id, the
 * message role, and the stop reason of a finished message. Not the stop reason of a streaming one: pi-ai
 * mutates one partial message in place, so what an update shows depends on how far the provider's bytes
 * had been parsed when the loop got to it, in pi as in ours.
 */
export function signature(event: SideResult["events"][number]): string {
  const inner = (event.assistantMessageEvent as { type?: string } | undefined)?.type;
  const message = event.message as { role?: string; stopReason?: string } | undefined;
  const finished = event.type === "message_end" || event.type === "turn_end";
  const parts = [
    event.type,
    inner,
    event.toolCallId,
    message?.role,
    finished ? message?.stopReason : undefined,
  ];
  return parts.filter((p) => p !== undefined).join(":");
}

/** Timestamps differ between runs; everything else must not. */
export function withoutTimestamps<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (k, v) => (k === "timestamp" ? undefined : v)));
}
