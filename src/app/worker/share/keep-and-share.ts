/**
 * Keep and share, a feature of its own: what leaves the session (a share link, a .zip export, the saved
 * workspace) and what a share link brings in. It owns load_shared and the share_state question, and
 * tells the worker's persistence what to save.
 */
import type { SavedLearnerTools } from "@agent/persist-protocol";
import type { SharedWork } from "@agent/protocol";
import { clashIn, parseScenario } from "@agent/scenario";
import { SessionFault } from "@agent/session-fault";
import { PI_HANDLER } from "@core/tools/handlers";
import { readTravellingTools, savedLearner, travellingTools } from "../../common/learner-tools/saved";
import { pathProblem } from "../../common/share/import-rules";
import type { SessionLearnerTools } from "../learner-tools/session-learner";
import type { ScenarioPlayback } from "../scenario-playback";
import type { PlaygroundSession } from "../session";

export class KeepAndShare {
  constructor(
    private readonly session: Pick<
      PlaygroundSession,
      "startOver" | "workspace" | "tools" | "piVersion" | "setPiVersion"
    >,
    private readonly scenarios: Pick<ScenarioPlayback, "load" | "unload" | "loaded">,
    private readonly learner: Pick<SessionLearnerTools, "list">,
  ) {}

  /** A share link the learner accepted: its scenario (on the link's files) or the files alone, then tools. */
  open(shared: SharedWork) {
    // Everything is checked before anything changes: the work loads whole or not at all.
    const bad =
      Object.keys(shared.files).find((path) => pathProblem(path) !== null) ?? clashIn(shared.files)?.path;
    if (bad !== undefined)
      throw new SessionFault(
        { code: "badSharedPath", path: bad },
        `The shared workspace holds a path that is not allowed: ${bad}`,
      );
    const { tools } = this.session;
    if (shared.scenario) {
      // The scenario as its file had it is kept: a link made from here again carries only the changes.
      const filed = parseScenario(shared.scenario);
      this.scenarios.load({ ...filed, workspace: { files: shared.files } }, { filed });
    } else {
      this.scenarios.unload();
      this.session.startOver("a share link was opened", shared.files, "link");
    }
    // The link's version, whatever its scenario names: it replays as it was made. A link from before
    // there was a choice was made on 0.73.1.
    this.session.setPiVersion(shared.pi ?? "0.73.1", "shared");
    tools.applyScenarioTools(shared.tools);
    // Someone else's handler choices: pi's and mini-pi's only. A learner handler would need that
    // learner's tool, which registers only once accepted (and then takes its row by itself).
    // Every row takes the link's choice (pi's when it names none), as its tool states do.
    const travelling = readTravellingTools({ tools: [], handlers: shared.learner?.handlers ?? {} });
    const chosen = travelling.ok ? travelling.value.handlers : {};
    for (const name of tools.builtinNames())
      if (tools.handlers.row(name).handlers?.includes(chosen[name] ?? PI_HANDLER))
        tools.setToolHandler(name, chosen[name] ?? PI_HANDLER);
  }

  /** What a share link or a .zip export carries: the files, the tool states, the scenario loaded last. */
  state(): SharedWork {
    const learner = this.travellingTools();
    const { loaded } = this.scenarios;
    return {
      files: this.session.workspace.filesMap(),
      tools: this.session.tools.allTools(),
      ...(loaded ? { scenario: loaded } : {}),
      ...(learner ? { learner } : {}),
      pi: this.session.piVersion,
    };
  }

  /** What a link, a .zip or a scenario file carries of the learner's tools (none: undefined). */
  travellingTools(): SavedLearnerTools | undefined {
    return travellingTools(this.savedLearner());
  }

  /** What this browser's saved workspace keeps: the files, the tools' states, the learner's tools. */
  kept() {
    return {
      workspace: this.session.workspace.volume,
      tools: this.session.tools.toolStates(),
      learner: this.savedLearner(),
      pi: this.session.piVersion,
    };
  }

  private savedLearner() {
    return savedLearner(this.learner.list(), this.session.tools.handlers.choices());
  }
}
