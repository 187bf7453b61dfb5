/**
 * pi 1.6.0's system prompt: ordered named sections `preamble, tools, rules, docs, addendum,
 * project_context, skills, cwd`, then custom ones. Every section but the preamble is wrapped as
 * `<name>\n…\n</name>`; the text is the sections joined by blank lines. There is no date. Rules follow
 * the declared tools' order; hidden tools are neither listed nor named by a rule or the skills hint.
 * A later change travels as a system message holding only the changed sections, told to the model
 * as `Updated system prompt section "NAME":` / `Removed system prompt section "NAME".`
 *
 * The quoted texts are what the model reads, word for word.
 */
import type { Skill } from "../skills";
import type {
  BuildSystemPromptOptions,
  DocsPaths,
  SystemMessage,
  SystemPromptSections,
  SystemPromptState,
  ToolPromptContribution,
} from "../types";
import type { PromptProfile } from "./profile";
import {
  availableSkills,
  bullets,
  DEFAULT_DOCS,
  diffSections,
  normaliseCwd,
  RuleCollector,
  SECTION_NAME,
  toolList,
  toolSets,
  visibleSkills,
} from "./shared";

export const PREAMBLE_1_6_0 =
  "You are a coding assistant running inside pi, a coding agent harness. Help users inspect files, run commands, and modify code.";
export const OTHER_TOOLS_1_6_0 = "Additional tools may be available.";
/** the exploration rule when a shell is declared and none of grep, find, ls */
export const SHELL_EXPLORES_1_6_0 = {
  bash: "Use bash for file operations like ls, rg, find",
  powershell: "Use PowerShell for file operations like listing, searching, and finding files",
  both: "Use bash or PowerShell for file operations like listing, searching, and finding files",
} as const;

const PI_ENV = "You can inspect PI_* environment variables for current model and session details.";

export const TOOL_PROMPT_1_6_0: Readonly<Record<string, ToolPromptContribution>> = {
  read: { snippet: "Read file contents", guidelines: ["Use read to examine files instead of cat or sed."] },
  bash: { snippet: "Execute bash commands (ls, grep, find, etc.)", guidelines: [PI_ENV] },
  edit: {
    snippet:
      "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
    guidelines: [
      "Use edit for targeted changes. Batch changes to one file in a single call.",
      "Each edits[].oldText must exactly and uniquely match the original file. Keep matches short and non-overlapping; merge nearby changes without including large unchanged regions.",
    ],
  },
  write: {
    snippet: "Create or overwrite files",
    guidelines: ["Use write only for new files or complete rewrites."],
  },
  grep: { snippet: "Search file contents for patterns (respects .gitignore)", guidelines: [] },
  find: { snippet: "Find files by glob pattern (respects .gitignore)", guidelines: [] },
  ls: { snippet: "List directory contents", guidelines: [] },
};

function docs160(d: DocsPaths): string {
  return `Pi documentation (read only when the user asks about the harness itself, its SDK, extensions, themes, skills, or TUI):
- Main documentation: ${d.readme}
- Additional docs: ${d.docs}
- Examples: ${d.examples} (extensions, custom tools, SDK)
- When reading pi docs or examples, resolve docs/... under Additional docs and examples/... under Examples, not the current working directory
- When asked about: extensions (docs/extensions.md, examples/extensions/), themes (docs/themes.md), skills (docs/skills.md), prompt templates (docs/prompt-templates.md), TUI components (docs/tui.md), keybindings (docs/keybindings.md), SDK integrations (docs/sdk.md), custom providers (docs/custom-provider.md), adding models (docs/models.md), packages (docs/packages.md), environment variables (docs/environment-variables.md), MCP servers (docs/mcp.md), codemode scripts and non-LLM models such as classifiers and image models (docs/codemode.md)
- Before implementing harness changes, read the relevant docs and examples in full, following related cross-references.`;
}

/** Which tool the skills hint names: "read", "bash", or "indirect" (a reader exists but is hidden). */
export type SkillReader = "read" | "bash" | "indirect";

/** The skills section's text (untagged), or "" when no skill may be offered. */
export function skills160(skills: Skill[], reader: SkillReader): string {
  const visible = visibleSkills(skills);
  if (visible.length === 0) return "";
  const load =
    reader === "read"
      ? "Use the read tool to load a skill's file when the task matches its description."
      : reader === "bash"
        ? "Use bash to load a skill's file when the task matches its description."
        : "Load a skill's file when the task matches its description.";
  return [
    "The following skills provide specialized instructions for specific tasks.",
    load,
    "Resolve relative paths against the skill's directory (parent of SKILL.md). Use absolute paths in tool calls.",
    "",
    availableSkills(visible),
  ].join("\n");
}

function build(options: BuildSystemPromptOptions): SystemPromptState {
  const { selected, declared } = toolSets(options);
  const base = { version: "1.6.0" as const, sectionsAreAView: false };
  if (options.forceSystemPrompt !== undefined)
    return { ...base, content: options.forceSystemPrompt, rules: [], declaredTools: declared };
  const custom = options.sections ?? {};
  for (const name of Object.keys(custom))
    if (!SECTION_NAME.test(name) || name === "preamble")
      throw new Error(`Invalid system prompt section name: ${name}`);

  const raw: Record<string, string> = {};
  let rules: SystemPromptState["rules"] = [];
  if (options.customPrompt) raw.preamble = options.customPrompt;
  else {
    raw.preamble = PREAMBLE_1_6_0;
    raw.tools = `${toolList(declared, options.toolSnippets)}\n\n${OTHER_TOOLS_1_6_0}`;
    const collector = new RuleCollector();
    const shell = { bash: declared.includes("bash"), powershell: declared.includes("powershell") };
    if ((shell.bash || shell.powershell) && !["grep", "find", "ls"].some((t) => declared.includes(t))) {
      const which = shell.bash && shell.powershell ? "both" : shell.bash ? "bash" : "powershell";
      collector.add(SHELL_EXPLORES_1_6_0[which], { kind: "base", rule: "exploration" });
    }
    rules = collector.addRest(declared, options.toolGuidelines ?? {}, options.promptGuidelines ?? []);
    raw.rules = bullets(rules);
    raw.docs = docs160(options.docs ?? DEFAULT_DOCS);
  }
  if (options.appendSystemPrompt) raw.addendum = options.appendSystemPrompt;
  const files = options.contextFiles ?? [];
  if (files.length > 0)
    raw.project_context = [
      "Project-specific instructions and guidelines:",
      ...files.map((f) => `<project_instructions path="${f.path}">\n${f.content}\n</project_instructions>`),
    ].join("\n\n");
  // A hidden reader still reaches the files, so the skills stay but the hint names no tool.
  const readers = ["read", "bash"] as const;
  const reader: SkillReader | undefined =
    readers.find((t) => declared.includes(t)) ??
    (readers.some((t) => selected.includes(t)) ? "indirect" : undefined);
  const skills = reader ? skills160(options.skills ?? [], reader) : "";
  if (skills) raw.skills = skills;
  raw.cwd = normaliseCwd(options.cwd);
  for (const [name, text] of Object.entries(custom)) if (text) raw[name] = text;

  const sections: SystemPromptSections = { preamble: raw.preamble };
  for (const [name, text] of Object.entries(raw))
    if (name !== "preamble") sections[name] = `<${name}>\n${text}\n</${name}>`;
  return { ...base, content: join(sections), sections, rules, declaredTools: declared };
}

const join = (sections: SystemPromptSections) =>
  Object.values(sections)
    .filter((s) => s.length > 0)
    .join("\n\n");

/** The message's own text, then one part per patched section; parts joined by blank lines. */
export function renderSystemMessageUpdate160(message: Pick<SystemMessage, "content" | "sections">): string {
  const parts: string[] = [];
  if (message.content.length > 0) parts.push(message.content);
  for (const [name, value] of Object.entries(message.sections ?? {}))
    parts.push(
      value === null
        ? `Removed system prompt section "${name}".`
        : `Updated system prompt section "${name}":\n\n${value}`,
    );
  return parts.join("\n\n");
}

export const PROMPT_1_6_0: PromptProfile = {
  version: "1.6.0",
  sectionsAreAView: false,
  transport: "system-messages",
  toolContributions: TOOL_PROMPT_1_6_0,
  build,
  sections: (options) => build(options).sections ?? {},
  text: (options) => build(options).content,
  join,
  diff: diffSections,
  renderUpdate: renderSystemMessageUpdate160,
};
