/**
 * What the Request tab shows of a model request: pi-ai's own body for it, and the headers that carry the
 * key, masked. pi-ai hands the body to an `onPayload` hook just before sending; a dry run throws from
 * that hook, so pi-ai stops there and nothing leaves the page.
 */
import { maskKey, redactSecrets } from "@agent/drivers/redact";
import type { ModelRequest } from "@agent/protocol";
import type { Api, Model, streamSimple as StreamSimple } from "@mariozechner/pi-ai";

export interface RequestView {
  /** the JSON body as pi-ai built it, with the key masked should it ever appear */
  body: unknown;
  /** the headers pi-ai sets itself (the SDK adds its own: content-type, version and client headers) */
  headers: [name: string, value: string][];
}

/** The auth header pi-ai's provider sends for this dialect, and the model's own headers; the key masked. */
export function requestHeaders(model: Model<Api>, key: string): [string, string][] {
  const masked = key ? maskKey(key) : "(none)";
  const auth: [string, string] =
    model.api === "anthropic-messages" ? ["x-api-key", masked] : ["authorization", `Bearer ${masked}`];
  const own = Object.entries(model.headers ?? {}).map(([name, value]): [string, string] => [
    name,
    redactSecrets(String(value), key ? [key] : []),
  ]);
  return [auth, ...own];
}

/**
 * The body and headers as they travel. pi-ai 1.6.0 hands Anthropic's beta list to its SDK inside the
 * body (`betas`); the SDK sends it as the `anthropic-beta` header, not in the JSON, so it is shown there.
 */
export function wireView(model: Model<Api>, body: unknown, key: string): RequestView {
  const headers = requestHeaders(model, key);
  if (!body || typeof body !== "object" || !("betas" in body) || !Array.isArray(body.betas))
    return { body: maskedBody(body, key), headers };
  const { betas, ...rest } = body as { betas: unknown[] };
  return {
    body: maskedBody(rest, key),
    headers: [...headers, ["anthropic-beta", betas.map(String).join(",")]],
  };
}

/** The body with the key (and anything shaped like one) masked: the key is never in it, and stays out. */
export function maskedBody(body: unknown, key: string): unknown {
  return JSON.parse(redactSecrets(JSON.stringify(body), key ? [key] : []));
}

class Captured extends Error {}

/**
 * pi-ai's body for this request, built without sending: onPayload throws, which ends the stream with an
 * error event before the request goes out. `apiKey` only lets pi-ai build its client (it refuses none).
 */
export async function dryRun(
  streamSimple: typeof StreamSimple,
  request: ModelRequest,
  apiKey: string,
): Promise<unknown> {
  let body: unknown;
  const stream = streamSimple(request.model, request.context, {
    ...request.options,
    apiKey,
    maxRetries: 0,
    onPayload: (payload) => {
      body = payload;
      throw new Captured("the body was captured; nothing is sent");
    },
  });
  const message = await stream.result();
  if (body === undefined)
    throw new Error(message.errorMessage ?? "pi-ai did not build a request for this model.");
  return body;
}
