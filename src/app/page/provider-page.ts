/**
 * Model mode's wiring on the page: the provider context (provider-host.ts) with the browser's own fetch
 * probe and pi-ai loaded as a lazy chunk, and the Model tab's fields. The fields (no secret) are kept in
 * storage under their own name. The key is kept only in memory unless the learner opts in to "remember
 * on this device": then it has a storage entry of its own, apart from the preferences, and never in an
 * export (exports hold events only).
 */
import { MODEL_PRESETS, presetByKey } from "@agent/drivers/model-presets";
import { createStore, immediate } from "@state/store";
import type { ModelHandle, ModelSettings } from "@ui/session-context";
import { ProviderHost, type ProviderHostDeps } from "./provider-host";

export const MODEL_SETTINGS_KEY = "pi-playground:model-settings";
export const MODEL_KEY_KEY = "pi-playground:model-api-key";
/** How long the probe that tells a closed port from a CORS block waits. */
const PROBE_TIMEOUT_MS = 3000;

type Storage_ = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/**
 * A no-cors request gets an opaque answer from any server that is up, whatever its CORS headers; it
 * fails only when nothing answers. So after pi-ai's "Connection error." it says which of the two it was.
 */
export function probeUrl(url: string): Promise<boolean> {
  return fetch(url, {
    mode: "no-cors",
    cache: "no-store",
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  }).then(
    () => true,
    () => false,
  );
}

const browserDeps = (): ProviderHostDeps => ({
  // 1.6.0's pi-ai is a chunk of its own, fetched only when a 1.6.0 session sends or previews
  load: (piVersion) =>
    piVersion === "1.6.0" ? import("./provider-stream-160") : import("./provider-stream"),
  probe: probeUrl,
  online: () => navigator.onLine,
});

/** The stored fields if they are whole and name a preset; else the first preset's. */
export function parseModelSettings(raw: string | null): ModelSettings {
  const first = MODEL_PRESETS[0];
  const fallback: ModelSettings = {
    preset: first.key,
    provider: first.provider,
    api: first.api,
    baseUrl: first.baseUrl,
    modelId: first.modelId,
  };
  try {
    const value = JSON.parse(raw ?? "null") as Partial<ModelSettings> | null;
    const preset = presetByKey(String(value?.preset));
    if (!value || !preset) return fallback;
    const text = (v: unknown, d: string) => (typeof v === "string" ? v : d);
    const levels = ["off", "minimal", "low", "medium", "high", "xhigh"];
    return {
      preset: preset.key,
      provider: preset.provider,
      api: preset.api,
      baseUrl: text(value.baseUrl, preset.baseUrl),
      modelId: text(value.modelId, preset.modelId),
      ...(levels.includes(String(value.thinkingLevel))
        ? { thinkingLevel: value.thinkingLevel as ModelSettings["thinkingLevel"] }
        : {}),
    };
  } catch {
    return fallback;
  }
}

export function createModelHandle(
  storage: Storage_ | null,
  deps: ProviderHostDeps = browserDeps(),
): { provider: ProviderHost; handle: ModelHandle; secrets: () => string[] } {
  const provider = new ProviderHost(deps);
  const read = (name: string) => {
    try {
      return storage?.getItem(name) ?? null;
    } catch {
      return null;
    }
  };
  const write = (name: string, value: string | null) => {
    try {
      if (value === null) storage?.removeItem(name);
      else storage?.setItem(name, value);
    } catch {
      // private mode or a full quota: it just is not remembered
    }
  };
  const settings = createStore<ModelSettings>(parseModelSettings(read(MODEL_SETTINGS_KEY)), immediate);
  settings.subscribe(() => write(MODEL_SETTINGS_KEY, JSON.stringify(settings.getSnapshot())));
  const saved = read(MODEL_KEY_KEY);
  let key = saved ?? "";
  const remember = createStore(saved !== null, immediate);
  if (saved) provider.setKey(saved);
  return {
    provider,
    // For the page's last check on what it hands out (a saved scenario): the key, never shown.
    secrets: () => (key ? [key] : []),
    handle: {
      keyHint: provider.keyHint,
      setKey(value) {
        key = value.trim();
        provider.setKey(key);
        if (remember.getSnapshot()) write(MODEL_KEY_KEY, key);
      },
      remember,
      setRemember(on) {
        remember.set(on);
        write(MODEL_KEY_KEY, on ? key : null);
      },
      testConnection: provider.testConnection,
      settings,
    },
  };
}
