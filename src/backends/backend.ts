/**
 * A backend is where the tools' Operations run: memfs in the worker, a WebContainer, or a wrapper over
 * either (a faulty disk for drills). The session knows only this interface: it asks a backend for the
 * seven tools' Operations (which each tool then fixes in its closure), for the workspace's files (the
 * tree, the prompt's context files and skills, snapshots) and for a feed of file changes.
 *
 * The workspace view is synchronous on purpose: the session answers the page's tree and snapshot
 * requests at once, and rebuilds the system prompt between calls without awaiting. A backend whose
 * files live elsewhere (WebContainer) keeps a local copy that `settle()` brings up to date.
 */
import type { BackendKind } from "@core/backend-kinds";
import type { FileMutationQueue } from "@core/file-mutation-queue";
import type { ToolsOptions } from "@core/tools/index";

export type SnapshotEntry =
  | { path: string; kind: "file"; data: Uint8Array }
  | { path: string; kind: "dir" }
  | { path: string; kind: "symlink"; target: string };

/** Absolute paths, parents before children; enough to rebuild the workspace exactly. */
export interface WorkspaceSnapshot {
  root: string;
  entries: SnapshotEntry[];
}

export type FsChangeType = "create" | "delete" | "modify" | "move";

/** One change, with absolute paths; `oldPath` for a move. */
export type FsChange = { type: FsChangeType; path: string; oldPath?: string };

/**
 * A limit the page states beside the backend's name: a code the page words in the learner's language,
 * with the number or name it needs. Codes, not sentences, so this layer stays free of wording.
 */
export interface BackendLimit {
  code: string;
  value?: number | string;
}

/** What the page shows about a backend: its name in the dispatch table, what it is, its limits. */
export interface BackendDescription {
  /** The name the dispatch table shows for a tool's closure (`memfs`, `webcontainer`, `webcontainer (fake)`). */
  id: string;
  /** Which family it is; what a kind can do is in one table (`core/backend-kinds.ts`), never read off the id. */
  kind: BackendKind;
  limits: BackendLimit[];
}

export interface Backend {
  readonly description: BackendDescription;
  /** The workspace's absolute root, the tools' cwd. */
  readonly root: string;
  /** The seven tools' Operations over this backend; edit and write share `queue`. */
  toolOptions(queue: FileMutationQueue): ToolsOptions;
  /** The workspace as it is now, lossless (bytes, symlinks, empty folders), sorted by path. */
  snapshot(): WorkspaceSnapshot;
  /** A file's bytes (following symlinks), or undefined when it cannot be read. */
  readFile(absolutePath: string): Uint8Array | undefined;
  /** Whether the path is a directory (following symlinks); false when missing. */
  isDirectory(absolutePath: string): boolean;
  /** The names in a folder, or an empty list when it cannot be listed. */
  list(absolutePath: string): string[];
  /** Writes a file outside any tool call (the page's editor), creating its parents. */
  writeFile(absolutePath: string, content: string | Uint8Array): void;
  /** Tells the listener of every change to the workspace; returns the unsubscribe. */
  onChange(listener: (change: FsChange) => void): () => void;
  /**
   * Resolves once the workspace view has caught up with changes made where the files really live (a
   * remote backend's copy after a call). memfs is always caught up.
   */
  settle(): Promise<void>;
  /** Stops the change feed and anything else the backend holds. */
  dispose(): void;
}
