/**
 * The drill in force, a feature of its own: which faulty-disk preset the session's tools are built over.
 * It owns set_drill. The session's tool table asks it to wrap the Operations each time it makes tools; a
 * new drill means new tools (calls in flight end on the ones they started with, whose closures hold the
 * old Operations).
 */
import type { SessionEventBody } from "@agent/events";
import type { ScenarioFiles } from "@agent/scenario";
import { SessionFault } from "@agent/session-fault";
import { DRILL_IDS, type DrillId, drillPlan, isDrillId } from "@backends/faulty/drills";
import { withFaults } from "@backends/faulty/wrap";
import type { ToolsOptions } from "@core/tools/index";

export interface DrillHost {
  emit(event: SessionEventBody): void;
  /** the running run's signal: a hanging file operation ends when it aborts */
  signal(): AbortSignal | undefined;
  /** new tools over the drill now in force (session-tools.ts) */
  rebuildTools(): void;
  /** the workspace's files now, and a way to put earlier ones back (session-workspace.ts) */
  files(): ScenarioFiles;
  restoreFiles(files: ScenarioFiles): void;
}

export class SessionDrill {
  id: DrillId = "off";
  /**
   * The files as they were when a drill was switched on from off: a drill's damage (a file cut in half by
   * a full disk) stays saved after it, so the learner can bring these back once the drill is off.
   */
  private before: ScenarioFiles | null = null;

  constructor(private readonly host: DrillHost) {}

  /** The faulty disk: new tools over the drill's Operations, said to the page unless `announce` is false. */
  choose(id: string, announce = true) {
    const was = this.id;
    this.set(id);
    if (was === "off" && id !== "off") this.before = this.host.files();
    this.host.rebuildTools();
    if (announce) this.announce();
  }

  private set(id: string) {
    if (!isDrillId(id)) {
      const known = DRILL_IDS.join(", ");
      throw new SessionFault({ code: "unknownDrill", id, known }, `Unknown drill: ${id}. Drills: ${known}.`);
    }
    this.id = id;
  }

  /** The Operations under the drill in force: untouched when it is off. */
  wrap(options: ToolsOptions, root: string): ToolsOptions {
    if (this.id === "off") return options;
    return withFaults(options, drillPlan(this.id, root), {
      signal: () => this.host.signal(),
      onFault: ({ tool, ...fault }) => this.host.emit({ type: "fault_injected", toolName: tool, ...fault }),
    });
  }

  /** Puts back the files from before the drill (once); the drill must be off, so nothing cuts them again. */
  undo() {
    if (this.id !== "off" || !this.before)
      throw new SessionFault(
        { code: "nothingToUndo" },
        "There are no files from before a drill to bring back: switch a drill on and off first.",
      );
    const files = this.before;
    this.before = null;
    this.host.restoreFiles(files);
    this.announce();
  }

  announce() {
    this.host.emit({
      type: "drill_changed",
      drill: this.id,
      undo: this.id === "off" && this.before !== null,
    });
  }
}
