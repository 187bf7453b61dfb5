/**
 * Whether a call's path leaves the workspace, resolved as pi resolves it (`~` is the home folder, a
 * relative path joins cwd). pi does not check this; the page marks such calls so a learner sees that
 * the tool reached /etc or a home folder. Only the `path` argument is read: a bash command's paths are
 * inside its script, which the page does not parse.
 */
import { DEFAULT_HOME_DIR, relativePath, resolvePath, resolveToCwd } from "@core/path-utils";

/** The absolute path the call reaches, when it lies outside cwd; null otherwise. */
export function outsideWorkspacePath(args: unknown, cwd: string): string | null {
  const raw = typeof args === "object" && args !== null ? (args as { path?: unknown }).path : undefined;
  if (typeof raw !== "string" || !cwd.startsWith("/")) return null;
  const abs = resolvePath(resolveToCwd(raw.trim() || ".", cwd, DEFAULT_HOME_DIR));
  return relativePath(cwd, abs).startsWith("..") ? abs : null;
}
