/**
 * memfs as a Backend: the workspace's one volume serves every tool's Operations and the session's view
 * of the files alike, so a change is seen by the next call and the tree at once (memfs reports it before
 * the fs call returns).
 */
import type { Backend, BackendDescription, WorkspaceSnapshot } from "@backends/backend";
import type { FileMutationQueue } from "@core/file-mutation-queue";
import type { BashEngineOptions } from "./bash/index";
import { createMemfsToolOptions } from "./index";
import { createMemfsWorkspace, type FilesMap, type MemfsWorkspace, snapshotWorkspace } from "./workspace";

export interface MemfsBackendOptions {
  /** The bash interpreter's options (its limits), for tests that need a small one. */
  bash?: BashEngineOptions;
}

export const MEMFS_DESCRIPTION: BackendDescription = {
  id: "memfs",
  kind: "memfs",
  limits: [{ code: "inMemory" }, { code: "noProcesses" }],
};

export interface MemfsBackend extends Backend {
  readonly workspace: MemfsWorkspace;
}

export function createMemfsBackend(
  workspace: MemfsWorkspace,
  options: MemfsBackendOptions = {},
): MemfsBackend {
  const { fs, root } = workspace;
  const listeners = new Set<() => void>();
  return {
    description: MEMFS_DESCRIPTION,
    root,
    workspace,
    toolOptions: (queue: FileMutationQueue) =>
      createMemfsToolOptions(workspace, { mutationQueue: queue, bash: { engine: options.bash } }),
    snapshot: (): WorkspaceSnapshot => snapshotWorkspace(workspace),
    readFile(absolutePath) {
      try {
        return new Uint8Array(fs.readFileSync(absolutePath) as Uint8Array);
      } catch {
        return undefined;
      }
    },
    isDirectory(absolutePath) {
      try {
        return fs.statSync(absolutePath).isDirectory();
      } catch {
        return false;
      }
    },
    list(absolutePath) {
      try {
        return (fs.readdirSync(absolutePath) as string[]).map(String);
      } catch {
        return [];
      }
    },
    writeFile(absolutePath, content) {
      fs.mkdirSync(absolutePath.replace(/\/[^/]*$/, "") || "/", { recursive: true });
      fs.writeFileSync(absolutePath, content);
    },
    onChange(listener) {
      const off = workspace.onChange(listener);
      const entry = () => off();
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
        off();
      };
    },
    settle: () => Promise.resolve(),
    dispose() {
      for (const off of listeners) off();
      listeners.clear();
    },
  };
}

/** A memfs backend holding the files map given (the scenario format). */
export function memfsBackendFromFiles(files: FilesMap, options: MemfsBackendOptions = {}): MemfsBackend {
  return createMemfsBackend(createMemfsWorkspace(files), options);
}
