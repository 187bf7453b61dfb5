/**
 * pi 1.6.0's counterpart of provider-stream.ts: the same three exports, built on @earendil-works/pi-ai
 * 1.6.0, so a session on that version gets 1.6.0's request bodies by construction (no `"strict": false`,
 * strict schemas where the model's compatibility allows, the anthropic `?beta=true` route, system
 * messages mid-conversation). Its own chunk, fetched only when a 1.6.0 session sends or previews: the
 * first bundle carries neither version's pi-ai. 1.6.0 streams per dialect and reads a transcript, not
 * a context: the session's context (0.73.1's shape, which the worker builds) is normalised first.
 */
import { streamSimple as anthropicMessages } from "@earendil-works/pi-ai/api/anthropic-messages";
import { streamSimple as openaiCompletions } from "@earendil-works/pi-ai/api/openai-completions";
import { parseStreamingJson as parse160 } from "@earendil-works/pi-ai/utils/json-parse";
import { normalizeContext } from "@earendil-works/pi-ai/utils/transcript";
import type { parseStreamingJson as Parse, streamSimple as StreamSimple } from "@mariozechner/pi-ai";
import { installSmallSsePieces } from "./sse-chunks";

installSmallSsePieces(globalThis);

export { resolveModel } from "@agent/drivers/model-spec";

type Stream160 = (model: never, context: never, options: never) => ReturnType<typeof StreamSimple>;
const dialects: Record<string, Stream160> = {
  "anthropic-messages": anthropicMessages as unknown as Stream160,
  "openai-completions": openaiCompletions as unknown as Stream160,
};

/** 0.73.1's streamSimple signature over 1.6.0's per-dialect streams (the model presets use these two). */
export const streamSimple: typeof StreamSimple = (model, context, options) => {
  const stream = dialects[model.api];
  if (!stream)
    throw new Error(
      `pi 1.6.0's model mode speaks anthropic-messages and openai-completions, not ${model.api}: pick one of those dialects.`,
    );
  return stream(model as never, normalizeContext(context as never) as never, options as never);
};

export const parseStreamingJson = parse160 as typeof Parse;
