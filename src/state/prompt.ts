import type { PromptSectionView, SessionEvent, ToolRow } from "@agent/events";
import type { RuleLine, SystemPromptPatch, ToolDeclaration } from "@core/system-prompt/types";

export interface PromptChange {
  seq: number;
  reason: string;
  patch: SystemPromptPatch;
  /** as renderSystemMessageUpdate renders it */
  update: string;
}

export interface ToolChange {
  seq: number;
  added: readonly ToolDeclaration[];
  removed: readonly string[];
}

export interface PromptSnapshot {
  sections: readonly PromptSectionView[];
  rules: readonly RuleLine[];
  rendered: string;
  /** the latest change after the first build (null until something changed) */
  lastChange: PromptChange | null;
  /** the latest tool declaration change after the first one */
  lastToolChange: ToolChange | null;
  /** what the next request declares: the tools whose state is active */
  declarations: readonly ToolDeclaration[];
  /** how many prompt builds have been seen */
  builds: number;
  toolSets: number;
}

export const EMPTY_PROMPT: PromptSnapshot = {
  sections: [],
  rules: [],
  rendered: "",
  lastChange: null,
  lastToolChange: null,
  declarations: [],
  builds: 0,
  toolSets: 0,
};

/** A rough token count (≈4 characters per token for English and code), labelled "~" in the UI. */
export function approxTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

function declarationsOf(tools: readonly ToolRow[]): ToolDeclaration[] {
  return tools
    .filter((t) => t.state === "active")
    .map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
}

/** The system prompt as sections, with the last patch and the last tool declaration change. */
export function reducePrompt(state: PromptSnapshot, event: SessionEvent): PromptSnapshot {
  switch (event.type) {
    case "prompt_sections_changed":
      return {
        ...state,
        sections: event.sections,
        rules: event.rules,
        rendered: event.rendered,
        builds: state.builds + 1,
        lastChange:
          event.reason === "init" && state.builds === 0
            ? state.lastChange
            : { seq: event.seq, reason: event.reason, patch: event.patch, update: event.update },
      };
    case "tool_set_changed":
      return {
        ...state,
        declarations: declarationsOf(event.tools),
        toolSets: state.toolSets + 1,
        lastToolChange:
          state.toolSets === 0 || (event.added.length === 0 && event.removed.length === 0)
            ? state.lastToolChange
            : { seq: event.seq, added: event.added, removed: event.removed },
      };
    default:
      return state;
  }
}
