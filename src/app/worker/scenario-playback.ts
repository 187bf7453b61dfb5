/**
 * Scenario playback, a feature of its own: the scenario loaded last and its player. It owns the
 * scenario_* commands. Loading one starts the session over on the scenario's files; each user step is
 * then a run with the scripted driver, paced by the player, and a step's `abortAfterMs` times that run's
 * own work.
 */
import { createScriptedDriver } from "@agent/drivers/scripted";
import type { UserMessage } from "@agent/messages";
import { ScenarioPlayer } from "@agent/player";
import { displaySteps, parseScenario, type Scenario } from "@agent/scenario";
import { SessionFault } from "@agent/session-fault";
import { DEFAULT_TOOL_NAMES } from "@core/tools/names";
import { PRESETS } from "../common/presets/index";
import type { PlaygroundSession, SessionOptions } from "./session";

/** What playback needs from the session: its runs, its start-over and the tools a scenario names. */
export type PlayedSession = Pick<
  PlaygroundSession,
  "emit" | "running" | "run" | "abort" | "startOver" | "tools" | "setPiVersion"
>;

export class ScenarioPlayback {
  player: ScenarioPlayer | undefined;
  /** the scenario loaded last, as its file had it (a share link carries it) */
  private filed: Scenario | undefined;
  /** the player's "pause after each call", kept for the next scenario loaded */
  private pauseAfterCall = false;

  constructor(
    private readonly session: PlayedSession,
    private readonly options: Pick<SessionOptions, "sleep" | "pace">,
  ) {}

  /** the scenario loaded last, as its file had it */
  get loaded(): Scenario | undefined {
    return this.filed;
  }

  /**
   * Starts the session over on a scenario (its history kept when asked) and makes its player.
   * `filed`: the scenario as its file had it, when `value` is that file changed (a link's files on it).
   */
  load(value: unknown, options: { keepHistory?: boolean; filed?: Scenario } = {}): ScenarioPlayer {
    const scenario: Scenario = parseScenario(value);
    // The scenario before this one stops pacing, and its run (if one is on) ends: a slow-paced run
    // would otherwise go on taking its steps into the new scenario.
    const reason = options.keepHistory ? undefined : `the scenario "${scenario.title}" started`;
    const files = scenario.workspace?.files ?? PRESETS.default;
    this.session.startOver(reason, files, scenario.workspace ? "scenario" : "default");
    // A scenario that names its pi version plays on it; one that does not plays on the session's.
    if (scenario.pi) this.session.setPiVersion(scenario.pi, "scenario");
    this.filed = options.filed ?? scenario;
    this.session.tools.applyScenarioTools(scenario.tools ?? { active: [...DEFAULT_TOOL_NAMES] });
    this.player = this.playerOf(scenario);
    this.session.emit({
      type: "scenario_loaded",
      title: scenario.title,
      description: scenario.description,
      ...(scenario.translations ? { translations: scenario.translations } : {}),
      steps: displaySteps(scenario.steps),
    });
    return this.player;
  }

  /** The session is about to start over: the player stops pacing. */
  stop() {
    this.player?.stop();
  }

  /** No scenario any more (a share link's files alone were opened). */
  unload() {
    this.stop();
    this.player = undefined;
    this.filed = undefined;
  }

  requirePlayer(): ScenarioPlayer {
    if (!this.player)
      throw new SessionFault({ code: "noScenario" }, "No scenario is loaded: load one first.");
    return this.player;
  }

  setPauseAfterCall(value: boolean) {
    this.pauseAfterCall = value;
    this.player?.setPauseAfterCall(value);
  }

  private playerOf(scenario: Scenario): ScenarioPlayer {
    const { session, options } = this;
    return new ScenarioPlayer(
      scenario,
      {
        emit: session.emit,
        sleep: options.sleep,
        pace: options.pace,
        applyTools: (tools) => session.tools.applyScenarioTools(tools),
        runUser: (step) => this.runUser(step.user, step.abortAfterMs),
      },
      1,
      this.pauseAfterCall,
    );
  }

  private async runUser(text: string, abortAfterMs: number | undefined) {
    const { session } = this;
    // A run of the scenario before may still be ending (it was aborted when this one loaded).
    for (let running = session.running; running; running = session.running) await running.catch(() => {});
    const user: UserMessage = { role: "user", content: [{ type: "text", text }], timestamp: Date.now() };
    const current = this.player as ScenarioPlayer;
    const run = session.run([user], createScriptedDriver(current, session.emit), {}, current);
    if (abortAfterMs !== undefined) {
      // The run's own work is timed, not the player's pauses; a timer of a run that ended stops.
      const ended = new AbortController();
      const stop = () => ended.abort();
      run.then(stop, stop);
      void current.workFor(abortAfterMs, ended.signal).then(() => {
        if (!ended.signal.aborted) session.abort("scenario");
      });
    }
    return run;
  }
}
