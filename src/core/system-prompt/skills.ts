/**
 * Skills from the workspace's SKILL.md files: front matter `name` and `description` (pi's
 * `dist/core/skills.js` reads the same two keys), listed in the prompt's `skills` section as
 * `<available_skills>` entries with XML-escaped fields. The hint's wording is the project's own.
 */
export interface Skill {
  name: string;
  description: string;
  /** absolute path of the SKILL.md */
  filePath: string;
  disableModelInvocation?: boolean;
}

/** Reads `key: value` pairs from a leading `---` block; quoted values are unquoted. */
export function parseFrontMatter(text: string): Record<string, string> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!match) return {};
  const out: Record<string, string> = {};
  for (const line of match[1].split(/\r?\n/)) {
    const kv = /^([A-Za-z_][\w-]*):\s*(.*)$/.exec(line);
    if (!kv) continue;
    let value = kv[2].trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    out[kv[1]] = value;
  }
  return out;
}

/** A skill from its SKILL.md, or undefined when the front matter lacks a description. */
export function parseSkill(filePath: string, text: string): Skill | undefined {
  const fm = parseFrontMatter(text);
  if (!fm.description) return undefined;
  const dir = filePath.replace(/\/SKILL\.md$/, "");
  const name = fm.name || dir.slice(dir.lastIndexOf("/") + 1);
  const skill: Skill = { name, description: fm.description, filePath };
  if (fm["disable-model-invocation"] === "true") skill.disableModelInvocation = true;
  return skill;
}

const escapeXml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

/** `reader` is the tool the hint names ("read", "bash"), or "indirect" to name none. */
export function formatSkillsSection(skills: Skill[], reader: string): string {
  const visible = skills.filter((s) => !s.disableModelInvocation);
  if (visible.length === 0) return "";
  const how =
    reader === "indirect"
      ? "When a task matches a skill's description, load its SKILL.md before you start."
      : `When a task matches a skill's description, load its SKILL.md with the ${reader} tool before you start.`;
  const lines = [
    "Skills are task-specific instructions kept in files.",
    how,
    "Resolve relative paths inside a skill against the folder of its SKILL.md.",
    "",
    "<available_skills>",
  ];
  for (const s of visible)
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
