/**
 * Plays a scenario: top-level steps (`user` starts a run, `tools` changes the tool set) and, inside a
 * run, the `assistant` steps the scripted driver takes. Play runs on; pause holds at the next step
 * boundary; step takes exactly one (a user step runs until its first model request, which then waits).
 * Delays (`delayMs`) are divided by the speed; speed 0 plays with no delays.
 */
import type { Emit, ScenarioStatus } from "./events";
import type { AssistantStep, Scenario, ScenarioTools, UserStep } from "./scenario";
import { stepKind } from "./scenario";

export interface PlayerHost {
  /** runs one agent run for the prompt (the scripted driver takes its replies from this player) */
  runUser(step: UserStep, index: number): Promise<void>;
  applyTools(tools: ScenarioTools, index: number): void;
  emit: Emit;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Waits, before each step, until whoever watches the events has caught up (see src/app/pacer.ts). */
  pace?: (signal?: AbortSignal) => Promise<void>;
}

const defaultSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve();
    });
  });

export class ScenarioPlayer {
  status: ScenarioStatus = "ready";
  next = 0;
  private busy = false;
  private gate: (() => void) | null = null;
  private idle: Promise<void> = Promise.resolve();
  private readonly sleep: NonNullable<PlayerHost["sleep"]>;

  constructor(
    readonly scenario: Scenario,
    private readonly host: PlayerHost,
    public speed = 1,
  ) {
    this.sleep = host.sleep ?? defaultSleep;
  }

  get total() {
    return this.scenario.steps.length;
  }

  private emitState() {
    this.host.emit({
      type: "scenario_state",
      status: this.status,
      next: this.next,
      total: this.total,
      speed: this.speed,
    });
  }

  play(speed?: number) {
    if (speed !== undefined) this.speed = speed;
    if (this.next >= this.total && !this.busy) return;
    this.status = "playing";
    this.emitState();
    this.release();
    this.pump();
  }

  pause() {
    if (this.status !== "playing") return;
    this.status = "paused";
    this.emitState();
  }

  setSpeed(speed: number) {
    this.speed = speed;
    this.emitState();
  }

  step() {
    if (this.status === "playing") this.status = "paused";
    if (this.gate) return this.release();
    if (this.busy || this.next >= this.total) return;
    this.status = "paused";
    this.pump();
  }

  /** Resolves when the player has nothing running (after `play`, when the scenario is done). */
  whenIdle(): Promise<void> {
    return this.idle;
  }

  private release() {
    const open = this.gate;
    this.gate = null;
    open?.();
  }

  private pump() {
    if (this.busy) return;
    this.busy = true;
    this.idle = (async () => {
      try {
        do {
          if (this.next >= this.total) break;
          await this.takeTopLevel();
        } while (this.status === "playing");
      } finally {
        this.busy = false;
      }
      if (this.next >= this.total) this.status = "done";
      this.emitState();
    })();
  }

  private async delay(ms: number | undefined, signal?: AbortSignal) {
    if (ms && this.speed > 0) await this.sleep(ms / this.speed, signal);
  }

  private async takeTopLevel() {
    const index = this.next;
    const step = this.scenario.steps[index];
    const kind = stepKind(step);
    await this.host.pace?.();
    await this.delay(step.delayMs);
    this.next++;
    this.host.emit({ type: "scenario_step", index, kind });
    if (kind === "user") await this.host.runUser(step as UserStep, index);
    else if (kind === "tools") this.host.applyTools((step as { tools: ScenarioTools }).tools, index);
    // An assistant step outside a run has nobody to answer; it is skipped (and shown as taken).
    this.emitState();
  }

  /** The scripted driver's source: waits while paused, then takes the next step if it is an assistant. */
  async takeAssistant(
    signal: AbortSignal | undefined,
  ): Promise<{ index: number; step: AssistantStep } | undefined> {
    const index = this.next;
    const step = this.scenario.steps[index];
    if (!step || stepKind(step) !== "assistant") return undefined;
    if (this.status !== "playing") {
      await new Promise<void>((resolve) => {
        this.gate = resolve;
        signal?.addEventListener("abort", () => resolve());
      });
      if (signal?.aborted) return undefined;
    }
    await this.host.pace?.(signal);
    await this.delay(step.delayMs, signal);
    if (signal?.aborted) return undefined;
    this.next++;
    this.host.emit({ type: "scenario_step", index, kind: "assistant" });
    return { index, step: step as AssistantStep };
  }
}
