/**
 * The tutorial's path check: resolve against cwd, then refuse anything whose path relative to cwd starts
 * with "..". pi has no such check (its boundary is the approval hook and the prompt), and this one does
 * not resolve symlinks, so a link inside cwd that points out of it passes.
 */
import { relativePath, resolvePath } from "../../path-utils";

export function safePath(raw: string, cwd: string): string {
  const abs = resolvePath(cwd, raw);
  const rel = relativePath(cwd, abs);
  if (rel.startsWith("..")) throw new Error(`path outside cwd: ${raw}`);
  return abs;
}
