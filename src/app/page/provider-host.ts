/**
 * Model mode's provider context, on the page: it holds the API key (in memory only) and makes the
 * session worker's model requests with pi-ai's streamSimple, streaming the events back. The session
 * worker never holds the key: it asks here for each completion (provider-client.ts). Before an error
 * leaves this context its text is masked with the real key and turned into a sentence a learner can act
 * on; a "Connection error." is told apart (server down or CORS) by probing the base URL.
 */
import type { ModelChoice } from "@agent/drivers/model-presets";
import {
  type ConnectionAnswer,
  classifyProviderFailure,
  errorStopEvent,
  failureInEnglish,
  isConnectionFailure,
  type ProviderFailure,
} from "@agent/drivers/provider-errors";
import { maskKey, redactSecrets } from "@agent/drivers/redact";
import { createDeltaEncoder, setStreamingJsonParser } from "@agent/message-delta";
import type { ModelRequest, PageToWorker, WorkerToPage } from "@agent/protocol";
import type { AssistantMessageEvent } from "@mariozechner/pi-ai";
import { createStore, immediate, type Store } from "@state/store";
import { dryRun, maskedBody, type RequestView, requestHeaders } from "./provider-request";
import type { ProviderContext } from "./worker-client";

type ProviderEvent = AssistantMessageEvent;
type Request = Extract<WorkerToPage, { kind: "provider_request" }>;
type StreamModule = typeof import("./provider-stream");

/**
 * pi-ai refuses an empty key before sending (it looks for one in the environment); a local server takes
 * any, so a request without a key carries this one.
 */
export const NO_KEY = "no-key";
/** How long Test connection waits for an answer. */
export const TEST_TIMEOUT_MS = 20_000;

export interface ProviderHostDeps {
  /** loads pi-ai (the page: import("./provider-stream")) */
  load: () => Promise<StreamModule>;
  /** does anything answer at this URL? (the page: a no-cors fetch, which succeeds opaque when it does) */
  probe: (url: string) => Promise<boolean>;
  /** false when the browser knows it is offline */
  online: () => boolean;
}

export interface ProviderHost extends ProviderContext {
  /** the key's masked form (••••last4), or null when none is set; never the key */
  keyHint: Store<string | null>;
  setKey(key: string): void;
  /** one tiny request with no retries: whether it worked, and why not, for the page to word */
  testConnection(choice: ModelChoice): Promise<ConnectionAnswer>;
  /** pi-ai's body for this request and its headers (key masked), built without sending anything */
  preview(request: ModelRequest): Promise<RequestView>;
  /** told of each real request's body as it goes out (key masked), for the page to record as an event */
  onSent(listener: (sent: RequestView & { model: string }) => void): void;
}

export function createProviderHost(deps: ProviderHostDeps): ProviderHost {
  let key = "";
  const keyHint = createStore<string | null>(null, immediate);
  let sent: ((sent: RequestView & { model: string }) => void) | undefined;

  /** What an error text means, masked with the key the request used. */
  async function classify(
    text: string,
    used: string,
    facts: { baseUrl: string; provider: string; modelId: string },
  ): Promise<ProviderFailure> {
    const masked = redactSecrets(text, [used]);
    const reachable = isConnectionFailure(masked)
      ? await deps.probe(facts.baseUrl).catch(() => false)
      : undefined;
    return classifyProviderFailure({ ...facts, text: masked, reachable, online: deps.online() });
  }
  /** The English sentence an assistant message carries (pi's errorMessage, exported as it is). */
  const explain = async (...args: Parameters<typeof classify>) => failureInEnglish(await classify(...args));

  return {
    keyHint,
    setKey(value) {
      key = value.trim();
      keyHint.set(key ? maskKey(key) : null);
    },

    start(request: Request, reply) {
      const controller = new AbortController();
      const used = key;
      const facts = {
        baseUrl: request.model.baseUrl,
        provider: request.model.provider,
        modelId: request.model.id,
      };
      // Each event as its delta, without pi-ai's whole message so far (message-delta.ts).
      const encode = createDeltaEncoder();
      // A fast stream brings thousands of deltas a second: they cross once per task, in one message, and
      // the last event (done, error) at once, alone.
      let batch: ReturnType<typeof encode>[] = [];
      let flushing: ReturnType<typeof setTimeout> | undefined;
      const flush = () => {
        clearTimeout(flushing);
        flushing = undefined;
        const events = batch;
        batch = [];
        if (events.length === 0) return;
        const message: PageToWorker =
          events.length === 1
            ? { kind: "provider_event", id: request.id, event: events[0] }
            : { kind: "provider_events", id: request.id, events };
        if (!reply(message)) controller.abort();
      };
      const send = (event: ProviderEvent) => {
        const last = event.type === "done" || event.type === "error";
        if (last) flush();
        batch.push(encode(event));
        if (last) flush();
        else flushing ??= setTimeout(flush, 0);
      };
      void (async () => {
        try {
          const { streamSimple, parseStreamingJson } = await deps.load();
          // the page rebuilds streaming tool calls too (transcript, event log)
          if (parseStreamingJson) setStreamingJsonParser(parseStreamingJson);
          const stream = streamSimple(request.model, request.context, {
            ...request.options,
            apiKey: used || NO_KEY,
            signal: controller.signal,
            // the body as it goes out (retries resend the same one), for the Request tab
            onPayload: (body) => {
              sent?.({
                model: request.model.id,
                body: maskedBody(body, used),
                headers: requestHeaders(request.model, used),
              });
              return undefined;
            },
          });
          for await (const event of stream) {
            if (event.type !== "error") {
              send(event);
              continue;
            }
            const error = event.error;
            const text = error.errorMessage ?? "The provider failed";
            const errorMessage =
              error.stopReason === "aborted" ? redactSecrets(text, [used]) : await explain(text, used, facts);
            send({ ...event, error: { ...error, errorMessage } });
            return;
          }
        } catch (e) {
          // pi-ai reports failures as events; this is a failure to load it, or a bug: still a clean stop.
          const text = await explain(e instanceof Error ? e.message : String(e), used, facts);
          send(errorStopEvent(request.model, controller.signal.aborted ? "aborted" : "error", text));
        }
      })();
      return () => controller.abort();
    },

    async preview(request) {
      const used = key;
      const { streamSimple } = await deps.load();
      const body = await dryRun(streamSimple, request, used || NO_KEY);
      return { body: maskedBody(body, used), headers: requestHeaders(request.model, used) };
    },

    onSent(listener) {
      sent = listener;
    },

    async testConnection(choice) {
      const used = key;
      const facts = { baseUrl: choice.baseUrl, provider: choice.provider, modelId: choice.modelId };
      try {
        const { streamSimple, resolveModel } = await deps.load();
        const model = resolveModel({
          provider: choice.provider,
          id: choice.modelId,
          api: choice.api,
          baseUrl: choice.baseUrl,
        });
        const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
        const stream = streamSimple(
          model,
          {
            systemPrompt: "",
            messages: [{ role: "user", content: "Reply with: ok", timestamp: Date.now() }],
          },
          { apiKey: used || NO_KEY, maxRetries: 0, maxTokens: 16, signal },
        );
        const message = await stream.result();
        if (message.stopReason === "error" || message.stopReason === "aborted") {
          if (signal.aborted)
            return { code: "timeout", baseUrl: choice.baseUrl, seconds: TEST_TIMEOUT_MS / 1000 };
          return { code: "failed", failure: await classify(message.errorMessage ?? "", used, facts) };
        }
        const text = message.content
          .flatMap((c) => (c.type === "text" ? [c.text] : []))
          .join("")
          .trim();
        return {
          code: "connected",
          modelId: choice.modelId,
          baseUrl: choice.baseUrl,
          reply: text.slice(0, 80),
        };
      } catch (e) {
        return {
          code: "failed",
          failure: await classify(e instanceof Error ? e.message : String(e), used, facts),
        };
      }
    },
  };
}
