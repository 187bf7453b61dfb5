/**
 * Parity cases on the WebContainer backend, over a fake booted from a module that exports `boot()`
 * (WEBCONTAINER_FAKE, default: the project's fake). Any fake written to `@webcontainer/api`'s types
 * plugs in here; the files compared afterwards are the backend's copy once it has settled.
 *
 * The real client boots one instance per page, so the run boots one container and every case reuses
 * it: `createWebContainerBackend` empties the workdir before it mounts the case's files, so each case
 * starts from a clean workspace, as a learner's second switch to WebContainer does.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createMemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { createWebContainerBackend } from "@backends/webcontainer/backend";
import type { BootWebContainer, WebContainerLike } from "@backends/webcontainer/types";
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
  let container: Promise<WebContainerLike> | undefined;
  return async (files, cwd) => {
    container ??= boot();
    const snapshot = snapshotWorkspace(createMemfsWorkspace(files, cwd));
    const backend = await createWebContainerBackend(await container, snapshot);
    return {
      options: backend.toolOptions(createFileMutationQueue()),
      after: async () => {
        await backend.settle();
        return backend.local.workspace;
      },
    };
  };
}
