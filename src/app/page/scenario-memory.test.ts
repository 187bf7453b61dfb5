import type { RestoreOutcome } from "@agent/persist-protocol";
import { EMPTY_STATUS, type SessionStatus } from "@state/status";
import { createStore, immediate } from "@state/store";
import { describe, expect, it } from "vitest";
import { createScenarioMemory, scenarioKey } from "./scenario-memory";

function setup(mode = "write") {
  const map = new Map<string, string>();
  const storage = {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
  const workspace = createStore<{
    current: { id: string } | null;
    mode: string;
    restore: RestoreOutcome | null;
  }>({ current: { id: "w1" }, mode, restore: null }, immediate);
  const status = createStore<SessionStatus>(EMPTY_STATUS, immediate);
  const scenarios = createStore([{ file: "seed-prompts.json", title: "Three first prompts" }], immediate);
  const loaded = (title: string | null) =>
    status.set({
      ...status.getSnapshot(),
      scenario: title
        ? {
            title,
            description: "",
            steps: [],
            status: "ready",
            next: 0,
            current: -1,
            speed: 1,
            pauseAfterCall: false,
          }
        : null,
    });
  const memory = createScenarioMemory({ storage, workspace, status, scenarios });
  return { map, workspace, loaded, memory };
}

describe("the scenario each workspace had loaded", () => {
  it("is kept when one loads, and handed back when a reload restores the workspace", () => {
    const first = setup();
    first.loaded("Three first prompts");
    expect(JSON.parse(first.map.get(scenarioKey("w1")) ?? "")).toEqual({
      title: "Three first prompts",
      file: "seed-prompts.json",
    });
    // The next load of the page, with the same storage: the workspace comes back restored.
    const next = setup();
    for (const [k, v] of first.map) next.map.set(k, v);
    expect(next.memory.restored.getSnapshot()).toBeNull();
    next.workspace.set({
      current: { id: "w1" },
      mode: "write",
      restore: { kind: "restored", savedAt: 1, bytes: 1 },
    });
    expect(next.memory.restored.getSnapshot()).toEqual({
      remembered: { title: "Three first prompts", file: "seed-prompts.json" },
    });
  });

  it("a fresh workspace has no note; a link without a scenario forgets it; a read-only tab writes nothing", () => {
    const t = setup();
    t.workspace.set({ current: { id: "w1" }, mode: "write", restore: { kind: "fresh" } });
    expect(t.memory.restored.getSnapshot()).toBeNull();
    t.loaded("Link lesson");
    expect(JSON.parse(t.map.get(scenarioKey("w1")) ?? "")).toEqual({ title: "Link lesson" });
    t.loaded(null);
    expect(t.map.has(scenarioKey("w1"))).toBe(false);

    const ro = setup("read-only");
    ro.loaded("Three first prompts");
    expect(ro.map.size).toBe(0);
  });
});
