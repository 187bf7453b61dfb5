/**
 * A loaded scenario's player wired to the session, apart from the session file: each user step is a run
 * with the scripted driver, paced by the player, and a step's `abortAfterMs` times that run's own work.
 */
import { createScriptedDriver } from "@agent/drivers/scripted";
import type { Emit } from "@agent/events";
import type { AgentMessage, UserMessage } from "@agent/messages";
import { ScenarioPlayer } from "@agent/player";
import type { Scenario, ScenarioTools } from "@agent/scenario";
import type { Driver, LoopConfig } from "@agent/types";
import type { SessionOptions } from "./session";

/** What a scenario's player needs from the session. */
export interface ScenarioHost {
  emit: Emit;
  applyTools(tools: ScenarioTools): void;
  /** the run in progress, if any */
  running(): Promise<void> | undefined;
  run(
    prompts: AgentMessage[],
    driver: Driver,
    extra: Partial<LoopConfig>,
    listener?: Pick<ScenarioPlayer, "beforeLoopEvent" | "afterLoopEvent">,
  ): Promise<void>;
  abort(source: "scenario"): void;
  /** the session's player now (the one whose script a step's run follows) */
  player(): ScenarioPlayer | undefined;
}

export function createScenarioPlayer(
  scenario: Scenario,
  host: ScenarioHost,
  options: Pick<SessionOptions, "sleep" | "pace">,
  pauseAfterCall: boolean,
): ScenarioPlayer {
  return new ScenarioPlayer(
    scenario,
    {
      emit: host.emit,
      sleep: options.sleep,
      pace: options.pace,
      applyTools: (tools) => host.applyTools(tools),
      runUser: async (step) => {
        // A run of the scenario before may still be ending (it was aborted when this one loaded).
        for (let running = host.running(); running; running = host.running()) await running.catch(() => {});
        const user: UserMessage = {
          role: "user",
          content: [{ type: "text", text: step.user }],
          timestamp: Date.now(),
        };
        const current = host.player() as ScenarioPlayer;
        const run = host.run([user], createScriptedDriver(current, host.emit), {}, current);
        if (step.abortAfterMs !== undefined) {
          // The run's own work is timed, not the player's pauses; a timer of a run that ended stops.
          const ended = new AbortController();
          const stop = () => ended.abort();
          run.then(stop, stop);
          void current.workFor(step.abortAfterMs, ended.signal).then(() => {
            if (!ended.signal.aborted) host.abort("scenario");
          });
        }
        return run;
      },
    },
    1,
    pauseAfterCall,
  );
}
