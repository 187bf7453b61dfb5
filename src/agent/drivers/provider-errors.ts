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

/** How long the provider asks to wait before trying again, when its text says ("try again in 20s"). */
export interface Wait {
  amount: string;
  unit: "ms" | "s" | "min";
}

function waitOf(text: string): Wait | undefined {
  const match = /(?:retry|try again)[^0-9]{0,20}(\d+(?:\.\d+)?)\s*(ms|s|seconds?|m|minutes?)?/i.exec(text);
  if (!match) return undefined;
  const unit = match[2] ?? "s";
  return { amount: match[1], unit: unit === "ms" ? "ms" : unit.startsWith("m") ? "min" : "s" };
}

/**
 * What went wrong, as a code and its values, for the page to word in its own language; `said` is what the
 * provider said (masked), kept whole so nothing is lost.
 */
export type ProviderFailure = { said: string } & (
  | { code: "offline"; baseUrl: string }
  | { code: "cors"; baseUrl: string; provider: string }
  | { code: "down"; baseUrl: string }
  | { code: "keyRefused"; status: number }
  | { code: "notFound"; status: number; modelId: string; baseUrl: string }
  | { code: "rateLimited"; status: number; wait?: Wait }
  | { code: "serverFailed"; status: number }
  | { code: "failed" }
);

/** Which failure this is, from pi-ai's text, the probe and the browser's online flag. */
export function classifyProviderFailure(facts: FailureFacts): ProviderFailure {
  const said = facts.text.trim();
  const { baseUrl } = facts;
  if (isConnectionFailure(facts.text)) {
    if (facts.online === false) return { code: "offline", baseUrl, said };
    if (facts.reachable === true) return { code: "cors", baseUrl, provider: facts.provider, said };
    return { code: "down", baseUrl, said };
  }
  const status = statusOf(facts.text);
  if (status === 401 || status === 403) return { code: "keyRefused", status, said };
  if (status === 404) return { code: "notFound", status, modelId: facts.modelId, baseUrl, said };
  if (status === 429) {
    const wait = waitOf(facts.text);
    return { code: "rateLimited", status, ...(wait ? { wait } : {}), said };
  }
  if (status !== undefined && status >= 500) return { code: "serverFailed", status, said };
  return { code: "failed", said };
}

/**
 * The failure in English, for the assistant message's `errorMessage`: the transcript shows it as pi's text,
 * and it goes into the event log and exports as it is.
 */
export function failureInEnglish(f: ProviderFailure): string {
  const said = f.said ? ` (The provider said: ${f.said})` : "";
  switch (f.code) {
    case "offline":
      return `This browser is offline, so the request to ${f.baseUrl} could not be sent. Connect to a network, or use a model on this machine.${said}`;
    case "cors":
      return `The browser blocked the answer from ${f.baseUrl} (CORS): the server is running but does not allow requests from this page. ${corsFixFor(f.provider)}${said}`;
    case "down":
      return `Nothing answered at ${f.baseUrl}: the server is not running, or the base URL is wrong. Start the server (or check the address and port), then send the message again.${said}`;
    case "keyRefused":
      return `The provider refused the API key (${f.status}): check that the key is right and belongs to this provider, enter it again, then send the message again.${said}`;
    case "notFound":
      return `The provider does not know the model "${f.modelId}" or the address ${f.baseUrl} (404): check the model id and the base URL.${said}`;
    case "rateLimited": {
      const wait = f.wait
        ? `The provider asks you to wait ${f.wait.amount} ${f.wait.unit}, then send it again.`
        : "Wait a minute, then send it again.";
      return `The provider is rate limiting you (429). ${wait}${said}`;
    }
    case "serverFailed":
      return `The provider failed on its side (${f.status}). Try again in a moment.${said}`;
    case "failed":
      return `The request failed: ${f.said || "the provider gave no reason"}.`;
  }
}

/** What Test connection found: an answer, no answer in time, or a failure (worded by the page). */
export type ConnectionAnswer =
  | { code: "connected"; modelId: string; baseUrl: string; reply: string }
  | { code: "timeout"; baseUrl: string; seconds: number }
  | { code: "failed"; failure: ProviderFailure };

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
