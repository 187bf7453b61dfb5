/**
 * The system prompt's data: the inputs a build takes, and what it gives (the rendered text, named
 * sections, the rules with their origin). pi 1.6.0's prompt *is* named sections; pi 0.73.1's is one
 * flat string, which the page shows cut into named sections (`sectionsAreAView`). Plain data so that
 * it crosses the worker channel and the event log unchanged.
 */
import type { ConstrainedSampling } from "../tools/types";
import type { Skill } from "./skills";

/** The pi versions whose prompt and validation the playground renders exactly. */
export type PromptVersionId = "0.73.1" | "1.6.0";

/** A tool as a model is told about it: no executor, no prompt snippet, no guidelines. */
export interface ToolDeclaration {
  name: string;
  description: string;
  /** JSON Schema of the arguments (a TypeBox schema is one) */
  parameters: unknown;
  /** pi 1.6.0: whether the provider may hold the arguments to the schema (the tool's own setting) */
  constrainedSampling?: ConstrainedSampling;
}

/** Section name → its text as it goes into the prompt (tagged, except `preamble`), in prompt order. */
export type SystemPromptSections = Record<string, string>;

/** `{name: newText}` for a changed or new section, `{name: null}` for one that disappeared. */
export type SystemPromptPatch = Record<string, string | null>;

export interface ContextFile {
  path: string;
  content: string;
}

/** Where pi's documentation lives, as the docs block names it. */
export interface DocsPaths {
  readme: string;
  docs: string;
  examples: string;
}

export interface BuildSystemPromptOptions {
  customPrompt?: string;
  /** opaque: replaces everything, no sections */
  forceSystemPrompt?: string;
  /** the executable tools in activation order (default read, bash, edit, write) */
  selectedTools?: string[];
  /** executable but not declared: not listed, and no rule or hint names them */
  hiddenTools?: string[];
  /** name → one-line snippet (collapsed with `collapseSnippet`) */
  toolSnippets?: Record<string, string>;
  /** name → guideline bullets */
  toolGuidelines?: Record<string, string[]>;
  /** extra bullets after the tools' own */
  promptGuidelines?: string[];
  appendSystemPrompt?: string;
  /** custom sections, name → text, after cwd (1.6.0 only: 0.73.1 has no such thing and leaves them out) */
  sections?: Record<string, string>;
  cwd: string;
  contextFiles?: ContextFile[];
  skills?: Skill[];
  docs?: DocsPaths;
  /** the day 0.73.1's `Current date:` line names, in local time (today when absent; 1.6.0 has no date) */
  date?: Date;
}

/** A tool's part of the prompt: its line in the tools list and its rule bullets. */
export interface ToolPromptContribution {
  snippet: string;
  guidelines: readonly string[];
}

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
  /**
   * absent for a forced prompt, which is opaque. 1.6.0: the prompt's own sections, joined by blank lines.
   * 0.73.1: the page's view of the flat text (see `sectionsAreAView`), concatenated as they are.
   */
  sections?: SystemPromptSections;
  /** which pi's prompt this is (absent in states built before versions existed) */
  version?: PromptVersionId;
  /** true when pi itself has no sections (0.73.1): they only cut the flat text for the page */
  sectionsAreAView?: boolean;
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
