/**
 * The model driver: each model request is one completion from a real model through pi-ai 0.73.1, built
 * as pi builds it. pi-agent-core's streamAssistantResponse converts the transcript with convertToLlm and
 * hands `{systemPrompt, messages, tools}` plus the loop config (model, reasoning, sessionId, transport…)
 * to streamSimple; pi-coding-agent adds the key and its retry settings. This driver builds the same three
 * arguments and leaves the key to the completion function it is given: in the browser that function lives
 * in another context that holds the key, so the session never sees one; Node tests pass pi-ai's
 * streamSimple with a key bound in.
 *
 * The loop (loop.ts) turns the returned events into message_start / update / end exactly as pi's
 * streamAssistantResponse does. On top of pi-ai's own stream this driver adds what pi leaves to its
 * terminal: an idle limit, and masking anything key-shaped in error texts before they become events.
 *
 * pi-ai is a value import here, so this module is loaded lazily (`await import(...)`), never from the
 * page's first bundle.
 */
import type { AnyAgentTool } from "@core/tools/types";
import type { PiVersionId } from "@core/versions/ids";
import {
  type Api,
  type Context,
  clampThinkingLevel,
  type Model,
  type ModelThinkingLevel,
  type AssistantMessageEvent as PiAssistantMessageEvent,
  type Message as PiMessage,
  parseStreamingJson,
  type SimpleStreamOptions,
  type Tool,
} from "@mariozechner/pi-ai";
import { setStreamingJsonParser } from "../message-delta";
import type { AgentMessage, AssistantMessage, AssistantMessageEvent } from "../messages";
import type { Driver } from "../types";
import { errorStopEvent } from "./provider-errors";
import { redactSecrets } from "./redact";

/** Asks a model for one assistant message, as pi-ai's streamSimple does (the key is the callee's business). */
export type CompletionFunction = (
  model: Model<Api>,
  context: Context,
  options: SimpleStreamOptions,
  /** whose pi-ai builds the body (the page loads 1.6.0's only when a session picks it); 0.73.1's unless set */
  piVersion?: PiVersionId,
) => AsyncIterable<PiAssistantMessageEvent> | Promise<AsyncIterable<PiAssistantMessageEvent>>;

/** A provider that sends nothing for this long has its request ended with IDLE_MESSAGE. */
export const MODEL_IDLE_TIMEOUT_MS = 60_000;
/** After an abort, how long the provider gets to end its own stream (pi-ai reports what it had) before the driver ends it. */
export const ABORT_GRACE_MS = 2_000;
/** pi-coding-agent's default thinking level, clamped per model as pi clamps it. */
export const DEFAULT_THINKING_LEVEL: ModelThinkingLevel = "medium";
/** pi-coding-agent's default `retry.provider.maxRetryDelayMs`. */
export const PI_MAX_RETRY_DELAY_MS = 60_000;

export const idleMessage = (ms: number) =>
  `The provider sent nothing for ${Math.round(ms / 1000)} s, so the request was ended. ` +
  "Check that the server is still running and reachable, then send the message again.";

export interface ModelDriverOptions {
  model: Model<Api>;
  complete: CompletionFunction;
  /** pi's thinking level before clamping; "medium" (pi's default) unless set */
  thinkingLevel?: ModelThinkingLevel;
  /** pi passes its session id (prompt-cache keys, session-affinity headers) */
  sessionId?: string;
  /** which executable tools are declared to the model; all of them unless set */
  isDeclared?: (name: string) => boolean;
  /** more streamSimple options (onPayload to see the body, maxRetries…); never the key */
  streamOptions?: Omit<SimpleStreamOptions, "apiKey" | "signal" | "reasoning" | "sessionId">;
  /** strings masked in error texts besides anything key-shaped (the key, when the caller knows it) */
  secrets?: () => readonly string[];
  idleTimeoutMs?: number;
  /** the session's pi version: its pi-ai sends the requests */
  piVersion?: PiVersionId;
}

/** pi-agent-core's defaultConvertToLlm: only user, assistant and toolResult messages reach the model. */
export function convertToLlm(messages: readonly AgentMessage[]): PiMessage[] {
  return messages.filter(
    (m) => m.role === "user" || m.role === "assistant" || m.role === "toolResult",
  ) as PiMessage[];
}

/** pi-agent-core 1.6.0's defaultConvertToLlm: system messages reach pi-ai too. */
function transcriptForLlm(messages: readonly AgentMessage[]): PiMessage[] {
  return messages.filter(
    (m) => m.role === "system" || m.role === "user" || m.role === "assistant" || m.role === "toolResult",
  ) as PiMessage[];
}

/** The tools as pi-ai reads them (name, description, parameters), in the session's order. */
export function declaredTools(
  tools: readonly AnyAgentTool[],
  isDeclared?: (name: string) => boolean,
): Tool[] {
  return tools
    .filter((t) => isDeclared?.(t.name) ?? true)
    .map((t) => ({
      name: t.name,
      description: t.description,
      parameters: t.parameters,
      // 1.6.0's pi-ai reads it to send a strict schema; 0.73.1's passes over it
      ...(t.constrainedSampling === undefined ? {} : { constrainedSampling: t.constrainedSampling }),
    }));
}

/** The thinking level a request asks for, as pi's loop passes it: the model's nearest level, none when off. */
export function requestedReasoning(options: Pick<ModelDriverOptions, "model" | "thinkingLevel">) {
  const level = clampThinkingLevel(options.model, options.thinkingLevel ?? DEFAULT_THINKING_LEVEL);
  return level === "off" ? undefined : level;
}

/** The three arguments pi's loop gives streamSimple for this request (the signal and key excepted). */
export function buildModelRequest(
  request: Parameters<Driver>[0],
  options: Pick<
    ModelDriverOptions,
    "model" | "thinkingLevel" | "sessionId" | "isDeclared" | "streamOptions" | "piVersion"
  >,
): { model: Model<Api>; context: Context; options: SimpleStreamOptions } {
  const reasoning = requestedReasoning(options);
  const inTranscript = options.piVersion === "1.6.0" && request.messages.some((m) => m.role === "system");
  return {
    model: options.model,
    // pi 1.6.0's loop hands pi-ai the transcript alone: the prompt and the tools travel in its system
    // messages (the first whole, later ones as patches and tool changes), which pi-ai keeps in place or
    // folds into one, as the model's compatibility says. 0.73.1 sends the current prompt and tools.
    context: inTranscript
      ? ({ messages: transcriptForLlm(request.messages) } as Context)
      : {
          systemPrompt: request.systemPrompt,
          messages: convertToLlm(request.messages),
          tools: declaredTools(request.tools, options.isDeclared),
        },
    options: {
      // pi-agent-core's loop config, then pi-coding-agent's provider retry settings.
      reasoning,
      sessionId: options.sessionId,
      transport: "auto",
      maxRetryDelayMs: PI_MAX_RETRY_DELAY_MS,
      ...options.streamOptions,
    },
  };
}

export function createModelDriver(options: ModelDriverOptions): Driver {
  // the session worker rebuilds the page's deltas with it (provider-client.ts)
  setStreamingJsonParser(parseStreamingJson);
  const idleMs = options.idleTimeoutMs ?? MODEL_IDLE_TIMEOUT_MS;
  return async (request, signal) => {
    const built = buildModelRequest(request, options);
    const controller = new AbortController();
    const forward = () => controller.abort(signal?.reason);
    if (signal?.aborted) forward();
    else signal?.addEventListener("abort", forward, { once: true });
    const redact = (text: string) => redactSecrets(text, options.secrets?.() ?? []);
    const failed = (stopReason: "error" | "aborted", text: string, partial?: AssistantMessage) =>
      errorEvent(options.model, stopReason, redact(text), partial);
    let source: AsyncIterable<PiAssistantMessageEvent>;
    try {
      source = await options.complete(
        built.model,
        built.context,
        {
          ...built.options,
          signal: controller.signal,
        },
        options.piVersion,
      );
    } catch (error) {
      signal?.removeEventListener("abort", forward);
      return single(failed(signal?.aborted ? "aborted" : "error", messageOf(error)));
    }
    return relay(source, {
      idleMs,
      signal,
      controller,
      redact,
      failed,
      done: () => signal?.removeEventListener("abort", forward),
    });
  };
}

interface RelayContext {
  idleMs: number;
  signal: AbortSignal | undefined;
  controller: AbortController;
  redact: (text: string) => string;
  failed: (
    stopReason: "error" | "aborted",
    text: string,
    partial?: AssistantMessage,
  ) => AssistantMessageEvent;
  done: () => void;
}

type Step =
  | { kind: "next"; result: IteratorResult<PiAssistantMessageEvent> }
  | { kind: "threw"; error: unknown }
  | { kind: "idle" }
  | { kind: "stuck" };

/** Passes pi-ai's events through; ends the stream itself when the provider goes quiet or ignores an abort. */
async function* relay(source: AsyncIterable<PiAssistantMessageEvent>, ctx: RelayContext) {
  const iterator = source[Symbol.asyncIterator]();
  const watch = watchdog(ctx.idleMs, ctx.signal);
  let partial: AssistantMessage | undefined;
  try {
    for (;;) {
      const step = await Promise.race([
        iterator.next().then(
          (result): Step => ({ kind: "next", result }),
          (error: unknown): Step => ({ kind: "threw", error }),
        ),
        watch.fired,
      ]);
      if (step.kind === "idle" || step.kind === "stuck") {
        ctx.controller.abort();
        void iterator.return?.()?.catch(() => {});
        yield step.kind === "idle"
          ? ctx.failed("error", idleMessage(ctx.idleMs), partial)
          : ctx.failed("aborted", "Request was aborted", partial);
        return;
      }
      if (step.kind === "threw") {
        yield ctx.failed(ctx.signal?.aborted ? "aborted" : "error", messageOf(step.error), partial);
        return;
      }
      if (step.result.done) return;
      watch.touch();
      const event = step.result.value as AssistantMessageEvent;
      if (event.type === "error") {
        const message = event.error;
        yield {
          ...event,
          error: { ...message, errorMessage: ctx.redact(message.errorMessage ?? "The provider failed") },
        };
        return;
      }
      if ("partial" in event) partial = event.partial;
      yield event;
      if (event.type === "done") return;
    }
  } finally {
    watch.stop();
    ctx.done();
  }
}

/**
 * One timer per request rather than one per event (a fast stream sends thousands): it wakes up when the
 * quiet period could have run out and goes back to sleep for the rest if an event came meanwhile. After
 * an abort it gives the provider ABORT_GRACE_MS to end its own stream.
 */
function watchdog(idleMs: number, signal: AbortSignal | undefined) {
  let last = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fire: (step: Step) => void = () => {};
  const fired = new Promise<Step>((resolve) => {
    fire = resolve;
  });
  const check = () => {
    const quiet = Date.now() - last;
    if (quiet >= idleMs) fire({ kind: "idle" });
    else timer = setTimeout(check, idleMs - quiet);
  };
  const onAbort = () => {
    clearTimeout(timer);
    timer = setTimeout(() => fire({ kind: "stuck" }), ABORT_GRACE_MS);
  };
  timer = setTimeout(check, idleMs);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener("abort", onAbort, { once: true });
  return {
    fired,
    touch: () => {
      last = Date.now();
    },
    stop: () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

/** pi-ai's error-stop message: what it had so far (or nothing), the stop reason and the text. */
function errorEvent(
  model: Model<Api>,
  stopReason: "error" | "aborted",
  errorMessage: string,
  partial?: AssistantMessage,
): AssistantMessageEvent {
  if (!partial) return errorStopEvent(model, stopReason, errorMessage) as AssistantMessageEvent;
  return { type: "error", reason: stopReason, error: { ...partial, stopReason, errorMessage } };
}

async function* single(event: AssistantMessageEvent) {
  yield event;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
