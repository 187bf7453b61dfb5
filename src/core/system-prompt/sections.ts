/**
 * The prompt builders the app has called since before versions existed, kept as they were called:
 * each takes an optional profile and, without one, renders pi 0.73.1's prompt (the flat string, with
 * the page's view of it as sections). The versions themselves live in `versions/`.
 */
import type { Skill } from "./skills";
import type { BuildSystemPromptOptions, RuleLine, SystemPromptSections, SystemPromptState } from "./types";
import type { PromptProfile } from "./versions/profile";
import { RuleCollector } from "./versions/shared";
import { BASH_EXPLORES_0_73_1, PREFER_EXPLORERS_0_73_1, PROMPT_0_73_1, skills0731 } from "./versions/v0-73-1";
import { SHELL_EXPLORES_1_6_0, type SkillReader, skills160 } from "./versions/v1-6-0";

export type { BuildSystemPromptOptions, ContextFile } from "./types";
export { collapseSnippet, DEFAULT_SELECTED_TOOLS, SECTION_NAME } from "./versions/shared";

/** The rules for these declared tools, with their origin, as the profile's version orders them. */
export function buildRules(
  declared: string[],
  toolGuidelines: Record<string, string[]>,
  promptGuidelines: string[],
  profile: PromptProfile = PROMPT_0_73_1,
): RuleLine[] {
  const collector = new RuleCollector();
  if (declared.includes("bash")) {
    const explorers = ["grep", "find", "ls"].some((t) => declared.includes(t));
    const rule =
      profile.version === "0.73.1"
        ? explorers
          ? PREFER_EXPLORERS_0_73_1
          : BASH_EXPLORES_0_73_1
        : explorers
          ? undefined
          : SHELL_EXPLORES_1_6_0.bash;
    if (rule) collector.add(rule, { kind: "base", rule: "exploration" });
  }
  return collector.addRest(declared, toolGuidelines, promptGuidelines);
}

/** The skills block's text (without separators or tags); 0.73.1 always names read. */
export function formatSkillsSection(
  skills: Skill[],
  reader: SkillReader,
  profile: PromptProfile = PROMPT_0_73_1,
): string {
  return profile.version === "0.73.1" ? skills0731(skills) : skills160(skills, reader);
}

/** The state: text, sections (0.73.1: the page's view), the rules with their sources. */
export function buildSystemPromptState(
  options: BuildSystemPromptOptions,
  profile: PromptProfile = PROMPT_0_73_1,
): SystemPromptState {
  return profile.build(options);
}

export function buildSystemPromptSections(
  options: BuildSystemPromptOptions,
  profile: PromptProfile = PROMPT_0_73_1,
): SystemPromptSections {
  return profile.sections(options);
}

/** The sections back into the text the provider receives. */
export function renderSystemPrompt(
  sections: SystemPromptSections,
  profile: PromptProfile = PROMPT_0_73_1,
): string {
  return profile.join(sections);
}
