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
import type { PiVersionId } from "@core/versions/ids";
import type { AssistantMessageEvent } from "@mariozechner/pi-ai";
import { createStore, immediate, type Store } from "@state/store";
import { dryRun, type RequestView, wireView } from "./provider-request";
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
  /** loads that version's pi-ai (the page: import("./provider-stream") or "./provider-stream-160") */
  load: (piVersion: PiVersionId) => Promise<StreamModule>;
  /** does anything answer at this URL? (the page: a no-cors fetch, which succeeds opaque when it does) */
  probe: (url: string) => Promise<boolean>;
  /** false when the browser knows it is offline */
  online: () => boolean;
}

/** a request as it went out, for the page's event log: whose pi-ai built it, its body and headers */
type SentRequest = RequestView & { model: string; piVersion: PiVersionId };
type Facts = { baseUrl: string; provider: string; modelId: string };
type Reply = Parameters<ProviderContext["start"]>[1];

/**
 * The page's provider context. `preview` and `testConnection` are bound: the page hands them on as
 * functions (the Request tab, the model handle).
 */
export class ProviderHost implements ProviderContext {
  private readonly hint = createStore<string | null>(null, immediate);
  /** the key's masked form (••••last4), or null when none is set; never the key */
  readonly keyHint: Store<string | null> = this.hint;
  private key = "";
  private sent: ((sent: SentRequest) => void) | undefined;

  constructor(private readonly deps: ProviderHostDeps) {}

  setKey(value: string) {
    this.key = value.trim();
    this.hint.set(this.key ? maskKey(this.key) : null);
  }

  /** told of each real request's body as it goes out (key masked), for the page to record as an event */
  onSent(listener: (sent: SentRequest) => void) {
    this.sent = listener;
  }

  /** Makes one model request for the worker, streaming its events back through `reply`; returns its abort. */
  start(request: Request, reply: Reply) {
    const controller = new AbortController();
    const send = batched(request.id, reply, () => controller.abort());
    void this.stream(request, this.key, send, controller.signal);
    return () => controller.abort();
  }

  /** pi-ai's body for this request and its headers (key masked), built without sending anything */
  readonly preview = async (request: ModelRequest): Promise<RequestView & { piVersion: PiVersionId }> => {
    const used = this.key;
    const { streamSimple } = await this.deps.load(request.piVersion);
    const body = await dryRun(streamSimple, request, used || NO_KEY);
    return {
      ...wireView(request.model, body, used),
      piVersion: request.piVersion,
    };
  };

  /** one tiny request with no retries: whether it worked, and why not, for the page to word */
  readonly testConnection = async (choice: ModelChoice): Promise<ConnectionAnswer> => {
    const used = this.key;
    const facts = { baseUrl: choice.baseUrl, provider: choice.provider, modelId: choice.modelId };
    try {
      // a reachability check: 0.73.1's pi-ai, the chunk most likely loaded already
      const { streamSimple, resolveModel } = await this.deps.load("0.73.1");
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
        return { code: "failed", failure: await this.classify(message.errorMessage ?? "", used, facts) };
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
        failure: await this.classify(e instanceof Error ? e.message : String(e), used, facts),
      };
    }
  };

  /** Runs pi-ai's stream for one request with the key `used`, each event handed to `send`. */
  private async stream(
    request: Request,
    used: string,
    send: (event: ProviderEvent) => void,
    signal: AbortSignal,
  ) {
    const facts = {
      baseUrl: request.model.baseUrl,
      provider: request.model.provider,
      modelId: request.model.id,
    };
    try {
      const { streamSimple, parseStreamingJson } = await this.deps.load(request.piVersion);
      // the page rebuilds streaming tool calls too (transcript, event log)
      if (parseStreamingJson) setStreamingJsonParser(parseStreamingJson);
      const stream = streamSimple(request.model, request.context, {
        ...request.options,
        apiKey: used || NO_KEY,
        signal,
        // the body as it goes out (retries resend the same one), for the Request tab
        onPayload: (body) => {
          this.sent?.({
            model: request.model.id,
            piVersion: request.piVersion,
            ...wireView(request.model, body, used),
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
          error.stopReason === "aborted"
            ? redactSecrets(text, [used])
            : await this.explain(text, used, facts);
        send({ ...event, error: { ...error, errorMessage } });
        return;
      }
    } catch (e) {
      // pi-ai reports failures as events; this is a failure to load it, or a bug: still a clean stop.
      const text = await this.explain(e instanceof Error ? e.message : String(e), used, facts);
      send(errorStopEvent(request.model, signal.aborted ? "aborted" : "error", text));
    }
  }

  /** What an error text means, masked with the key the request used. */
  private async classify(text: string, used: string, facts: Facts): Promise<ProviderFailure> {
    const masked = redactSecrets(text, [used]);
    const reachable = isConnectionFailure(masked)
      ? await this.deps.probe(facts.baseUrl).catch(() => false)
      : undefined;
    return classifyProviderFailure({ ...facts, text: masked, reachable, online: this.deps.online() });
  }

  /** The English sentence an assistant message carries (pi's errorMessage, exported as it is). */
  private async explain(text: string, used: string, facts: Facts) {
    return failureInEnglish(await this.classify(text, used, facts));
  }
}

/**
 * One request's events on their way to the worker, each as its delta without pi-ai's whole message so far
 * (message-delta.ts). A fast stream brings thousands of deltas a second: they cross once per task, in one
 * message, and the last event (done, error) at once, alone. `gone`: the worker that asked is no more.
 */
function batched(id: number, reply: Reply, gone: () => void): (event: ProviderEvent) => void {
  const encode = createDeltaEncoder();
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
        ? { kind: "provider_event", id, event: events[0] }
        : { kind: "provider_events", id, events };
    if (!reply(message)) gone();
  };
  return (event) => {
    const last = event.type === "done" || event.type === "error";
    if (last) flush();
    batch.push(encode(event));
    if (last) flush();
    else flushing ??= setTimeout(flush, 0);
  };
}
