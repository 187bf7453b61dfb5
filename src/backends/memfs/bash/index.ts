/** bash on the memfs volume: just-bash (loaded on first use) over the workspace and its /tmp. */
export {
  type BashEngineOptions,
  loadJustBash,
} from "./engine";

export { createMemfsBashOperations } from "./operations";
