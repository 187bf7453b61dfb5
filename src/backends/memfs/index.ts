/**
 * Everything the seven tools need to run on one memfs workspace: one volume serves every tool's
 * Operations, so a file written by one tool is what the next one reads.
 */
import type { FileMutationQueue } from "@core/file-mutation-queue";
import { createFileMutationQueue } from "@core/file-mutation-queue";
import type { ImageResizer } from "@core/image/resize";
import type { ToolsOptions } from "@core/tools/index";
import { type BashEngineOptions, createMemfsBashOperations } from "./bash/index";
import {
  createMemfsEditOperations,
  createMemfsLsOperations,
  createMemfsReadOperations,
  createMemfsWriteOperations,
} from "./operations";
import { createMemfsFindOperations, createMemfsGrepOperations } from "./search-operations";
import type { MemfsWorkspace } from "./workspace";

export interface MemfsToolExtras {
  /** Shared by edit and write; a new one per call of createMemfsToolOptions when absent. */
  mutationQueue?: FileMutationQueue;
  /** read's image fitting (the browser's canvas resizer in the app). */
  imageResizer?: ImageResizer;
  autoResizeImages?: boolean;
  /** What `~` expands to in tool paths. */
  homeDir?: string;
  bash?: Omit<Partial<ToolsOptions["bash"]>, "operations" | "logOperations"> & { engine?: BashEngineOptions };
}

export function createMemfsToolOptions(
  workspace: MemfsWorkspace,
  extras: MemfsToolExtras = {},
): ToolsOptions {
  const mutationQueue = extras.mutationQueue ?? createFileMutationQueue();
  const { homeDir } = extras;
  const { engine, ...bashRest } = extras.bash ?? {};
  const bashOperations = createMemfsBashOperations(workspace, engine);
  return {
    read: {
      operations: createMemfsReadOperations(workspace),
      imageResizer: extras.imageResizer,
      autoResizeImages: extras.autoResizeImages,
      homeDir,
    },
    bash: { ...bashRest, operations: bashOperations, logOperations: bashOperations },
    edit: { operations: createMemfsEditOperations(workspace), mutationQueue, homeDir },
    write: { operations: createMemfsWriteOperations(workspace), mutationQueue, homeDir },
    grep: { operations: createMemfsGrepOperations(workspace) },
    find: { operations: createMemfsFindOperations(workspace) },
    ls: { operations: createMemfsLsOperations(workspace), homeDir },
  };
}
