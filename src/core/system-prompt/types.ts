/**
 * The system prompt as named sections (docs/pi-contract.md §7; a design pi adopted after
 * 0.73.1). Plain data so that it crosses the worker channel and the event log unchanged.
 */

/** A tool as a model is told about it: no executor, no prompt snippet, no guidelines. */
export interface ToolDeclaration {
  name: string;
  description: string;
  /** JSON Schema of the arguments (a TypeBox schema is one) */
  parameters: unknown;
}

/** Section name → its text as it goes into the prompt (tagged, except `preamble`), in prompt order. */
export type SystemPromptSections = Record<string, string>;

/** `{name: newText}` for a changed or new section, `{name: null}` for one that disappeared. */
export type SystemPromptPatch = Record<string, string | null>;

/** Where one rule line of the `rules` section came from, so the UI can show it. */
export type RuleSource =
  | { kind: "base"; rule: "exploration" | "concise" | "paths" }
  | { kind: "tool"; tool: string }
  | { kind: "guideline" };

export interface RuleLine {
  text: string;
  source: RuleSource;
}

/** The structured prompt: sections in order plus what the UI needs to explain them. */
export interface SystemPromptState {
  /** the rendered text the provider receives */
  content: string;
  /** absent for a forced prompt, which is opaque */
  sections?: SystemPromptSections;
  /** the rules section's lines with their origin (empty with a custom or forced prompt) */
  rules: RuleLine[];
  /** tools declared to the model: selected minus hidden */
  declaredTools: string[];
}

/** A transcript system message (docs/pi-contract.md §7.3): the prompt, section patches and tool declaration changes. */
export interface SystemMessage {
  role: "system";
  content: string;
  sections?: SystemPromptPatch;
  toolsAdded?: ToolDeclaration[];
  /** names of tools no longer declared */
  toolsRemoved?: string[];
  timestamp: number;
}
