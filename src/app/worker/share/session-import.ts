/**
 * The session's side of an import: the entries are checked again (the command is a boundary), then
 * written into the memfs volume, folders first and links last, so a link in the import can never
 * redirect a write of the same import. An entry that cannot be written (a file where a folder is) is
 * skipped; what was already in the workspace stays, except a file of the same path, which is replaced.
 * An import past the limits (bytes, entries) writes nothing: every entry is reported skipped for it.
 */
import type { ImportEntry } from "@agent/protocol";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import {
  checkEntries,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_ENTRIES,
  type Skipped,
} from "../../common/share/import-rules";

export function applyImport(
  workspace: MemfsWorkspace,
  input: readonly ImportEntry[],
): { skipped: Skipped[] } {
  const { entries, skipped } = checkEntries(input);
  const { fs, root } = workspace;
  const total = entries.reduce((sum, e) => sum + (e.kind === "file" ? e.data.byteLength : 0), 0);
  const over: Skipped["reason"] | null =
    entries.length > MAX_IMPORT_ENTRIES ? "tooMany" : total > MAX_IMPORT_BYTES ? "tooLarge" : null;
  if (over) return { skipped: [...skipped, ...entries.map((e) => ({ path: e.path, reason: over }))] };
  const order = (e: ImportEntry) => (e.kind === "dir" ? 0 : e.kind === "file" ? 1 : 2);
  for (const entry of [...entries].sort((a, b) => order(a) - order(b))) {
    const path = `${root}/${entry.path}`;
    try {
      if (entry.kind === "dir") {
        fs.mkdirSync(path, { recursive: true });
        continue;
      }
      fs.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
      const existing = lstat(workspace, path);
      // A folder of the same name is the learner's work: the entry is skipped, never the folder removed.
      if (existing === "dir") throw new Error("a folder is there");
      if (entry.kind === "file") {
        if (existing === "symlink") fs.unlinkSync(path);
        fs.writeFileSync(path, entry.data);
      } else {
        if (existing) fs.unlinkSync(path);
        fs.symlinkSync(entry.target, path);
      }
    } catch {
      skipped.push({ path: entry.path, reason: "clash" });
    }
  }
  return { skipped };
}

function lstat(workspace: MemfsWorkspace, path: string): "dir" | "symlink" | "file" | null {
  try {
    const stat = workspace.fs.lstatSync(path);
    return stat.isDirectory() ? "dir" : stat.isSymbolicLink() ? "symlink" : "file";
  } catch {
    return null;
  }
}
