/**
 * pi 0.73.1's system prompt: one flat string. The intro, `Available tools:` with one line per tool and
 * a sentence about other tools, `Guidelines:`, the documentation block, then (each only when there is
 * something) the appended text, `# Project Context` with a `## path` heading per file, the skills
 * block (only when read is a tool), and last the `Current date:` and `Current working directory:` lines.
 *
 * The page shows the string cut into named sections (`sectionsAreAView`): each piece carries the
 * separator in front of it, so the pieces concatenated are exactly the string. pi knows no hidden
 * tools: a hidden tool is treated here as one that is not selected.
 *
 * The quoted texts are what the model reads, word for word.
 */
import type { Skill } from "../skills";
import type {
  BuildSystemPromptOptions,
  DocsPaths,
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
  toolList,
  toolSets,
  visibleSkills,
} from "./shared";

export const INTRO_0_73_1 =
  "You are an expert coding assistant operating inside pi, a coding agent harness. You help users by reading files, executing commands, editing code, and writing new files.";
export const OTHER_TOOLS_0_73_1 =
  "In addition to the tools above, you may have access to other custom tools depending on the project.";
/** bash and none of grep, find, ls */
export const BASH_EXPLORES_0_73_1 = "Use bash for file operations like ls, rg, find";
/** bash and at least one of grep, find, ls */
export const PREFER_EXPLORERS_0_73_1 =
  "Prefer grep/find/ls tools over bash for file exploration (faster, respects .gitignore)";

export const TOOL_PROMPT_0_73_1: Readonly<Record<string, ToolPromptContribution>> = {
  read: { snippet: "Read file contents", guidelines: ["Use read to examine files instead of cat or sed."] },
  bash: { snippet: "Execute bash commands (ls, grep, find, etc.)", guidelines: [] },
  edit: {
    snippet:
      "Make precise file edits with exact text replacement, including multiple disjoint edits in one call",
    guidelines: [
      "Use edit for precise changes (edits[].oldText must match exactly)",
      "When changing multiple separate locations in one file, use one edit call with multiple entries in edits[] instead of multiple edit calls",
      "Each edits[].oldText is matched against the original file, not after earlier edits are applied. Do not emit overlapping or nested edits. Merge nearby changes into one edit.",
      "Keep edits[].oldText as small as possible while still being unique in the file. Do not pad with large unchanged regions.",
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

function docs0731(d: DocsPaths): string {
  return `Pi documentation (read only when the user asks about pi itself, its SDK, extensions, themes, skills, or TUI):
- Main documentation: ${d.readme}
- Additional docs: ${d.docs}
- Examples: ${d.examples} (extensions, custom tools, SDK)
- When asked about: extensions (docs/extensions.md, examples/extensions/), themes (docs/themes.md), skills (docs/skills.md), prompt templates (docs/prompt-templates.md), TUI components (docs/tui.md), keybindings (docs/keybindings.md), SDK integrations (docs/sdk.md), custom providers (docs/custom-provider.md), adding models (docs/models.md), pi packages (docs/packages.md)
- When working on pi topics, read the docs and examples, and follow .md cross-references before implementing
- Always read pi .md files completely and follow links to related docs (e.g., tui.md for TUI API details)`;
}

/** The skills block without its leading blank line, or "" when no skill may be offered. */
export function skills0731(skills: Skill[]): string {
  const visible = visibleSkills(skills);
  if (visible.length === 0) return "";
  return [
    "The following skills provide specialized instructions for specific tasks.",
    "Use the read tool to load a skill's file when the task matches its description.",
    "When a skill file references a relative path, resolve it against the skill directory (parent of SKILL.md / dirname of the path) and use that absolute path in tool commands.",
    "",
    availableSkills(visible),
  ].join("\n");
}

/** `YYYY-MM-DD` in local time. */
export function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function build(options: BuildSystemPromptOptions): SystemPromptState {
  // A hidden tool is, for 0.73.1, a tool that is not there.
  const { declared } = toolSets(options);
  const base = { version: "0.73.1" as const, sectionsAreAView: true };
  if (options.forceSystemPrompt !== undefined)
    return { ...base, content: options.forceSystemPrompt, rules: [], declaredTools: declared };

  const view: SystemPromptSections = {};
  let rules: SystemPromptState["rules"] = [];
  if (options.customPrompt) view.preamble = options.customPrompt;
  else {
    view.preamble = INTRO_0_73_1;
    view.tools = `\n\nAvailable tools:\n${toolList(declared, options.toolSnippets)}\n\n${OTHER_TOOLS_0_73_1}`;
    const collector = new RuleCollector();
    if (declared.includes("bash")) {
      const explorers = ["grep", "find", "ls"].some((t) => declared.includes(t));
      collector.add(explorers ? PREFER_EXPLORERS_0_73_1 : BASH_EXPLORES_0_73_1, {
        kind: "base",
        rule: "exploration",
      });
    }
    rules = collector.addRest(declared, options.toolGuidelines ?? {}, options.promptGuidelines ?? []);
    view.rules = `\n\nGuidelines:\n${bullets(rules)}`;
    view.docs = `\n\n${docs0731(options.docs ?? DEFAULT_DOCS)}`;
  }
  if (options.appendSystemPrompt) view.addendum = `\n\n${options.appendSystemPrompt}`;
  const files = options.contextFiles ?? [];
  if (files.length > 0)
    view.project_context = `\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n${files
      .map((f) => `## ${f.path}\n\n${f.content}\n\n`)
      .join("")}`;
  // With a custom prompt and no tool list at all, skills are offered; otherwise only when read is a tool.
  const canRead =
    options.customPrompt && options.selectedTools === undefined ? true : declared.includes("read");
  const skills = canRead ? skills0731(options.skills ?? []) : "";
  if (skills) view.skills = `\n\n${skills}`;
  view.date = `\nCurrent date: ${localDate(options.date ?? new Date())}`;
  view.cwd = `\nCurrent working directory: ${normaliseCwd(options.cwd)}`;
  return { ...base, content: join(view), sections: view, rules, declaredTools: declared };
}

const join = (sections: SystemPromptSections) => Object.values(sections).join("");

export const PROMPT_0_73_1: PromptProfile = {
  version: "0.73.1",
  sectionsAreAView: true,
  transport: "system-prompt",
  toolContributions: TOOL_PROMPT_0_73_1,
  build,
  sections: (options) => build(options).sections ?? {},
  text: (options) => build(options).content,
  join,
  diff: diffSections,
  renderUpdate: () => undefined,
};
