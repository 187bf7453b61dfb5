/**
 * The backends the Operations contract runs against. Each subject builds a workspace holding the files
 * given and returns the seven tools' Operations over it. A wrapper backend (one that takes a
 * ToolsOptions and gives one back) joins with one line: `wrapped("name", memfs, wrap)`.
 */
import type { Backend } from "@backends/backend";
import { withFaults } from "@backends/faulty/wrap";
import { createMemfsBackend } from "@backends/memfs/backend";
import { createMemfsWorkspace, type FilesMap, snapshotWorkspace } from "@backends/memfs/workspace";
import { createWebContainerBackend } from "@backends/webcontainer/backend";
import { boot as bootFake } from "@backends/webcontainer/fake";
import { connectRemoteWebContainer, serveWebContainer } from "@backends/webcontainer/remote";
import { createFileMutationQueue } from "@core/file-mutation-queue";
import type { ToolsOptions } from "@core/tools/index";

export const ROOT = "/workspace";

export interface ContractWorkspace {
  root: string;
  tools: ToolsOptions;
  backend: Backend;
}

export interface ContractSubject {
  name: string;
  /** whether the backend can hold symlinks (its tools then follow them) */
  symlinks: boolean;
  /** whether bash's output arrives while the command runs */
  streams: boolean;
  setup(files: FilesMap): Promise<ContractWorkspace>;
}

export const memfs: ContractSubject = {
  name: "memfs",
  symlinks: true,
  streams: false,
  async setup(files) {
    const backend = createMemfsBackend(createMemfsWorkspace(files, ROOT));
    return { root: ROOT, backend, tools: backend.toolOptions(createFileMutationQueue()) };
  },
};

/**
 * The one fake container of this run: the real client boots one instance per page (the fake refuses a
 * second), and every case starts from a clean workdir, which `createWebContainerBackend` empties first.
 */
let booted: ReturnType<typeof bootFake> | undefined;
const sharedContainer = () => {
  booted ??= bootFake();
  return booted;
};

export const fakeWebContainer: ContractSubject = {
  name: "webcontainer (fake)",
  symlinks: false,
  streams: false,
  async setup(files) {
    const snapshot = snapshotWorkspace(createMemfsWorkspace(files, ROOT));
    const backend = await createWebContainerBackend(await sharedContainer(), snapshot, "webcontainer (fake)");
    return { root: ROOT, backend, tools: backend.toolOptions(createFileMutationQueue()) };
  },
};

/** The fake served over a MessagePort, as the page serves the real container to the session worker. */
export const portedWebContainer: ContractSubject = {
  name: "webcontainer (fake, through a port)",
  symlinks: false,
  streams: false,
  async setup(files) {
    const snapshot = snapshotWorkspace(createMemfsWorkspace(files, ROOT));
    const channel = new MessageChannel();
    serveWebContainer(await sharedContainer(), channel.port1 as never);
    const container = await connectRemoteWebContainer(channel.port2 as never);
    const backend = await createWebContainerBackend(container, snapshot, "webcontainer");
    return { root: ROOT, backend, tools: backend.toolOptions(createFileMutationQueue()) };
  },
};

/** A subject whose Operations are another's, passed through `wrap` (a faulty disk with no faults, say). */
export function wrapped(
  name: string,
  inner: ContractSubject,
  wrap: (tools: ToolsOptions) => ToolsOptions,
): ContractSubject {
  return {
    ...inner,
    name,
    async setup(files) {
      const workspace = await inner.setup(files);
      return { ...workspace, tools: wrap(workspace.tools) };
    },
  };
}

/** The faulty disk with no faults: it must be invisible, every contract check passing through it. */
export const faultyNoFaults = wrapped("faulty disk (no faults)", memfs, (tools) =>
  withFaults(tools, { root: ROOT, rules: [] }),
);

export const SUBJECTS: ContractSubject[] = [memfs, fakeWebContainer, portedWebContainer, faultyNoFaults];
