import type { SessionEvent } from "@agent/events";
import { type BackendKind, backendKindOr } from "@core/backend-kinds";
import { isAbsolutePath, relativePath, resolveToCwd } from "@core/path-utils";
import { createDraft, type Draft } from "./fold-store";

export interface FileChangeMark {
  change: "create" | "delete" | "modify" | "move";
  source: "tool" | "editor" | "reset";
  /** event time, so the UI can fade the highlight */
  ts: number;
  seq: number;
}

/** How the last call touched a path, in the words the tree shows beside it. */
export type TouchHow =
  | "read"
  | "edited"
  | "written"
  | "listed"
  | "searched"
  | "created"
  | "deleted"
  | "moved";

/**
 * The paths the last call (or the calls of the last batch, when they overlap) touched: reads from the
 * call's `path` argument at tool_execution_start, writes from file_changed events while it runs.
 */
export interface TouchedFiles {
  /** the calls these paths belong to, in start order */
  calls: readonly string[];
  /** the ones of them still running: a call that starts while one runs joins this set */
  running: readonly string[];
  /** workspace-relative path (folders without their trailing "/") → how */
  paths: Readonly<Record<string, TouchHow>>;
  /** seq of the last event that added a path, so the tree scrolls when it grows */
  seq: number;
}

export interface FilesSnapshot {
  /** the id of the backend holding the files, as the page names it (`webcontainer (fake)`) */
  backend: string;
  /** its kind: what the page may do with it is read from this, never from the id */
  backendKind: BackendKind;
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
  /** what the last call touched; null before any call and after a reset */
  touched: TouchedFiles | null;
}

export const EMPTY_FILES: FilesSnapshot = {
  backend: "",
  backendKind: "memfs",
  cwd: "",
  paths: [],
  changed: {},
  resets: 0,
  touched: null,
};

/** how each tool touches the path in its arguments (bash names none: its writes arrive as file_changed) */
const ARG_TOUCH: Readonly<Record<string, TouchHow>> = {
  read: "read",
  edit: "edited",
  write: "written",
  ls: "listed",
  find: "searched",
  grep: "searched",
};

const CHANGE_TOUCH = { create: "created", modify: "written", delete: "deleted", move: "moved" } as const;

/** A tool's `path` argument as a workspace-relative path; null when it names none or lies outside cwd. */
export function workspacePathOf(args: unknown, cwd: string): string | null {
  const raw = typeof args === "object" && args !== null ? (args as { path?: unknown }).path : undefined;
  if (typeof raw !== "string" || !cwd || !isAbsolutePath(cwd)) return null;
  const rel = relativePath(cwd, resolveToCwd(raw.trim() || ".", cwd));
  return rel === "" || rel.startsWith("..") ? null : rel;
}

function callStarted(
  state: FilesSnapshot,
  id: string,
  tool: string,
  args: unknown,
  seq: number,
): TouchedFiles {
  const prev = state.touched;
  const joins = prev !== null && prev.running.length > 0;
  const paths: Record<string, TouchHow> = joins ? { ...prev.paths } : {};
  const how = ARG_TOUCH[tool];
  const path = how ? workspacePathOf(args, state.cwd) : null;
  if (how && path !== null) paths[path] = how;
  return {
    calls: joins ? [...prev.calls, id] : [id],
    running: joins ? [...prev.running, id] : [id],
    paths,
    seq: path !== null || !joins ? seq : prev.seq,
  };
}

function touchedByChange(touched: TouchedFiles | null, path: string, how: TouchHow, seq: number) {
  if (touched === null || touched.running.length === 0) return touched;
  // "edited" (the call's own word) and "created" (a new file's first change) say more than a later "written"
  const was = touched.paths[path];
  if ((was === "edited" || was === "created") && how === "written") return touched;
  return { ...touched, paths: { ...touched.paths, [path]: how }, seq };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Where `path` is, or would go, in a list sorted by `compare` (binary search). */
function place(paths: readonly string[], path: string): number {
  let lo = 0;
  let hi = paths.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (paths[mid] < path) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const has = (paths: readonly string[], path: string) => paths[place(paths, path)] === path;

/**
 * Adds a file and the folders above it (folders are listed with a trailing "/"), in place, on a list the
 * reducer owns. A change event does not say whether its path is a folder, so `mkdir zz` first lists "zz"
 * as a file: a folder above a later path takes that name over, and a known folder is never listed again as
 * a file (one path, one row). Each file added costs a binary search and an insert, not a sort of the whole
 * list (a 20,000-file import sorted it 20,000 times, each time longer).
 */
function addPath(paths: string[], path: string): void {
  const parts = path.split("/");
  for (let i = 1; i < parts.length; i++) {
    const folder = parts.slice(0, i).join("/");
    const at = place(paths, folder);
    if (paths[at] === folder) paths.splice(at, 1);
    const marker = `${folder}/`;
    const slot = place(paths, marker);
    if (paths[slot] !== marker) paths.splice(slot, 0, marker);
  }
  if (has(paths, `${path}/`)) return;
  const at = place(paths, path);
  if (paths[at] !== path) paths.splice(at, 0, path);
}

function withoutPath(paths: readonly string[], path: string): string[] {
  return paths.filter((p) => p !== path && p !== `${path}/` && !p.startsWith(`${path}/`));
}

/** The workspace tree, kept live from file_changed events, with the latest change per path. */
export function reduceFiles(
  state: FilesSnapshot,
  event: SessionEvent,
  draft: Draft = createDraft(),
): FilesSnapshot {
  switch (event.type) {
    case "session_ready":
    case "workspace_reset":
      return {
        backend: event.type === "session_ready" ? event.backend : state.backend,
        backendKind: state.backendKind,
        cwd: event.cwd,
        paths: [...event.files].sort(compare),
        changed: {},
        resets: state.resets + 1,
        touched: null,
      };
    case "backend_changed":
      return { ...state, backend: event.backend, backendKind: backendKindOr(event.kind), cwd: event.cwd };
    case "file_changed": {
      const mark: FileChangeMark = {
        change: event.change,
        source: event.source,
        ts: event.ts,
        seq: event.seq,
      };
      let paths: readonly string[] = state.paths;
      if (event.change === "delete") paths = withoutPath(paths, event.path);
      else if (event.change === "move" && event.oldPath) {
        // withoutPath made a new list, which this reducer alone holds.
        const moved = withoutPath(paths, event.oldPath);
        addPath(moved, event.path);
        paths = moved;
      } else if (!has(paths, event.path)) {
        const owned = draft.own(state.paths);
        addPath(owned, event.path);
        paths = owned;
      }
      // a change names its call when only one was running; one named for an earlier call is not this one's
      const mine = event.toolCallId === undefined || state.touched?.calls.includes(event.toolCallId) === true;
      const touched =
        event.source === "tool" && mine
          ? touchedByChange(state.touched, event.path, CHANGE_TOUCH[event.change], event.seq)
          : state.touched;
      // The record is copied once between two reads of the store, not once per change (fold-store.ts).
      const changed = draft.own(state.changed);
      changed[event.path] = mark;
      const next = draft.own(state);
      next.paths = paths;
      next.changed = changed;
      next.touched = touched;
      return next;
    }
    case "tool_execution_start":
      return {
        ...state,
        touched: callStarted(state, event.toolCallId, event.toolName, event.args, event.seq),
      };
    case "tool_execution_end": {
      const t = state.touched;
      if (!t?.running.includes(event.toolCallId)) return state;
      return { ...state, touched: { ...t, running: t.running.filter((id) => id !== event.toolCallId) } };
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
