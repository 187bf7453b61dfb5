/**
 * The providers the Model tab offers, as plain data (no pi-ai import, so the page's first bundle can show
 * them). Each preset carries the provider name pi uses for that host, so pi-ai's per-provider handling
 * applies as it does in pi; a plain local server gets a name pi-ai does not know, and so none of it.
 */

import type { ModelCompat } from "./model-spec";

/** pi-ai's wire dialects the presets use. */
export type ModelApi = "openai-completions" | "anthropic-messages" | "openai-responses";

/** What the session needs to reach a model: everything but the key, which stays in the provider context. */
export interface ModelChoice {
  provider: string;
  api: ModelApi;
  baseUrl: string;
  modelId: string;
  /** pi's thinking level before clamping ("medium", pi's default, unless set) */
  thinkingLevel?: "off" | "minimal" | "low" | "medium" | "high" | "xhigh";
  /** what the server accepts beyond plain compatibility (model-spec.ts) */
  compat?: ModelCompat;
}

export interface ModelPreset extends ModelChoice {
  key: string;
  label: string;
  /** a local server usually needs no key */
  keyless?: boolean;
  /** what to do when the browser blocks this provider (CORS) */
  corsFix: string;
}

const LOCAL_CORS = "the server does not allow requests from this page.";

export const MODEL_PRESETS: readonly ModelPreset[] = [
  {
    key: "ollama",
    label: "Ollama",
    provider: "ollama",
    api: "openai-completions",
    baseUrl: "http://localhost:11434/v1",
    modelId: "qwen2.5-coder:7b",
    keyless: true,
    corsFix: `Ollama allows pages on localhost by default; for this page's address start it with OLLAMA_ORIGINS set to it (for example OLLAMA_ORIGINS="*" ollama serve).`,
  },
  {
    key: "lmstudio",
    label: "LM Studio",
    provider: "lmstudio",
    api: "openai-completions",
    baseUrl: "http://localhost:1234/v1",
    modelId: "qwen2.5-coder-7b-instruct",
    keyless: true,
    corsFix: `LM Studio blocks pages unless CORS is on: turn on "Enable CORS" in the Developer tab's server settings, or start it with lms server start --cors.`,
  },
  {
    key: "llamacpp",
    label: "llama.cpp server",
    provider: "llama.cpp",
    api: "openai-completions",
    baseUrl: "http://localhost:8080/v1",
    modelId: "local-model",
    keyless: true,
    corsFix: `llama-server allows pages by default; if it was started with --cors-origins, add this page's address.`,
  },
  {
    key: "openrouter",
    label: "OpenRouter",
    provider: "openrouter",
    api: "openai-completions",
    baseUrl: "https://openrouter.ai/api/v1",
    modelId: "anthropic/claude-haiku-4.5",
    corsFix: `OpenRouter allows pages; check the base URL, your network and any browser extension that blocks requests.`,
  },
  {
    key: "groq",
    label: "Groq",
    provider: "groq",
    api: "openai-completions",
    baseUrl: "https://api.groq.com/openai/v1",
    modelId: "llama-3.3-70b-versatile",
    corsFix: `Groq allows pages; check the base URL and your network (some regions are blocked).`,
  },
  {
    key: "deepseek",
    label: "DeepSeek (OpenAI-compatible)",
    provider: "deepseek",
    api: "openai-completions",
    baseUrl: "https://api.deepseek.com",
    modelId: "deepseek-chat",
    corsFix: `DeepSeek may not allow requests from a page; try its Anthropic endpoint preset, or run the model locally.`,
  },
  {
    key: "anthropic",
    label: "Anthropic",
    provider: "anthropic",
    api: "anthropic-messages",
    baseUrl: "https://api.anthropic.com",
    modelId: "claude-haiku-4-5",
    corsFix: `Anthropic allows pages unless your organization turned browser access off in its settings.`,
  },
  {
    key: "deepseek-anthropic",
    label: "DeepSeek (Anthropic endpoint)",
    provider: "deepseek-anthropic",
    api: "anthropic-messages",
    baseUrl: "https://api.deepseek.com/anthropic",
    modelId: "deepseek-chat",
    corsFix: `DeepSeek may not allow requests from a page; try its OpenAI-compatible preset, or run the model locally.`,
  },
  {
    key: "openai",
    label: "OpenAI (Responses)",
    provider: "openai",
    api: "openai-responses",
    baseUrl: "https://api.openai.com/v1",
    modelId: "gpt-4.1-mini",
    corsFix: `OpenAI allows pages; check the base URL and your network.`,
  },
];

export const presetByKey = (key: string): ModelPreset | undefined => MODEL_PRESETS.find((p) => p.key === key);

/** The CORS fix for a provider name, or a general one. */
export function corsFixFor(provider: string): string {
  return MODEL_PRESETS.find((p) => p.provider === provider)?.corsFix ?? LOCAL_CORS;
}

/** A key sent to this URL would cross the network unencrypted: plain http to a host that is not this machine. */
export function isInsecureBaseUrl(baseUrl: string): boolean {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return false;
  }
  if (url.protocol !== "http:") return false;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  return !(host === "localhost" || host.endsWith(".localhost") || host === "::1" || /^127\./.test(host));
}
