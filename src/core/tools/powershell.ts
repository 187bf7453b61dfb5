/**
 * pi 1.6.0's powershell tool, listed beside bash in its tool list. pi runs it only on Windows; anywhere
 * else its call fails with pi's text, and so does this one, always (a browser tab has no PowerShell).
 * The profile marks it as not offered to the model: a dispatch table may show it, the model never sees it.
 *
 * The schema is bash's (pi's two shell tools share one definition builder); the texts are ours but the
 * snippet and the error, which are pi's.
 */
import type { PiToolProfile } from "../versions/tools";
import { bashSchema } from "./bash";
import { wrapToolDefinition } from "./tool-definition-wrapper";
import type { AgentTool, ToolDefinition } from "./types";

export const POWERSHELL_UNAVAILABLE = "The powershell tool is only available on Windows.";

export interface PowerShellToolOptions {
  /** The pi version's behaviour (default: pi 0.73.1's, which has no such tool; the definition still works). */
  profile?: PiToolProfile;
}

export function createPowerShellToolDefinition(
  _cwd: string,
  options: PowerShellToolOptions = {},
): ToolDefinition<typeof bashSchema, undefined> {
  void options; // one definition for every version that lists the tool
  return {
    name: "powershell",
    label: "powershell",
    description:
      "Run a PowerShell command in the working directory and get back its output (Windows only; never available here).",
    promptSnippet: "Execute PowerShell commands",
    parameters: bashSchema,
    async execute(_toolCallId, _params, _signal, onUpdate) {
      onUpdate?.({ content: [], details: undefined });
      throw new Error(POWERSHELL_UNAVAILABLE);
    },
  };
}

/**
 * @public pi's own surface, mirrored for fidelity (tools/index.ts); the app builds its tools through the definitions
 */
export function createPowerShellTool(
  cwd: string,
  options: PowerShellToolOptions = {},
): AgentTool<typeof bashSchema, undefined> {
  return wrapToolDefinition(createPowerShellToolDefinition(cwd, options));
}
