/**
 * The system prompt as ordered, independently replaceable sections (docs/pi-contract.md §7.2, a design
 * pi adopted after 0.73.1): preamble untagged, every other section wrapped as `<name>\n…\n</name>`,
 * joined by blank lines. Rules are chosen by the declared tools (selected minus hidden) and each line
 * remembers where it came from, so the UI can show it.
 *
 * The preamble, the tools sentence and the docs text are as docs/pi-contract.md §7.2 gives them; the
 * skills hint and the project-context intro are the project's own words.
 */
import { DEFAULT_TOOL_NAMES } from "../tools/names";
import { formatSkillsSection, type Skill } from "./skills";
import type { RuleLine, SystemPromptSections, SystemPromptState } from "./types";

export interface ContextFile {
  path: string;
  content: string;
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
  /** custom sections, name → text, after cwd */
  sections?: Record<string, string>;
  cwd: string;
  contextFiles?: ContextFile[];
  skills?: Skill[];
  docs?: { readme: string; docs: string; examples: string };
}

export const SECTION_NAME = /^[a-z][a-z0-9_-]*$/;
export const DEFAULT_SELECTED_TOOLS: readonly string[] = DEFAULT_TOOL_NAMES;

const PREAMBLE =
  "You are an expert coding assistant operating inside pi, a coding agent harness. You help users by reading files, executing commands, editing code, and writing new files.";
const OTHER_TOOLS =
  "In addition to the tools above, you may have access to other custom tools depending on the project.";
const EXPLORATION = "Use bash for file operations like ls, rg, find";
const CONCISE = "Be concise in your responses";
const PATHS = "Show file paths clearly when working with files";
const DEFAULT_DOCS = {
  readme: "/pi/packages/coding-agent/README.md",
  docs: "/pi/packages/coding-agent/docs",
  examples: "/pi/packages/coding-agent/examples",
};

/** A snippet as one line: runs of whitespace become one space, then trimmed. */
export function collapseSnippet(snippet: string | undefined): string {
  return (snippet ?? "").replace(/\s+/g, " ").trim();
}

export function buildRules(
  declared: string[],
  toolGuidelines: Record<string, string[]>,
  promptGuidelines: string[],
): RuleLine[] {
  const lines: RuleLine[] = [];
  const seen = new Set<string>();
  const add = (text: string, source: RuleLine["source"]) => {
    const t = text.trim();
    if (t === "" || seen.has(t)) return;
    seen.add(t);
    lines.push({ text: t, source });
  };
  const explorers = ["grep", "find", "ls"];
  if (declared.includes("bash") && !explorers.some((t) => declared.includes(t)))
    add(EXPLORATION, { kind: "base", rule: "exploration" });
  for (const tool of declared) for (const g of toolGuidelines[tool] ?? []) add(g, { kind: "tool", tool });
  for (const g of promptGuidelines) add(g, { kind: "guideline" });
  add(CONCISE, { kind: "base", rule: "concise" });
  add(PATHS, { kind: "base", rule: "paths" });
  return lines;
}

function docsText(d: { readme: string; docs: string; examples: string }): string {
  return `Pi documentation (read only when the user asks about pi itself, its SDK, extensions, themes, skills, or TUI):
- Main documentation: ${d.readme}
- Additional docs: ${d.docs}
- Examples: ${d.examples} (extensions, custom tools, SDK)
- When reading pi docs or examples, resolve docs/... under Additional docs and examples/... under Examples, not the current working directory
- When asked about: extensions (docs/extensions.md, examples/extensions/), themes (docs/themes.md), skills (docs/skills.md), prompt templates (docs/prompt-templates.md), TUI components (docs/tui.md), keybindings (docs/keybindings.md), SDK integrations (docs/sdk.md), custom providers (docs/custom-provider.md), adding models (docs/models.md), pi packages (docs/packages.md), environment variables (docs/environment-variables.md), MCP servers (docs/mcp.md), codemode scripts and non-LLM models such as classifiers and image models (docs/codemode.md)
- When working on pi topics, read the docs and examples, and follow .md cross-references before implementing
- Always read pi .md files completely and follow links to related docs (e.g., tui.md for TUI API details)`;
}

function projectContext(files: ContextFile[]): string {
  const blocks = files.map(
    (f) => `<project_instructions path="${f.path}">\n${f.content.trimEnd()}\n</project_instructions>`,
  );
  return ["Project-specific instructions and guidelines:", ...blocks].join("\n\n");
}

/** Builds the state: sections in order, the rules with their sources, and the rendered text. */
export function buildSystemPromptState(options: BuildSystemPromptOptions): SystemPromptState {
  const selected = options.selectedTools ?? DEFAULT_SELECTED_TOOLS;
  const hidden = options.hiddenTools ?? [];
  const declaredTools = selected.filter((t) => !hidden.includes(t));
  if (options.forceSystemPrompt !== undefined)
    return { content: options.forceSystemPrompt, rules: [], declaredTools };
  const custom = options.sections ?? {};
  for (const name of Object.keys(custom))
    if (!SECTION_NAME.test(name) || name === "preamble")
      throw new Error(`Invalid system prompt section name: ${name}`);

  const raw: Record<string, string> = {};
  let rules: RuleLine[] = [];
  if (options.customPrompt) raw.preamble = options.customPrompt;
  else {
    raw.preamble = PREAMBLE;
    const snippets = options.toolSnippets ?? {};
    const listed = declaredTools.filter((t) => collapseSnippet(snippets[t]) !== "");
    const list =
      listed.length > 0 ? listed.map((t) => `- ${t}: ${collapseSnippet(snippets[t])}`).join("\n") : "(none)";
    raw.tools = `${list}\n\n${OTHER_TOOLS}`;
    rules = buildRules(declaredTools, options.toolGuidelines ?? {}, options.promptGuidelines ?? []);
    raw.rules = rules.map((r) => `- ${r.text}`).join("\n");
    raw.docs = docsText(options.docs ?? DEFAULT_DOCS);
  }
  if (options.appendSystemPrompt) raw.addendum = options.appendSystemPrompt;
  const contextFiles = options.contextFiles ?? [];
  if (contextFiles.length > 0) raw.project_context = projectContext(contextFiles);
  // A hidden reader still reaches the files, so the skills stay but the hint names no tool.
  const readers = ["read", "bash"];
  const reader =
    readers.find((t) => declaredTools.includes(t)) ??
    (readers.some((t) => selected.includes(t)) ? "indirect" : undefined);
  const skills = options.skills ?? [];
  if (reader && skills.length > 0) {
    const text = formatSkillsSection(skills, reader);
    if (text) raw.skills = text;
  }
  raw.cwd = options.cwd.replace(/\\/g, "/");
  for (const [name, text] of Object.entries(custom)) if (text) raw[name] = text;

  const sections: SystemPromptSections = { preamble: raw.preamble };
  for (const [name, text] of Object.entries(raw))
    if (name !== "preamble") sections[name] = `<${name}>\n${text}\n</${name}>`;
  return { content: renderSystemPrompt(sections), sections, rules, declaredTools };
}

export function buildSystemPromptSections(options: BuildSystemPromptOptions): SystemPromptSections {
  return buildSystemPromptState(options).sections ?? {};
}

/** The sections' texts in order, joined by a blank line. */
export function renderSystemPrompt(sections: SystemPromptSections): string {
  return Object.values(sections).join("\n\n");
}
