/**
 * The session worker's side of model mode's completions. The model driver calls a completion function;
 * this one does not talk to the provider itself: it posts the request to the page's provider context,
 * which holds the key, and yields the events that come back. So the key never enters the session worker,
 * where learner code may one day run. Only data crosses: the signal becomes a provider_abort message, and
 * the model, context and options are copied as JSON (tool schemas carry symbol keys the copy drops).
 */
import type { CompletionFunction } from "@agent/drivers/model";
import { applyDelta } from "@agent/message-delta";
import type { AssistantMessage } from "@agent/messages";
import type { PageToWorker, ProviderOptions, WorkerToPage } from "@agent/protocol";
import type { AssistantMessageEvent, SimpleStreamOptions } from "@mariozechner/pi-ai";

type WireEvent = Extract<PageToWorker, { kind: "provider_event" }>["event"];

export interface ProviderClient {
  complete: CompletionFunction;
  /** a provider_event (or a batch of them) from the page */
  receive(message: Extract<PageToWorker, { kind: "provider_event" | "provider_events" }>): void;
}

/** A JSON copy: what survives a postMessage as plain data (tool schemas carry symbol keys it drops). */
export const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The options that travel to the provider context: data only, never the key, the signal or a hook. */
export function providerOptions(options: SimpleStreamOptions): ProviderOptions {
  const data: ProviderOptions = {
    reasoning: options.reasoning,
    sessionId: options.sessionId,
    transport: options.transport,
    maxRetryDelayMs: options.maxRetryDelayMs,
    maxRetries: options.maxRetries,
    maxTokens: options.maxTokens,
  };
  for (const key of Object.keys(data) as (keyof ProviderOptions)[])
    if (data[key] === undefined) delete data[key];
  return data;
}

export function createProviderClient(post: (message: WorkerToPage) => void): ProviderClient {
  let requests = 0;
  const open = new Map<number, (event: WireEvent) => void>();

  const complete: CompletionFunction = (model, context, options, piVersion = "0.73.1") => {
    const id = ++requests;
    const items: WireEvent[] = [];
    // The message rebuilt from the deltas as each event is read, not as it arrives (then it would already
    // be ahead of the event), handed on as the event's `partial`, as pi-ai hands on its message.
    let message: AssistantMessage | undefined;
    const decode = (wire: WireEvent): AssistantMessageEvent => {
      message = applyDelta(message, wire);
      if (wire.type === "done" || wire.type === "error") return wire as AssistantMessageEvent;
      const { block: _block, fields: _fields, ...event } = wire;
      return { ...event, partial: message } as AssistantMessageEvent;
    };
    let wake: (() => void) | undefined;
    open.set(id, (event) => {
      items.push(event);
      wake?.();
      wake = undefined;
    });
    post({
      kind: "provider_request",
      id,
      piVersion,
      model: plain(model),
      context: plain(context),
      options: providerOptions(options),
    });
    let finished = false;
    const abort = () => {
      if (!finished) post({ kind: "provider_abort", id });
    };
    options.signal?.addEventListener("abort", abort, { once: true });
    async function* events() {
      try {
        for (;;) {
          const wire = items.shift();
          if (!wire) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            continue;
          }
          const event = decode(wire);
          if (event.type === "done" || event.type === "error") finished = true;
          yield event;
          if (finished) return;
        }
      } finally {
        // A consumer that stops early (the driver's idle limit) ends the request too.
        abort();
        finished = true;
        open.delete(id);
        options.signal?.removeEventListener("abort", abort);
      }
    }
    return events();
  };

  return {
    complete,
    receive(message) {
      const take = open.get(message.id);
      if (!take) return;
      if (message.kind === "provider_event") take(message.event);
      else for (const event of message.events) take(event);
    },
  };
}
