/**
 * Parity cases on the WebContainer backend, over a fake booted from a module that exports `boot()`
 * (WEBCONTAINER_FAKE, default: the project's fake). Any fake written to `@webcontainer/api`'s types
 * plugs in here; the files compared afterwards are the backend's copy once it has settled.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createMemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { createWebContainerBackend } from "@backends/webcontainer/backend";
import type { BootWebContainer } from "@backends/webcontainer/types";
import { createFileMutationQueue } from "@core/file-mutation-queue";
import type { ParitySetup } from "./runner";

export async function loadFakeBoot(modulePath: string | undefined): Promise<BootWebContainer> {
  const module = modulePath
    ? await import(pathToFileURL(resolve(modulePath)).href)
    : await import("@backends/webcontainer/fake");
  if (typeof module.boot !== "function") throw new Error(`${modulePath} does not export boot()`);
  return module.boot as BootWebContainer;
}

export function webContainerParitySetup(boot: BootWebContainer): ParitySetup {
  return async (files, cwd) => {
    const snapshot = snapshotWorkspace(createMemfsWorkspace(files, cwd));
    const backend = await createWebContainerBackend(await boot(), snapshot);
    return {
      options: backend.toolOptions(createFileMutationQueue()),
      after: async () => {
        await backend.settle();
        return backend.local.workspace;
      },
    };
  };
}
