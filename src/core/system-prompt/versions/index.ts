/**
 * The prompt profiles by pi version. Adding a version: a `vX-Y-Z.ts` beside these two exporting its
 * texts and a `PromptProfile`, one entry here (docs/pi-versions-prompt.md).
 */
import type { PromptVersionId, ToolPromptContribution } from "../types";
import type { PromptProfile } from "./profile";
import { collapseSnippet } from "./shared";
import { PROMPT_0_73_1 } from "./v0-73-1";
import { PROMPT_1_6_0 } from "./v1-6-0";

export type { PromptProfile } from "./profile";
export { PROMPT_0_73_1 } from "./v0-73-1";
export { PROMPT_1_6_0 } from "./v1-6-0";

export const PROMPT_PROFILES: Readonly<Record<PromptVersionId, PromptProfile>> = {
  "0.73.1": PROMPT_0_73_1,
  "1.6.0": PROMPT_1_6_0,
};

/** The version's profile; 0.73.1's when none is named. */
export function promptProfile(version: PromptVersionId = "0.73.1"): PromptProfile {
  return PROMPT_PROFILES[version];
}

/**
 * The build options' `toolSnippets` and `toolGuidelines` from tool definitions. Names in
 * `builtins` (a profile's `toolContributions`, for tools that are the built-in ones and not a
 * learner's replacement) take that version's texts instead of the definition's.
 */
export function toolPromptInputs(
  definitions: ReadonlyArray<{ name: string; promptSnippet?: string; promptGuidelines?: string[] }>,
  builtins: Readonly<Record<string, ToolPromptContribution>> = {},
): { toolSnippets: Record<string, string>; toolGuidelines: Record<string, string[]> } {
  const toolSnippets: Record<string, string> = {};
  const toolGuidelines: Record<string, string[]> = {};
  for (const d of definitions) {
    const own = builtins[d.name];
    toolSnippets[d.name] = collapseSnippet(own?.snippet ?? d.promptSnippet);
    toolGuidelines[d.name] = [...(own?.guidelines ?? d.promptGuidelines ?? [])];
  }
  return { toolSnippets, toolGuidelines };
}
