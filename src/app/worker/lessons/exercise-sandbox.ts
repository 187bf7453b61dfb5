/**
 * An exercise's sandbox: the learner's code runs there (sandbox/link.ts), and reaches the files of the
 * run it belongs to: each run brings a workspace of its own with known files, and the sandbox's calls
 * for files are answered from it. One sandbox serves the runs one after another.
 */
import { createMemfsToolOptions } from "@backends/memfs/index";
import { createMemfsWorkspace, type MemfsWorkspace } from "@backends/memfs/workspace";
import { createFileMutationQueue } from "@core/file-mutation-queue";
import { type SandboxConnector, SandboxLink } from "../sandbox/link";

export class ExerciseSandbox {
  private workspace: MemfsWorkspace = createMemfsWorkspace({});
  private queue = createFileMutationQueue();
  private readonly link: SandboxLink;

  constructor(connect: SandboxConnector) {
    this.link = new SandboxLink(connect, {
      workspace: () => this.workspace,
      queue: () => this.queue,
      toolOptions: () => createMemfsToolOptions(this.workspace, { mutationQueue: this.queue }),
    });
  }

  /** The sandbox, its calls for files answered from `workspace` from now on. */
  over(workspace: MemfsWorkspace): SandboxLink {
    this.workspace = workspace;
    this.queue = createFileMutationQueue();
    return this.link;
  }
}
