/**
 * Model mode's wiring on the page: the provider context (provider-host.ts) with the browser's own fetch
 * probe and pi-ai loaded as a lazy chunk, and the Model tab's fields, which start from the first preset.
 */
import { MODEL_PRESETS } from "@agent/drivers/model-presets";
import { createStore, immediate } from "@state/store";
import type { ModelHandle, ModelSettings } from "@ui/session-context";
import { createProviderHost, type ProviderHost } from "./provider-host";

/** How long the probe that tells a closed port from a CORS block waits. */
const PROBE_TIMEOUT_MS = 3000;

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

export function createModelHandle(): { provider: ProviderHost; handle: ModelHandle } {
  const provider = createProviderHost({
    load: () => import("./provider-stream"),
    probe: probeUrl,
    online: () => navigator.onLine,
  });
  const first = MODEL_PRESETS[0];
  const settings = createStore<ModelSettings>(
    {
      preset: first.key,
      provider: first.provider,
      api: first.api,
      baseUrl: first.baseUrl,
      modelId: first.modelId,
    },
    immediate,
  );
  return {
    provider,
    handle: {
      keyHint: provider.keyHint,
      setKey: provider.setKey,
      testConnection: provider.testConnection,
      settings,
    },
  };
}
