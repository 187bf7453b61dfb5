/**
 * Which backend holds the workspace and which backend each tool's closure holds. A switch moves the
 * files (the current snapshot mounted into the container, or the container's files copied back into a
 * fresh memfs volume) and makes new tools; a call already running keeps the tool it started with, and
 * so finishes on the old backend. With a WebContainer holding the files, tools left out of the switch
 * run on memfs over the container backend's local copy: the same files, two kinds of closure.
 */
import type { Backend } from "@backends/backend";
import { createMemfsBackend, type MemfsBackend } from "@backends/memfs/backend";
import { type MemfsWorkspace, restoreWorkspace } from "@backends/memfs/workspace";
import { createWebContainerBackend, type WebContainerBackend } from "@backends/webcontainer/backend";
import type { WebContainerLike } from "@backends/webcontainer/types";
import { allToolNames } from "@core/tools/names";

export interface BackendChoice {
  /** where the files live (and the tools not listed in `onContainer` run, when it is a container) */
  home: Backend;
  /** which backend each tool runs on */
  of(tool: string): Backend;
}

/** Every tool on one backend. */
export const single = (backend: Backend): BackendChoice => ({ home: backend, of: () => backend });

/** The workspace moved into `container`; the tools named run there, the others on memfs over the same files. */
export async function toWebContainer(
  from: Backend,
  container: WebContainerLike,
  id: string,
  tools: readonly string[] = [...allToolNames],
): Promise<BackendChoice> {
  await from.settle();
  const home: WebContainerBackend = await createWebContainerBackend(container, from.snapshot(), id);
  const onContainer = new Set(tools);
  return { home, of: (tool) => (onContainer.has(tool) ? home : home.local) };
}

/** The workspace copied back into a fresh memfs volume, every tool on it. */
export async function toMemfs(from: Backend): Promise<BackendChoice> {
  await from.settle();
  return single(createMemfsBackend(restoreWorkspace(from.snapshot())));
}

/** tool name → backend id, for the tools whose backend is not the home one (empty when all agree). */
export function toolBackendIds(choice: BackendChoice): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of allToolNames) {
    const id = choice.of(name).description.id;
    if (id !== choice.home.description.id) out[name] = id;
  }
  return out;
}

/** The container a set_backend command names: the fake, booted here, or the page's, through its port. */
export async function containerFor(command: {
  source?: "fake" | "port";
  port?: MessagePort;
}): Promise<{ container: WebContainerLike; id: string }> {
  if (command.source === "port") {
    if (!command.port)
      throw new Error("set_backend: source 'port' needs the port to the page's WebContainer.");
    const { connectRemoteWebContainer } = await import("@backends/webcontainer/remote");
    return { container: await connectRemoteWebContainer(command.port), id: "webcontainer" };
  }
  // One instance at a time, as the real client allows: the fake booted for the last switch is torn
  // down before the next boot (the backend it served is gone by then).
  const { boot } = await import("@backends/webcontainer/fake");
  fakeContainer?.teardown();
  fakeContainer = await boot();
  return { container: fakeContainer, id: "webcontainer (fake)" };
}

let fakeContainer: (WebContainerLike & { teardown(): void }) | undefined;

/**
 * The memfs volume holding a backend's files: memfs's own, or a container's local copy; none for a backend
 * that keeps no copy. What a saved workspace stores, an import writes into and the system files go in.
 */
export function memfsVolumeOf(backend: Backend): MemfsWorkspace | undefined {
  if ("workspace" in backend) return (backend as MemfsBackend).workspace;
  if ("local" in backend) return (backend as WebContainerBackend).local.workspace;
  return undefined;
}
