/**
 * Which scenario each saved workspace had loaded last, kept in the browser's storage beside the
 * workspace list, so that after a reload restores the workspace the scenario player can name it and
 * load it again in one click (src/state/restored-player.ts says why it is not played over the restored
 * files). Only a tab that saves the workspace writes it.
 */
import type { RestoreOutcome } from "@agent/persist-protocol";
import {
  parseRemembered,
  type RememberedScenario,
  type RestoredWorkspace,
  scenarioToRemember,
} from "@state/restored-player";
import type { SessionStatus } from "@state/status";
import { createStore, immediate, type Store } from "@state/store";

export const scenarioKey = (workspaceId: string) => `pi-playground:scenario:${workspaceId}`;

export interface ScenarioMemoryDeps {
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem"> | null;
  /** the page's saved-workspace view: which workspace, whether this tab writes it, how it came back */
  workspace: Store<{ current: { id: string } | null; mode: string; restore: RestoreOutcome | null }>;
  status: Store<SessionStatus>;
  scenarios: Store<readonly { file: string; title: string }[]>;
}

export function createScenarioMemory(deps: ScenarioMemoryDeps) {
  const restored = createStore<RestoredWorkspace>(null, immediate);
  const attempt = <T>(run: () => T): T | null => {
    try {
      return run();
    } catch {
      return null; // storage disabled: the player then just asks for a pick
    }
  };

  let seen = false;
  deps.workspace.subscribe(() => {
    const { current, restore } = deps.workspace.getSnapshot();
    if (seen || !current || !restore) return;
    seen = true;
    if (restore.kind !== "restored") return;
    const stored = attempt(() => deps.storage?.getItem(scenarioKey(current.id)) ?? null);
    let remembered: RememberedScenario | null = null;
    try {
      remembered = parseRemembered(stored ? JSON.parse(stored) : null);
    } catch {
      // not JSON: nothing remembered
    }
    restored.set({ remembered });
  });

  let last = deps.status.getSnapshot().scenario?.title ?? null;
  deps.status.subscribe(() => {
    const title = deps.status.getSnapshot().scenario?.title ?? null;
    if (title === last) return;
    last = title;
    const { current, mode } = deps.workspace.getSnapshot();
    if (!current || mode !== "write") return;
    const key = scenarioKey(current.id);
    // A link without a scenario clears it (the workspace then has none to name).
    if (title === null) attempt(() => deps.storage?.removeItem(key));
    else
      attempt(() =>
        deps.storage?.setItem(key, JSON.stringify(scenarioToRemember(title, deps.scenarios.getSnapshot()))),
      );
  });

  return { restored: restored as Store<RestoredWorkspace> };
}
