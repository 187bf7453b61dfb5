/**
 * One pi version's system prompt behind one interface: the app asks a `PromptProfile` for the state
 * (text, sections, rules), for the diff between two builds, and for what a provider is told about a
 * change. The version-specific texts and layout live in `v0-73-1.ts` and `v1-6-0.ts`.
 */
import type {
  BuildSystemPromptOptions,
  PromptVersionId,
  SystemMessage,
  SystemPromptPatch,
  SystemPromptSections,
  SystemPromptState,
  ToolPromptContribution,
} from "../types";

export interface PromptProfile {
  readonly version: PromptVersionId;
  /**
   * true (0.73.1): pi builds one flat string; `sections` only cut it for the page, and their
   * concatenation is exactly the text. false (1.6.0): the sections are pi's own.
   */
  readonly sectionsAreAView: boolean;
  /**
   * How the prompt reaches the model. "system-prompt" (0.73.1): every request carries the whole
   * current text; a change is not announced. "system-messages" (1.6.0): the transcript holds a first
   * system message, then section patches (`renderUpdate`).
   */
  readonly transport: "system-prompt" | "system-messages";
  /** The built-in tools' snippets and guidelines as this version ships them. */
  readonly toolContributions: Readonly<Record<string, ToolPromptContribution>>;
  /** The whole state: text, sections (or the page's view of them), rules with their origin, declared tools. */
  build(options: BuildSystemPromptOptions): SystemPromptState;
  /** The sections alone (empty for a forced prompt). */
  sections(options: BuildSystemPromptOptions): SystemPromptSections;
  /** The text the provider receives: 0.73.1's flat string, 1.6.0's system message text. */
  text(options: BuildSystemPromptOptions): string;
  /** Sections back into the text: concatenated (0.73.1) or joined by blank lines (1.6.0). */
  join(sections: SystemPromptSections): string;
  /** `{name: text}` for changed or new sections, `{name: null}` for removed ones; undefined when equal. */
  diff(
    previous: SystemPromptSections | undefined,
    current: SystemPromptSections,
  ): SystemPromptPatch | undefined;
  /**
   * What a provider that takes system messages mid-conversation is told about a later system message
   * (1.6.0). 0.73.1 tells nothing (undefined): the next request simply carries the new text.
   */
  renderUpdate(message: Pick<SystemMessage, "content" | "sections">): string | undefined;
}
