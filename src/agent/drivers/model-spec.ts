/**
 * Which model a request goes to. A model pi-ai knows (provider + id in its table) is taken from the table;
 * any other gets the values pi-coding-agent 0.73.1 gives a models.json entry that names only an id
 * (docs/model-mode.md, "The model object"). This module imports pi-ai's model table (≈ 25 KB gzip), so it
 * is reached only through the lazily loaded model driver.
 */
import { type Api, getModel, getModels, type Model } from "@mariozechner/pi-ai";

/** What the page (later) lets a learner pick: a wire dialect, a provider name, a base URL and a free model id. */
export interface ModelSpec {
  /** pi-ai's provider name: a built-in one ("anthropic", "deepseek", …) switches on its handling for that host */
  provider: string;
  id: string;
  /** needed for a model pi-ai does not know; a known model keeps its own */
  api?: Api;
  /** overrides the known model's base URL; needed for an unknown one */
  baseUrl?: string;
  /**
   * What the server is known to accept beyond plain OpenAI compatibility, as a models.json entry's
   * `compat` says it (pi 1.6.0's pi-ai only sends strict schemas and mid-conversation updates when told).
   */
  compat?: ModelCompat;
}

/** The compatibility flags the playground lets a model choice set (pi-ai's names). */
export interface ModelCompat {
  supportsStrictMode?: boolean;
  supportsMidConvoSystemMessages?: boolean;
  supportsMidConvoToolAdditions?: boolean;
}

/** pi-coding-agent's defaults for a models.json entry holding only an id. */
export const CUSTOM_MODEL_DEFAULTS = {
  reasoning: false,
  input: ["text"] as ("text" | "image")[],
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  contextWindow: 128000,
  maxTokens: 16384,
} as const;

export function resolveModel(spec: ModelSpec): Model<Api> {
  const model = resolveBase(spec);
  if (!spec.compat) return model;
  const own = (model as { compat?: object }).compat;
  return { ...model, compat: { ...own, ...spec.compat } } as Model<Api>;
}

function resolveBase(spec: ModelSpec): Model<Api> {
  const known = lookUp(spec.provider, spec.id);
  if (known) return spec.baseUrl ? { ...known, baseUrl: spec.baseUrl } : known;
  // As pi does for a custom model under a built-in provider name: that provider's dialect and base URL.
  const builtIn = getModels(spec.provider as Parameters<typeof getModels>[0])[0];
  const api = spec.api ?? builtIn?.api;
  const baseUrl = spec.baseUrl ?? builtIn?.baseUrl;
  if (!api)
    throw new Error(
      `pi-ai does not know the model "${spec.id}" of provider "${spec.provider}": choose its wire dialect ` +
        '(api: "anthropic-messages" or "openai-completions") and give its base URL.',
    );
  if (!baseUrl)
    throw new Error(`The custom model "${spec.id}" needs a base URL, such as http://localhost:11434/v1.`);
  return {
    id: spec.id,
    name: spec.id,
    api,
    provider: spec.provider,
    baseUrl,
    reasoning: CUSTOM_MODEL_DEFAULTS.reasoning,
    input: [...CUSTOM_MODEL_DEFAULTS.input],
    cost: { ...CUSTOM_MODEL_DEFAULTS.cost },
    contextWindow: CUSTOM_MODEL_DEFAULTS.contextWindow,
    maxTokens: CUSTOM_MODEL_DEFAULTS.maxTokens,
  };
}

function lookUp(provider: string, id: string): Model<Api> | undefined {
  // getModel is typed for literal provider/id pairs; a free-text pair is looked up the same way.
  const find = getModel as (p: string, m: string) => Model<Api> | undefined;
  return find(provider, id);
}
