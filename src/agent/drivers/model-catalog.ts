/**
 * The models pi-ai 0.73.1 knows for a provider, for the Model field to offer: each with its context window,
 * output limit and prices. This imports pi-ai's model table, so the page reaches it only through a dynamic
 * import (the first bundle does not carry it).
 */
import { getModels } from "@mariozechner/pi-ai";
import type { ModelApi } from "./model-presets";
import { CUSTOM_MODEL_DEFAULTS } from "./model-spec";

export interface KnownModel {
  id: string;
  name: string;
  contextWindow: number;
  maxTokens: number;
  reasoning: boolean;
  /** US dollars per million tokens */
  cost: { input: number; output: number; cacheRead: number; cacheWrite: number };
}

/**
 * The models pi-ai's table lists under `provider` that speak `api` (a known model keeps its own dialect, so
 * one of another dialect would not be what the preset promises), in the table's order. A provider name
 * pi-ai does not know (a local server) has none.
 */
export function knownModels(provider: string, api: ModelApi): KnownModel[] {
  const list = getModels(provider as Parameters<typeof getModels>[0]);
  return list
    .filter((m) => m.api === api)
    .map(({ id, name, contextWindow, maxTokens, reasoning, cost }) => ({
      id,
      name,
      contextWindow,
      maxTokens,
      reasoning,
      cost: { ...cost },
    }));
}

/** What a model pi-ai does not know gets: pi's defaults for a models.json entry holding only an id. */
export const UNKNOWN_MODEL_DEFAULTS = {
  contextWindow: CUSTOM_MODEL_DEFAULTS.contextWindow,
  maxTokens: CUSTOM_MODEL_DEFAULTS.maxTokens,
  reasoning: CUSTOM_MODEL_DEFAULTS.reasoning,
};
