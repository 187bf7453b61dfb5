/**
 * The whole volume as a list, for the file tree's "whole volume" view: the workspace and the system
 * around it. Capped, since a workspace can hold thousands of files; the total says how many there are.
 */
import type { VolumeListing } from "@agent/protocol";
import type { MemfsWorkspace } from "@backends/memfs/workspace";

export const VOLUME_LIST_LIMIT = 2000;

export function listVolume(workspace: MemfsWorkspace, limit = VOLUME_LIST_LIMIT): VolumeListing {
  const { fs } = workspace;
  const entries: VolumeListing["entries"] = [];
  let total = 0;
  const walk = (dir: string) => {
    const names = (fs.readdirSync(dir) as string[]).slice().sort();
    for (const name of names) {
      const path = `${dir === "/" ? "" : dir}/${name}`;
      const stat = fs.lstatSync(path);
      const kind = stat.isSymbolicLink() ? "symlink" : stat.isDirectory() ? "dir" : "file";
      total++;
      if (entries.length < limit) entries.push({ path, kind });
      if (kind === "dir") walk(path);
    }
  };
  walk("/");
  return { entries, total, limit };
}
