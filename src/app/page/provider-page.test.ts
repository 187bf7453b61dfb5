import { describe, expect, it } from "vitest";
import { createModelHandle, MODEL_KEY_KEY, MODEL_SETTINGS_KEY, parseModelSettings } from "./provider-page";

const KEY = "sk-remember-test-0123456789abcd";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const deps = {
  load: () => Promise.reject(new Error("not used")),
  probe: async () => false,
  online: () => true,
};

describe("the Model tab's storage", () => {
  it("keeps the key in memory only unless the learner opts in, and then in its own entry", () => {
    const storage = memoryStorage();
    const { handle } = createModelHandle(storage, deps);
    handle.setKey(KEY);
    handle.settings.set({ ...handle.settings.getSnapshot(), modelId: "llama3.2" });
    expect(handle.keyHint.getSnapshot()).toBe("••••abcd");
    expect([...storage.items.keys()]).toEqual([MODEL_SETTINGS_KEY]);
    expect(JSON.stringify([...storage.items])).not.toContain(KEY);

    handle.setRemember(true);
    expect(storage.items.get(MODEL_KEY_KEY)).toBe(KEY);
    expect(storage.items.get(MODEL_SETTINGS_KEY)).not.toContain(KEY);
    const again = createModelHandle(storage, deps).handle;
    expect(again.remember.getSnapshot()).toBe(true);
    expect(again.keyHint.getSnapshot()).toBe("••••abcd");
    expect(again.settings.getSnapshot().modelId).toBe("llama3.2");

    again.setRemember(false);
    expect(storage.items.has(MODEL_KEY_KEY)).toBe(false);
    expect(createModelHandle(storage, deps).handle.keyHint.getSnapshot()).toBeNull();
  });

  it("falls back to the first preset for stored fields it cannot use", () => {
    expect(parseModelSettings("{not json").preset).toBe("ollama");
    expect(parseModelSettings('{"preset":"nope"}').preset).toBe("ollama");
    const kept = parseModelSettings(
      '{"preset":"anthropic","provider":"evil","baseUrl":"https://proxy.example","modelId":"m","thinkingLevel":"high"}',
    );
    // The provider name and dialect come from the preset, never from storage.
    expect(kept).toEqual({
      preset: "anthropic",
      provider: "anthropic",
      api: "anthropic-messages",
      baseUrl: "https://proxy.example",
      modelId: "m",
      thinkingLevel: "high",
    });
  });
});
