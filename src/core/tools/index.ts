/**
 * The registry of the built-in tools, as pi's `dist/core/tools/index.js` has it: create one by name
 * (an unknown name throws `Unknown tool name: <name>`), or the coding set (read, bash, edit, write), the
 * read-only set (read, grep, find, ls) and all seven, as definitions or as the AgentTools the loop runs.
 *
 * A version's behaviour comes from `options.profile` (or a tool's own `profile`); without one the tools
 * are pi 0.73.1's. pi 1.6.0's profile also lists `powershell`, which `createToolDefinition` makes on
 * request but the sets here never include (the profile marks it as not offered to the model).
 *
 * The sets and `createXTool` factories are pi's own surface, kept so a reader can hold this file against
 * pi's; the page builds its tools through the definitions (app/worker/tools.ts). Their exports are marked
 * `@public`, so the unused-export check knows they are kept on purpose.
 *
 * Deviation from pi: every tool's options (and so its Operations) are required, so a tool is never
 * quietly bound to a backend nobody chose; the Operations are fixed in the tool's closure at creation.
 */

import type { PiToolProfile } from "../versions/tools";
import { type BashToolOptions, createBashToolDefinition } from "./bash";
import { createEditToolDefinition, type EditToolOptions } from "./edit";
import { createFindToolDefinition, type FindToolOptions } from "./find";
import { createGrepToolDefinition, type GrepToolOptions } from "./grep";
import { createLsToolDefinition, type LsToolOptions } from "./ls";
import { allToolNames, DEFAULT_TOOL_NAMES, READ_ONLY_TOOL_NAMES, type ToolName } from "./names";
import { createPowerShellToolDefinition } from "./powershell";
import { createReadToolDefinition, type ReadToolOptions } from "./read";
import { type ToolContextFactory, wrapToolDefinition } from "./tool-definition-wrapper";
import type { AnyAgentTool, AnyToolDefinition } from "./types";
import { createWriteToolDefinition, type WriteToolOptions } from "./write";

export { allToolNames, type ToolName } from "./names";
export {
  createToolDefinitionFromAgentTool,
  type ToolContextFactory,
  wrapToolDefinition,
} from "./tool-definition-wrapper";

export interface ToolsOptions {
  read: ReadToolOptions;
  bash: BashToolOptions;
  edit: EditToolOptions;
  write: WriteToolOptions;
  grep: GrepToolOptions;
  find: FindToolOptions;
  ls: LsToolOptions;
  /** The pi version every tool follows unless its own options name one (default: pi 0.73.1). */
  profile?: PiToolProfile;
}

/** The tools whose arguments a version may ask providers to hold to the schema (its `constrainedSampling`). */
const CONSTRAINED: ReadonlySet<string> = new Set(["read", "bash", "edit", "write"]);

export function createToolDefinition(name: string, cwd: string, options: ToolsOptions): AnyToolDefinition {
  const definition = createBareDefinition(name, cwd, options);
  const sampling = options.profile?.constrainedSampling;
  return sampling !== undefined && CONSTRAINED.has(name)
    ? { ...definition, constrainedSampling: sampling }
    : definition;
}

function createBareDefinition(name: string, cwd: string, options: ToolsOptions): AnyToolDefinition {
  const withProfile = <T extends { profile?: PiToolProfile }>(own: T): T =>
    own.profile || !options.profile ? own : { ...own, profile: options.profile };
  switch (name) {
    case "read":
      return createReadToolDefinition(cwd, withProfile(options.read));
    case "bash":
      return createBashToolDefinition(cwd, withProfile(options.bash));
    case "edit":
      return createEditToolDefinition(cwd, withProfile(options.edit));
    case "write":
      return createWriteToolDefinition(cwd, withProfile(options.write));
    case "grep":
      return createGrepToolDefinition(cwd, withProfile(options.grep));
    case "find":
      return createFindToolDefinition(cwd, withProfile(options.find));
    case "ls":
      return createLsToolDefinition(cwd, withProfile(options.ls));
    case "powershell":
      if (options.profile?.tools.some((t) => t.name === "powershell"))
        return createPowerShellToolDefinition(cwd, { profile: options.profile });
      throw new Error(`Unknown tool name: ${name}`);
    default:
      throw new Error(`Unknown tool name: ${name}`);
  }
}

export function createTool(
  name: string,
  cwd: string,
  options: ToolsOptions,
  ctxFactory?: ToolContextFactory,
): AnyAgentTool {
  return wrapToolDefinition(createToolDefinition(name, cwd, options), ctxFactory);
}

export function createCodingToolDefinitions(cwd: string, options: ToolsOptions): AnyToolDefinition[] {
  return DEFAULT_TOOL_NAMES.map((name) => createToolDefinition(name, cwd, options));
}

export function createReadOnlyToolDefinitions(cwd: string, options: ToolsOptions): AnyToolDefinition[] {
  return READ_ONLY_TOOL_NAMES.map((name) => createToolDefinition(name, cwd, options));
}

export function createAllToolDefinitions(
  cwd: string,
  options: ToolsOptions,
): Record<ToolName, AnyToolDefinition> {
  const all = {} as Record<ToolName, AnyToolDefinition>;
  for (const name of allToolNames) all[name] = createToolDefinition(name, cwd, options);
  return all;
}

export function createCodingTools(
  cwd: string,
  options: ToolsOptions,
  ctxFactory?: ToolContextFactory,
): AnyAgentTool[] {
  return DEFAULT_TOOL_NAMES.map((name) => createTool(name, cwd, options, ctxFactory));
}

export function createReadOnlyTools(
  cwd: string,
  options: ToolsOptions,
  ctxFactory?: ToolContextFactory,
): AnyAgentTool[] {
  return READ_ONLY_TOOL_NAMES.map((name) => createTool(name, cwd, options, ctxFactory));
}

export function createAllTools(
  cwd: string,
  options: ToolsOptions,
  ctxFactory?: ToolContextFactory,
): Record<ToolName, AnyAgentTool> {
  const all = {} as Record<ToolName, AnyAgentTool>;
  for (const name of allToolNames) all[name] = createTool(name, cwd, options, ctxFactory);
  return all;
}
