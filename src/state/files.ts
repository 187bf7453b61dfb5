import type { SessionEvent } from "@agent/events";

export interface FileChangeMark {
  change: "create" | "delete" | "modify" | "move";
  source: "tool" | "editor" | "reset";
  /** event time, so the UI can fade the highlight */
  ts: number;
  seq: number;
}

export interface FilesSnapshot {
  backend: string;
  cwd: string;
  /** workspace-relative paths, folders ending in "/", sorted */
  paths: readonly string[];
  /** path → its latest change since the last reset */
  changed: Readonly<Record<string, FileChangeMark>>;
  /**
   * how many times the whole tree was replaced: with `changed[path]` it tells an open editor when to read
   * its file again (contents are asked for, never carried by events)
   */
  resets: number;
}

export const EMPTY_FILES: FilesSnapshot = {
  backend: "",
  cwd: "",
  paths: [],
  changed: {},
  resets: 0,
};

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Adds a file and the folders above it (folders are listed with a trailing "/"). */
function withPath(paths: readonly string[], path: string): string[] {
  const set = new Set(paths);
  const parts = path.split("/");
  for (let i = 1; i < parts.length; i++) set.add(`${parts.slice(0, i).join("/")}/`);
  set.add(path);
  return [...set].sort(compare);
}

function withoutPath(paths: readonly string[], path: string): string[] {
  return paths.filter((p) => p !== path && p !== `${path}/` && !p.startsWith(`${path}/`));
}

/** The workspace tree, kept live from file_changed events, with the latest change per path. */
export function reduceFiles(state: FilesSnapshot, event: SessionEvent): FilesSnapshot {
  switch (event.type) {
    case "session_ready":
    case "workspace_reset":
      return {
        backend: event.type === "session_ready" ? event.backend : state.backend,
        cwd: event.cwd,
        paths: [...event.files].sort(compare),
        changed: {},
        resets: state.resets + 1,
      };
    case "backend_changed":
      return { ...state, backend: event.backend, cwd: event.cwd };
    case "file_changed": {
      const mark: FileChangeMark = {
        change: event.change,
        source: event.source,
        ts: event.ts,
        seq: event.seq,
      };
      let paths: readonly string[] = state.paths;
      if (event.change === "delete") paths = withoutPath(paths, event.path);
      else if (event.change === "move" && event.oldPath)
        paths = withPath(withoutPath(paths, event.oldPath), event.path);
      else if (!paths.includes(event.path)) paths = withPath(paths, event.path);
      return { ...state, paths, changed: { ...state.changed, [event.path]: mark } };
    }
    default:
      return state;
  }
}

export interface TreeNode {
  name: string;
  path: string;
  dir: boolean;
  depth: number;
}

/** The sorted path list as rows of a tree: folders first at each level, then files. */
export function treeRows(paths: readonly string[]): TreeNode[] {
  const children = new Map<string, { dirs: string[]; files: string[] }>();
  const slot = (parent: string) => {
    const found = children.get(parent);
    if (found) return found;
    const fresh = { dirs: [] as string[], files: [] as string[] };
    children.set(parent, fresh);
    return fresh;
  };
  for (const p of paths) {
    const dir = p.endsWith("/");
    const bare = dir ? p.slice(0, -1) : p;
    const cut = bare.lastIndexOf("/");
    const parent = cut < 0 ? "" : bare.slice(0, cut);
    if (dir) slot(parent).dirs.push(bare);
    else slot(parent).files.push(bare);
  }
  const rows: TreeNode[] = [];
  const walk = (parent: string, depth: number) => {
    const s = children.get(parent);
    if (!s) return;
    for (const d of s.dirs.sort(compare)) {
      rows.push({ name: d.slice(d.lastIndexOf("/") + 1), path: d, dir: true, depth });
      walk(d, depth + 1);
    }
    for (const f of s.files.sort(compare))
      rows.push({ name: f.slice(f.lastIndexOf("/") + 1), path: f, dir: false, depth });
  };
  walk("", 0);
  return rows;
}
