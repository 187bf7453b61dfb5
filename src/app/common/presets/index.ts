import type { ScenarioFiles } from "@agent/scenario";
import { DEFAULT_WORKSPACE } from "./default-workspace";

/** Named workspaces a session can be reset to. */
export const PRESETS: Record<string, ScenarioFiles> = {
  default: DEFAULT_WORKSPACE,
  empty: {},
};
