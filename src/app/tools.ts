/**
 * The session's tools: all seven of pi's, over one memfs workspace, with edit and write sharing the
 * session's mutation queue (so its wait/acquire/release reach the event stream).
 */
import { createMemfsToolOptions, type MemfsToolExtras } from "@backends/memfs/index";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import type { FileMutationQueue } from "@core/file-mutation-queue";
import { createAllToolDefinitions, type ToolsOptions } from "@core/tools/index";
import type { AnyToolDefinition } from "@core/tools/types";

export function createPlaygroundTools(
  workspace: MemfsWorkspace,
  queue: FileMutationQueue,
  extras: Omit<MemfsToolExtras, "mutationQueue"> = {},
  /** wraps the Operations before the tools close over them (the compromise demos record calls so) */
  decorate: (options: ToolsOptions) => ToolsOptions = (o) => o,
): AnyToolDefinition[] {
  const options = decorate(createMemfsToolOptions(workspace, { ...extras, mutationQueue: queue }));
  return Object.values(createAllToolDefinitions(workspace.root, options));
}
