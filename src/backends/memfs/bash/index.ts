/** bash on the memfs volume: just-bash (loaded on first use) over the workspace and its /tmp. */
export {
  BASH_HOME,
  BASH_TEMP_DIR,
  type BashEngineOptions,
  DEFAULT_BASH_ENV,
  EXCLUDED_COMMANDS,
  loadJustBash,
} from "./engine";
export { MemfsBashFs } from "./memfs-bash-fs";
export {
  ABORT_GRACE_MS,
  BASH_STREAMS_OUTPUT,
  createMemfsBashOperations,
  type MemfsBashOperations,
} from "./operations";
