/**
 * What the prompt learns from the workspace, found as pi 0.73.1 finds it (`dist/core/resource-loader.js`):
 * in every folder from the file-system root down to cwd, the first of AGENTS.md, AGENTS.MD, CLAUDE.md,
 * CLAUDE.MD; and skills from `<cwd>/.pi/skills/**​/SKILL.md`. The readers are injected (no I/O here).
 *
 * Deviation: no global agent dir (there is no home folder in a browser tab).
 */
import type { ContextFile } from "./sections";
import { parseSkill, type Skill } from "./skills";

export interface WorkspaceReader {
  /** a file's utf8 text, or undefined when there is no such file */
  readFile(absolutePath: string): string | undefined;
  /** every file below a folder (absolute paths), or [] when it does not exist */
  listFiles(absoluteDir: string): string[];
}

export const CONTEXT_FILE_NAMES = ["AGENTS.md", "AGENTS.MD", "CLAUDE.md", "CLAUDE.MD"];

/** The folders from / down to cwd, root first. */
export function ancestorsOf(cwd: string): string[] {
  const parts = cwd.split("/").filter(Boolean);
  const dirs = ["/"];
  for (let i = 1; i <= parts.length; i++) dirs.push(`/${parts.slice(0, i).join("/")}`);
  return dirs;
}

export function findContextFiles(cwd: string, reader: WorkspaceReader): ContextFile[] {
  const found: ContextFile[] = [];
  for (const dir of ancestorsOf(cwd)) {
    for (const name of CONTEXT_FILE_NAMES) {
      const path = `${dir === "/" ? "" : dir}/${name}`;
      const content = reader.readFile(path);
      if (content !== undefined) {
        found.push({ path, content });
        break;
      }
    }
  }
  return found;
}

export function findSkills(cwd: string, reader: WorkspaceReader): Skill[] {
  const root = `${cwd.replace(/\/$/, "")}/.pi/skills`;
  const skills: Skill[] = [];
  for (const path of reader
    .listFiles(root)
    .filter((p) => p.endsWith("/SKILL.md"))
    .sort()) {
    const text = reader.readFile(path);
    const skill = text === undefined ? undefined : parseSkill(path, text);
    if (skill) skills.push(skill);
  }
  return skills;
}
