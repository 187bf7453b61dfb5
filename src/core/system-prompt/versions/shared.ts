/**
 * Pieces both versions' prompts build the same way: the one-line snippet, the declared tools, the
 * rule list (trimmed, deduplicated, first occurrence wins, each line with its origin), the skill
 * entries, the section diff.
 */
import { DEFAULT_TOOL_NAMES } from "../../tools/names";
import type { Skill } from "../skills";
import type {
  BuildSystemPromptOptions,
  DocsPaths,
  RuleLine,
  SystemPromptPatch,
  SystemPromptSections,
} from "../types";

export const SECTION_NAME = /^[a-z][a-z0-9_-]*$/;
export const DEFAULT_SELECTED_TOOLS: readonly string[] = DEFAULT_TOOL_NAMES;
/** The playground's stand-in for the folder pi is installed in. */
export const DEFAULT_DOCS: DocsPaths = {
  readme: "/pi/packages/coding-agent/README.md",
  docs: "/pi/packages/coding-agent/docs",
  examples: "/pi/packages/coding-agent/examples",
};
export const CONCISE = "Be concise in your responses";
export const PATHS = "Show file paths clearly when working with files";

/** A snippet as one line: runs of whitespace become one space, then trimmed (as pi's session does it). */
export function collapseSnippet(snippet: string | undefined): string {
  return (snippet ?? "").replace(/\s+/g, " ").trim();
}

/** Selected (default read, bash, edit, write), and declared = selected minus hidden. */
export function toolSets(options: BuildSystemPromptOptions): { selected: string[]; declared: string[] } {
  const selected = [...(options.selectedTools ?? DEFAULT_SELECTED_TOOLS)];
  const hidden = options.hiddenTools ?? [];
  return { selected, declared: selected.filter((t) => !hidden.includes(t)) };
}

/** `- name: snippet` for each tool that has a snippet, in order, or `(none)`. */
export function toolList(tools: string[], snippets: Record<string, string> | undefined): string {
  const lines = tools
    .map((t) => [t, collapseSnippet(snippets?.[t])] as const)
    .filter(([, s]) => s !== "")
    .map(([t, s]) => `- ${t}: ${s}`);
  return lines.length > 0 ? lines.join("\n") : "(none)";
}

/** Collects rule lines: trimmed, empty ones skipped, the first of equal texts wins. */
export class RuleCollector {
  readonly lines: RuleLine[] = [];
  private readonly seen = new Set<string>();
  add(text: string, source: RuleLine["source"]): void {
    const t = text.trim();
    if (t === "" || this.seen.has(t)) return;
    this.seen.add(t);
    this.lines.push({ text: t, source });
  }
  /** each tool's guidelines in tool order, then the extra bullets, then the two that are always there */
  addRest(tools: string[], toolGuidelines: Record<string, string[]>, promptGuidelines: string[]): RuleLine[] {
    for (const tool of tools) for (const g of toolGuidelines[tool] ?? []) this.add(g, { kind: "tool", tool });
    for (const g of promptGuidelines) this.add(g, { kind: "guideline" });
    this.add(CONCISE, { kind: "base", rule: "concise" });
    this.add(PATHS, { kind: "base", rule: "paths" });
    return this.lines;
  }
}

export const bullets = (rules: RuleLine[]) => rules.map((r) => `- ${r.text}`).join("\n");

const escapeXml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

export const visibleSkills = (skills: Skill[]) => skills.filter((s) => !s.disableModelInvocation);

/** The `<available_skills>` block (no trailing newline), fields XML-escaped. */
export function availableSkills(skills: Skill[]): string {
  const lines = ["<available_skills>"];
  for (const s of skills)
    lines.push(
      "  <skill>",
      `    <name>${escapeXml(s.name)}</name>`,
      `    <description>${escapeXml(s.description)}</description>`,
      `    <location>${escapeXml(s.filePath)}</location>`,
      "  </skill>",
    );
  lines.push("</available_skills>");
  return lines.join("\n");
}

export function diffSections(
  previous: SystemPromptSections | undefined,
  current: SystemPromptSections,
): SystemPromptPatch | undefined {
  const patch: SystemPromptPatch = {};
  for (const [name, text] of Object.entries(current)) if (previous?.[name] !== text) patch[name] = text;
  for (const name of Object.keys(previous ?? {})) if (!(name in current)) patch[name] = null;
  return Object.keys(patch).length > 0 ? patch : undefined;
}

export const normaliseCwd = (cwd: string) => cwd.replace(/\\/g, "/");
