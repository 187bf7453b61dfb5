/**
 * How the session tells the page about its workspace: the per-file mutation queue's moves become
 * queue_* events, changes the backend reports become file_changed events with who made them, and the
 * workspace's files are listed (the tree) or copied out (snapshots, saved scenarios).
 */
import type { Emit } from "@agent/events";
import type { ScenarioFiles } from "@agent/scenario";
import type { Backend } from "@backends/backend";
import { base64Encode, isUtf8Text, utf8Decode } from "@core/bytes";
import type { MutationQueueObserver } from "@core/file-mutation-queue";

/** queue_wait / queue_acquire / queue_release, with how long each call waited for and held the file. */
export function queueEvents(emit: Emit): MutationQueueObserver {
  const since = new Map<string, number>();
  return (q) => {
    const key = `${q.key}\0${q.owner ?? ""}`;
    const ref = { path: q.key, ...(q.owner ? { toolCallId: q.owner } : {}) };
    const now = performance.now();
    if (q.type === "wait") {
      since.set(key, now);
      emit({ type: "queue_wait", ...ref, ahead: q.depth - 1 });
    } else if (q.type === "acquire") {
      emit({ type: "queue_acquire", ...ref, waitedMs: now - (since.get(key) ?? now) });
      since.set(key, now);
    } else {
      emit({ type: "queue_release", ...ref, heldMs: now - (since.get(key) ?? now) });
      since.delete(key);
    }
  };
}

export interface ChangeContext {
  /** who is changing files when no call is executing */
  source(): "tool" | "editor" | "reset";
  /** the calls executing now */
  executing: ReadonlySet<string>;
  /** a change inside the workspace happened (the session's next snapshot is due) */
  changed(): void;
}

/** Emits file_changed for each change inside the workspace; returns the unsubscribe. */
export function fileChangedEvents(workspace: Backend, emit: Emit, context: ChangeContext): () => void {
  const prefix = `${workspace.root}/`;
  return workspace.onChange((c) => {
    const inside = (p: string | undefined) => p?.startsWith(prefix) === true;
    // A memfs volume also holds /tmp (bash's full-output logs), which is not part of the workspace tree.
    if (!inside(c.path) && !inside(c.oldPath)) return;
    context.changed();
    const rel = (p: string) => p.slice(prefix.length);
    const { executing } = context;
    const only = executing.size === 1 ? [...executing][0] : undefined;
    // A move across the workspace's edge is a create or a delete as far as the tree is concerned.
    const change =
      c.type !== "move" ? c.type : !inside(c.oldPath) ? "create" : !inside(c.path) ? "delete" : "move";
    const path = change === "delete" && c.type === "move" && c.oldPath ? c.oldPath : c.path;
    emit({
      type: "file_changed",
      change,
      path: rel(path),
      ...(change === "move" && c.oldPath ? { oldPath: rel(c.oldPath) } : {}),
      source: context.source() === "tool" || executing.size > 0 ? "tool" : context.source(),
      ...(only ? { toolCallId: only } : {}),
    });
  });
}

/** The workspace's paths relative to its root, sorted, a directory's with a trailing slash. */
export function listWorkspaceFiles(workspace: Backend): string[] {
  const prefix = `${workspace.root}/`;
  return workspace
    .snapshot()
    .entries.map((e) => e.path.slice(prefix.length) + (e.kind === "dir" ? "/" : ""))
    .sort();
}

/** The workspace as a files map (the scenario format). */
export function workspaceFilesMap(workspace: Backend): ScenarioFiles {
  const prefix = `${workspace.root}/`;
  const files: ScenarioFiles = {};
  for (const e of workspace.snapshot().entries) {
    const rel = e.path.slice(prefix.length);
    if (e.kind === "dir") files[rel] = { dir: true };
    else if (e.kind === "symlink") files[rel] = { symlink: e.target };
    else files[rel] = isUtf8Text(e.data) ? utf8Decode(e.data) : { base64: base64Encode(e.data) };
  }
  return files;
}
