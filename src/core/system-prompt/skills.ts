/**
 * Skills from the workspace's SKILL.md files: front matter `name` and `description` (pi's
 * `dist/core/skills.js` reads the same two keys), listed in the prompt's `skills` section as
 * `<available_skills>` entries with XML-escaped fields (each version's wording: `versions/`).
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
