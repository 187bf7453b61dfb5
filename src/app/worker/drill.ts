/**
 * The drill in force, a feature of its own: which faulty-disk preset the session's tools are built over.
 * It owns set_drill. The session's tool table asks it to wrap the Operations each time it makes tools; a
 * new drill means new tools (calls in flight end on the ones they started with, whose closures hold the
 * old Operations).
 */
import type { SessionEventBody } from "@agent/events";
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
}

export class SessionDrill {
  id: DrillId = "off";

  constructor(private readonly host: DrillHost) {}

  /** The faulty disk: new tools over the drill's Operations, said to the page unless `announce` is false. */
  choose(id: string, announce = true) {
    this.set(id);
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

  announce() {
    this.host.emit({ type: "drill_changed", drill: this.id });
  }
}
