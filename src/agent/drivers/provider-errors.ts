/**
 * A provider failure in words a learner can act on. pi-ai reports a closed port and a CORS block alike
 * ("Connection error."), so the caller says what a plain probe of the base URL found (`reachable`): a
 * no-cors request that succeeds means the server answered but the browser hid the answer from the page.
 * The provider's own text (already masked) follows the sentence, so nothing it said is lost.
 */
import type { AssistantMessageEvent as ProviderEvent } from "@mariozechner/pi-ai";
import { EMPTY_USAGE } from "../messages";
import { corsFixFor } from "./model-presets";

export interface FailureFacts {
  /** the error text pi-ai reported, with keys already masked */
  text: string;
  baseUrl: string;
  provider: string;
  modelId: string;
  /** the probe of the base URL: true = something answered, false = nothing did, undefined = not probed */
  reachable?: boolean;
  /** false when the browser says it is offline */
  online?: boolean;
}

/** pi-ai's texts for a request that never got an answer, through the SDKs or a bare fetch. */
export function isConnectionFailure(text: string): boolean {
  return /connection error|failed to fetch|fetch failed|networkerror|network error|load failed|ECONNREFUSED/i.test(
    text,
  );
}

/** The HTTP status at the start of pi-ai's error text ("401 …", "429 status code …"), if any. */
export function statusOf(text: string): number | undefined {
  const match = /^\s*(\d{3})\b/.exec(text) ?? /\bstatus(?: code)?:?\s*(\d{3})\b/i.exec(text);
  return match ? Number(match[1]) : undefined;
}

function retryHint(text: string): string {
  const match = /(?:retry|try again)[^0-9]{0,20}(\d+(?:\.\d+)?)\s*(ms|s|seconds?|m|minutes?)?/i.exec(text);
  if (!match) return "Wait a minute, then send it again.";
  const unit = match[2] ?? "s";
  const what = unit === "ms" ? `${match[1]} ms` : unit.startsWith("m") ? `${match[1]} min` : `${match[1]} s`;
  return `The provider asks you to wait ${what}, then send it again.`;
}

/** One sentence (or two) saying what went wrong and what to do, then what the provider said. */
export function explainProviderFailure(facts: FailureFacts): string {
  const said = facts.text.trim() ? ` (The provider said: ${facts.text.trim()})` : "";
  if (isConnectionFailure(facts.text)) {
    if (facts.online === false)
      return `This browser is offline, so the request to ${facts.baseUrl} could not be sent. Connect to a network, or use a model on this machine.${said}`;
    if (facts.reachable === true)
      return `The browser blocked the answer from ${facts.baseUrl} (CORS): the server is running but does not allow requests from this page. ${corsFixFor(facts.provider)}${said}`;
    return `Nothing answered at ${facts.baseUrl}: the server is not running, or the base URL is wrong. Start the server (or check the address and port), then send the message again.${said}`;
  }
  const status = statusOf(facts.text);
  if (status === 401 || status === 403)
    return `The provider refused the API key (${status}): check that the key is right and belongs to this provider, enter it again, then send the message again.${said}`;
  if (status === 404)
    return `The provider does not know the model "${facts.modelId}" or the address ${facts.baseUrl} (404): check the model id and the base URL.${said}`;
  if (status === 429) return `The provider is rate limiting you (429). ${retryHint(facts.text)}${said}`;
  if (status !== undefined && status >= 500)
    return `The provider failed on its side (${status}). Try again in a moment.${said}`;
  return `The request failed: ${facts.text.trim() || "the provider gave no reason"}.`;
}

/** pi-ai's error-stop event (empty content, zero usage), for a failure that happened outside its stream. */
export function errorStopEvent(
  model: { api: string; provider: string; id: string },
  stopReason: "error" | "aborted",
  errorMessage: string,
): ProviderEvent {
  return {
    type: "error",
    reason: stopReason,
    error: {
      role: "assistant",
      content: [],
      api: model.api,
      provider: model.provider,
      model: model.id,
      usage: structuredClone(EMPTY_USAGE),
      stopReason,
      errorMessage,
      timestamp: Date.now(),
    },
  };
}
