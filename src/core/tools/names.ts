/**
 * The tools' names and the default set, in a module of their own so that code which only needs the names
 * (the system prompt, the session's tool states, the scenario format) does not load every tool.
 */

export type ToolName = "read" | "bash" | "edit" | "write" | "grep" | "find" | "ls";

/** pi's order: the coding tools first, then the read-only extras. */
export const allToolNames: ReadonlySet<ToolName> = new Set<ToolName>([
  "read",
  "bash",
  "edit",
  "write",
  "grep",
  "find",
  "ls",
]);

/** The tools a session starts with, as pi's: its coding tools. The one definition of the default set. */
export const DEFAULT_TOOL_NAMES: readonly ToolName[] = ["read", "bash", "edit", "write"];

/** pi's read-only tool set. */
export const READ_ONLY_TOOL_NAMES: readonly ToolName[] = ["read", "grep", "find", "ls"];
