/**
 * The session's workspace: which backend holds the files (session-backends.ts), the per-file mutation
 * queue, and how the page hears of them. The queue's moves become queue_* events, changes the backend
 * reports become file_changed events with who made them, and the files are listed (the tree) or copied
 * out (snapshots, saved scenarios). After a change the host is sent a snapshot.
 */

import type { Emit, SessionEvent } from "@agent/events";
import { diffFiles } from "@agent/file-changes";
import type { FileContent, ImportEntry, SessionCommand } from "@agent/protocol";
import type { ScenarioFiles } from "@agent/scenario";
import { SessionFault } from "@agent/session-fault";
import type { Backend } from "@backends/backend";
import { createMemfsBackend, memfsBackendFromFiles } from "@backends/memfs/backend";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import { runSelfTest } from "@backends/self-test";
import { BACKEND_KIND } from "@core/backend-kinds";
import { base64Decode, base64Encode, isUtf8Text, utf8Decode, utf8Encode } from "@core/bytes";
import {
  createFileMutationQueue,
  type FileMutationQueue,
  type MutationQueueObserver,
} from "@core/file-mutation-queue";
import type { PiVersionId } from "@core/versions/ids";
import { PRESETS } from "../common/presets/index";
import type { LearnerToolSource } from "./learner-tools/types";
import { installSystemFiles } from "./presets/system-files";
import {
  type BackendChoice,
  containerFor,
  memfsVolumeOf,
  single,
  toMemfs,
  toolBackendIds,
  toWebContainer,
} from "./session-backends";
import { applyImport } from "./share/session-import";

/** Makes the backend holding a workspace's files (memfs unless a host says otherwise). */
export type BackendFactory = (files: ScenarioFiles) => Backend;

export interface WorkspaceDeps {
  emit: Emit;
  createBackend?: BackendFactory;
  /** the host's copy of the files, with the learner's tool files (SessionOptions.onSnapshot) */
  onSnapshot?: (files: ScenarioFiles, reason: string, learnerTools: LearnerToolSource[]) => void;
  learnerTools(): LearnerToolSource[];
  /** the run in progress: a backend left behind is disposed once it ends */
  running(): Promise<void> | undefined;
  /** the tools over the backend now holding the files, and the prompt they make (session-tools.ts) */
  tools: {
    build(choice: BackendChoice, queue: FileMutationQueue): void;
    refresh(reason: "tools" | "workspace"): void;
    /** the pi version they are (session_ready says it) */
    readonly piVersion: { id: PiVersionId };
  };
}

export class SessionWorkspace {
  /** Where the files live, and which backend each tool runs on (session-backends.ts). */
  private choice!: BackendChoice;
  private mutations!: FileMutationQueue;
  private unlisten: () => void = () => {};
  /** who changes files when no call is executing (a run sets "tool") */
  changeSource: "tool" | "editor" | "reset" = "reset";
  private readonly executing = new Set<string>();
  /** The workspace changed since the last snapshot the host was sent. */
  private dirty = false;

  constructor(private readonly deps: WorkspaceDeps) {}

  /** the per-file mutation queue the tools over this workspace share */
  get queue(): FileMutationQueue {
    return this.mutations;
  }

  get backend(): Backend {
    return this.choice.home;
  }

  /**
   * The memfs volume holding the files (a container's local copy when a WebContainer holds them): what a
   * saved workspace stores and an import writes into.
   */
  get volume(): MemfsWorkspace {
    const volume = memfsVolumeOf(this.backend);
    if (!volume)
      throw new SessionFault(
        { code: "noMemfs", backend: this.backend.description.id },
        `The ${this.backend.description.id} backend keeps no memfs copy of its files.`,
      );
    return volume;
  }

  /** Each event of the session passes here: a call that changed files ends with a snapshot. */
  track(e: SessionEvent) {
    if (e.type === "call_executing") this.executing.add(e.toolCallId);
    if (e.type === "tool_execution_end") {
      this.executing.delete(e.toolCallId);
      // Only a call that changed the workspace needs a new snapshot: a burst of reads then costs no
      // whole-workspace copies, and the host's last snapshot is still the current workspace.
      if (this.dirty) this.snapshot("call");
      // A container's changes reach the local copy (and the tree) once it has settled.
      if (!BACKEND_KIND[this.backend.description.kind].filesInWorker)
        void this.backend.settle().then(() => this.dirty && this.snapshot("call"));
    }
  }

  /** New files on a new backend. `restored`: a saved workspace read back from storage, used as it is. */
  load(files: ScenarioFiles, preset: string, announce = true, restored?: MemfsWorkspace) {
    // New files start on memfs: moving them into a container is the learner's explicit step.
    const wasElsewhere = this.choice !== undefined && this.backend.description.kind !== "memfs";
    const backend = restored
      ? createMemfsBackend(restored)
      : (this.deps.createBackend ?? memfsBackendFromFiles)(files);
    // A plausible system outside the workspace (/etc, a home folder), so a path check can be watched.
    const volume = memfsVolumeOf(backend);
    if (volume) installSystemFiles(volume);
    this.adopt(single(backend), createFileMutationQueue(queueEvents(this.deps.emit)));
    if (wasElsewhere) this.announceBackend();
    if (announce) {
      this.deps.emit({ type: "workspace_reset", preset, cwd: this.backend.root, files: this.listFiles() });
      this.deps.tools.refresh("workspace");
      this.snapshot("reset");
    }
  }

  reset(preset: string) {
    this.load(presetFiles(preset), preset);
  }

  /** Makes the tools over `choice` (new closures; a running call keeps its old tool) and listens to it. */
  private adopt(choice: BackendChoice, queue: FileMutationQueue) {
    this.unlisten();
    const old = this.choice?.home;
    if (old && old !== choice.home)
      void (this.deps.running() ?? Promise.resolve()).finally(() => old.dispose());
    this.choice = choice;
    this.mutations = queue;
    this.deps.tools.build(choice, queue);
    this.unlisten = fileChangedEvents(choice.home, this.deps.emit, {
      source: () => this.changeSource,
      executing: this.executing,
      changed: () => {
        this.dirty = true;
      },
    });
  }

  /** Moves the workspace to another backend and makes new tools over it (session-backends.ts). */
  async setBackend(command: Extract<SessionCommand, { type: "set_backend" }>) {
    const choice =
      command.backend === "memfs"
        ? await toMemfs(this.backend)
        : await containerFor(command).then(({ container, id }) =>
            toWebContainer(this.backend, container, id, command.tools),
          );
    this.adopt(choice, this.mutations);
    this.announceBackend();
    this.deps.tools.refresh("tools");
    this.snapshot("backend");
  }

  /** The first words of a started session: where it is and what it holds, then its backend. */
  announceReady() {
    const { root, description } = this.backend;
    this.deps.emit({
      type: "session_ready",
      backend: description.id,
      cwd: root,
      files: this.listFiles(),
      piVersion: this.deps.tools.piVersion.id,
    });
    this.announceBackend();
  }

  private announceBackend() {
    const { root, description } = this.backend;
    this.deps.emit({
      type: "backend_changed",
      backend: description.id,
      cwd: root,
      kind: description.kind,
      limits: description.limits.map((l) => l.code),
      tools: toolBackendIds(this.choice),
    });
  }

  /** The backend self-test (src/backends/self-test.ts) on the backend holding the files. */
  async selfTest() {
    const results = await runSelfTest(this.backend.toolOptions(createFileMutationQueue()), this.backend.root);
    await this.backend.settle();
    return results;
  }

  listFiles(): string[] {
    return listWorkspaceFiles(this.backend);
  }

  /** The workspace as a files map (the scenario format), for a host restoring after a stuck call. */
  filesMap(): ScenarioFiles {
    return workspaceFilesMap(this.backend);
  }

  /** The editor's read: text, or base64 when the bytes are not UTF-8. */
  fileContent(relativePath: string): FileContent {
    const path = `${this.backend.root}/${relativePath}`;
    const data = this.backend.readFile(path);
    if (data === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
    const text = isUtf8Text(data) ? utf8Decode(data) : null;
    return text === null ? { text, base64: base64Encode(data) } : { text };
  }

  /** The editor's write: a file change the page marks as the editor's, then a new snapshot. */
  writeFile(relativePath: string, content: string) {
    this.changeSource = "editor";
    this.backend.writeFile(`${this.backend.root}/${relativePath}`, content);
    this.changeSource = "reset";
    this.deps.tools.refresh("workspace");
    this.snapshot("editor");
  }

  /** Files, folders or a .zip the learner added (share/session-import.ts), then one new snapshot. */
  importFiles(entries: readonly ImportEntry[]) {
    this.changeSource = "reset";
    applyImport(this.volume, entries);
    this.deps.tools.refresh("workspace");
    this.snapshot("import");
  }

  /**
   * Puts back `files` (a filesMap from earlier) in place, over the backend in use: the files it lacks go,
   * the ones it holds are written back. The conversation and the tools stay as they are.
   */
  restoreFiles(files: ScenarioFiles) {
    const { fs, root } = this.volume;
    this.changeSource = "reset";
    const changes = diffFiles(this.filesMap(), files);
    for (const path of changes.removed) fs.rmSync(`${root}/${path}`, { force: true });
    const back = new Set([...changes.added, ...changes.changed]);
    applyImport(
      this.volume,
      Object.entries(files)
        .filter(([path, spec]) => back.has(path) || (typeof spec === "object" && "dir" in spec))
        .map(([path, spec]) => entryOf(path, spec)),
    );
    this.deps.tools.refresh("workspace");
    this.snapshot("import");
  }

  snapshot(reason: string) {
    this.dirty = false;
    this.deps.onSnapshot?.(this.filesMap(), reason, this.deps.learnerTools());
  }
}

function entryOf(path: string, spec: ScenarioFiles[string]): ImportEntry {
  if (typeof spec === "string") return { path, kind: "file", data: utf8Encode(spec) };
  if ("dir" in spec) return { path, kind: "dir" };
  if ("symlink" in spec) return { path, kind: "symlink", target: spec.symlink };
  return { path, kind: "file", data: base64Decode(spec.base64) };
}

export function presetFiles(name: string): ScenarioFiles {
  const files = PRESETS[name];
  if (!files) {
    const known = Object.keys(PRESETS).join(", ");
    throw new SessionFault(
      { code: "unknownPreset", name, known },
      `Unknown preset: ${name}. Presets: ${known}`,
    );
  }
  return files;
}

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
