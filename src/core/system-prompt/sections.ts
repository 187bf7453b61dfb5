/**
 * The prompt's entry point by profile: the state (text, sections, rules with their sources) as the given pi
 * version renders it, 0.73.1's without one. The versions themselves live in `versions/`.
 */
import type { BuildSystemPromptOptions, SystemPromptState } from "./types";
import type { PromptProfile } from "./versions/profile";
import { PROMPT_0_73_1 } from "./versions/v0-73-1";

export type { BuildSystemPromptOptions, ContextFile } from "./types";
export { collapseSnippet } from "./versions/shared";

/** The state: text, sections (0.73.1: the page's view), the rules with their sources. */
export function buildSystemPromptState(
  options: BuildSystemPromptOptions,
  profile: PromptProfile = PROMPT_0_73_1,
): SystemPromptState {
  return profile.build(options);
}
