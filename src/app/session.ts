/**
 * The session: a backend's workspace, the tools over it and (with the agent issue) the loop that drives
 * them. It runs in the session worker; Node tests construct it directly.
 */
import { createEventEmitter, type EventSink } from "@agent/events";
import type { SessionCommand } from "@agent/protocol";
import { createMemfsWorkspace, type MemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { DEFAULT_WORKSPACE } from "./presets/default-workspace";

export class PlaygroundSession {
  private readonly emit: ReturnType<typeof createEventEmitter>;
  private workspace: MemfsWorkspace;

  constructor(sink: EventSink) {
    this.emit = createEventEmitter(sink);
    this.workspace = createMemfsWorkspace(DEFAULT_WORKSPACE);
  }

  handle(command: SessionCommand): void {
    switch (command.type) {
      case "init":
        this.emit({
          type: "session_ready",
          backend: "memfs",
          cwd: this.workspace.root,
          files: this.listFiles(),
        });
        return;
      case "ping":
        return;
    }
  }

  /** Workspace-relative paths of every entry, in byte order; folders end with "/". */
  listFiles(): string[] {
    const prefix = `${this.workspace.root}/`;
    return snapshotWorkspace(this.workspace)
      .entries.map((e) => e.path.slice(prefix.length) + (e.kind === "dir" ? "/" : ""))
      .sort();
  }
}
