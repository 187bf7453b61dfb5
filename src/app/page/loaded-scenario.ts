/**
 * The scenario the session loaded last, as the page sent it, wherever it came from: the picker, a
 * scenario file, a `?scenario=` link, a share link (with the link's files and tools). Restart loads this
 * one again, not the picker's pick, which may be another scenario.
 */
import type { SessionCommand } from "@agent/protocol";
import type { Scenario } from "@agent/scenario";

export interface LoadedScenario {
  /** the command on its way to the session: a load is remembered */
  sent(command: SessionCommand): void;
  /** the scenario as it was loaded last (null: none since the page started, or a link without one) */
  last(): Scenario | null;
}

export function createLoadedScenario(): LoadedScenario {
  let loaded: Scenario | null = null;
  return {
    sent(command) {
      if (command.type === "scenario_load") loaded = command.scenario;
      else if (command.type === "load_shared") {
        const { scenario, files } = command.shared;
        // The link's files are where its scenario starts, so a restart comes back to them. (Its tool
        // states may name the learner's tools, which a scenario's own list cannot: the scenario's stay.)
        loaded = scenario ? { ...scenario, workspace: { files } } : null;
      }
    },
    last: () => loaded,
  };
}
