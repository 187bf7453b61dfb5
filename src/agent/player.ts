/**
 * Plays a scenario: top-level steps (`user` starts a run, `tools` changes the tool set) and, inside a
 * run, the `assistant` steps the scripted driver takes and the call results the loop sends back. Each of
 * these is one shown step (scenario.ts displaySteps), and the counter moves by one with each.
 *
 * Playing waits, before each step, the pause after what was shown last (pace.ts), divided by the speed.
 * Pause holds before the next step; Step shows exactly one more, at once. Where the run waits is the
 * loop's own: the driver asking for the next reply, and the loop's listener (awaited, as pi awaits its
 * listeners) before a call result goes out and after a reply that asks for calls, so the calls run and
 * their results show on the press that shows the first result.
 */
import type { Emit, ScenarioStatus, SessionEventBody } from "./events";
import { type Beat, sleep as defaultSleep, PACE_SLICE_MS, pauseMs } from "./pace";
import type { AssistantStep, DisplayStep, Scenario, ScenarioTools, UserStep } from "./scenario";
import { displaySteps, stepKind } from "./scenario";

export interface PlayerHost {
  /** runs one agent run for the prompt (the scripted driver takes its replies from this player) */
  runUser(step: UserStep, index: number): Promise<void>;
  applyTools(tools: ScenarioTools, index: number): void;
  emit: Emit;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** a monotonic clock in ms (for `workFor`); performance.now by default */
  now?: () => number;
  /** Waits, before each step, until whoever watches the events has caught up (see src/app/worker/pacer.ts). */
  pace?: (signal?: AbortSignal) => Promise<void>;
}

export class ScenarioPlayer {
  status: ScenarioStatus = "ready";
  /** the file's step to take next */
  next = 0;
  /** the shown step the player is on (an index into `steps`), -1 before the first */
  current = -1;
  readonly steps: DisplayStep[];
  private readonly firstShown: number[] = [];
  /** where each call result is shown: `${file step} ${toolCallId}` → index into `steps` */
  private readonly resultShown = new Map<string, number>();
  /** when the page last caught up (the clock of `now`) */
  private caughtUpAt = Number.NEGATIVE_INFINITY;
  private busy = false;
  /** a Step press not yet used up by a step shown */
  private credit = false;
  private gate: (() => void) | null = null;
  /** what was shown last: sets the pause before the next step */
  private last: Beat | null = null;
  private holds = 0;
  /** told when a hold starts or the last one ends (`workFor` stops and starts its clock) */
  private readonly holdChanged = new Set<() => void>();
  private idle: Promise<void> = Promise.resolve();
  /** fires on `stop`: every pause and wait of this player ends, and it takes and says nothing more */
  private readonly stopping = new AbortController();
  private readonly sleep: NonNullable<PlayerHost["sleep"]>;
  private readonly now: () => number;

  constructor(
    readonly scenario: Scenario,
    private readonly host: PlayerHost,
    public speed = 1,
    public pauseAfterCall = false,
  ) {
    this.sleep = host.sleep ?? defaultSleep;
    this.now = host.now ?? (() => performance.now());
    this.steps = displaySteps(scenario.steps);
    this.steps.forEach((s, i) => {
      if (this.firstShown[s.file] === undefined) this.firstShown[s.file] = i;
      if (s.toolCallId !== undefined) this.resultShown.set(`${s.file} ${s.toolCallId}`, i);
    });
  }

  get total() {
    return this.scenario.steps.length;
  }

  private emitState() {
    if (this.stopping.signal.aborted) return;
    this.host.emit({
      type: "scenario_state",
      status: this.status,
      next: this.next,
      total: this.total,
      current: this.current,
      speed: this.speed,
      pauseAfterCall: this.pauseAfterCall,
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

  setPauseAfterCall(value: boolean) {
    this.pauseAfterCall = value;
    this.emitState();
  }

  /** Shows one more step. While playing it pauses instead (the step under way is the last one shown). */
  step() {
    if (this.status === "playing") return this.pause();
    if (this.gate) {
      this.credit = true;
      return this.release();
    }
    // Busy and not waiting: the step pressed for is still on its way (a call running); one press, one step.
    if (this.busy || this.next >= this.total) return;
    this.status = "paused";
    this.credit = true;
    this.pump();
  }

  /**
   * Ends this player for good (another scenario is loaded): its pauses and waits end at once, it takes
   * no more steps and emits nothing more, so a run it was pacing can end and cannot mix with the next.
   */
  stop() {
    this.status = "paused";
    this.credit = false;
    this.stopping.abort();
    this.release();
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
        while (
          this.next < this.total &&
          !this.stopping.signal.aborted &&
          (this.status === "playing" || this.credit)
        )
          await this.takeTopLevel();
      } finally {
        this.busy = false;
      }
      if (this.next >= this.total) this.status = "done";
      this.emitState();
    })();
  }

  /** Counts `work` as the player holding (a pause or a wait for Step), which `workFor` does not count. */
  private async held(work: Promise<void>) {
    this.holds++;
    for (const tell of [...this.holdChanged]) tell();
    try {
      await work;
    } finally {
      this.holds--;
      if (this.holds === 0) for (const tell of [...this.holdChanged]) tell();
    }
  }

  private waitForPress(signal?: AbortSignal) {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const open = () => {
        if (this.gate === open) this.gate = null;
        resolve();
      };
      this.gate = open;
      signal?.addEventListener("abort", open, { once: true });
    });
  }

  /** Before each shown step: a press to wait for (stepping), the page to catch up, then the pause. */
  private before(delayMs: number | undefined, runSignal?: AbortSignal) {
    return this.either(runSignal, (signal) => this.beforeStep(delayMs, signal));
  }

  private async beforeStep(delayMs: number | undefined, signal: AbortSignal) {
    if (signal.aborted) return;
    if (this.status === "playing" && this.pauseAfterCall && this.last === "result") {
      this.status = "paused";
      this.emitState();
    }
    const pressed = this.status !== "playing";
    if (pressed && !this.credit) await this.held(this.waitForPress(signal));
    // With no pauses the page is waited for once per slice of work; otherwise before every step (a
    // pause or a press follows, so the wait costs nothing).
    if (pressed || this.speed > 0 || this.now() - this.caughtUpAt >= PACE_SLICE_MS) {
      await this.host.pace?.(signal);
      this.caughtUpAt = this.now();
    }
    // A step pressed for (or played on from a wait for a press) comes at once; playing on waits its pause.
    if (!pressed && this.status === "playing") {
      const ms = pauseMs(this.last, this.speed, delayMs);
      if (ms > 0) await this.held(this.sleep(ms, signal));
    }
  }

  /** Runs `work` with a signal that fires on the run's signal or this player's stop, whichever is first. */
  private async either(signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<void>) {
    if (!signal) return work(this.stopping.signal);
    const both = new AbortController();
    const fire = () => both.abort();
    if (signal.aborted || this.stopping.signal.aborted) both.abort();
    signal.addEventListener("abort", fire);
    this.stopping.signal.addEventListener("abort", fire);
    try {
      await work(both.signal);
    } finally {
      signal.removeEventListener("abort", fire);
      this.stopping.signal.removeEventListener("abort", fire);
    }
  }

  private show(display: number, beat: Beat, toolCallId?: string) {
    if (this.stopping.signal.aborted) return;
    const shown = this.steps[display];
    this.credit = false;
    this.current = display;
    this.last = beat;
    this.host.emit({
      type: "scenario_step",
      index: shown.file,
      display,
      kind: shown.kind,
      ...(toolCallId ? { toolCallId } : {}),
    });
    this.emitState();
  }

  private async takeTopLevel() {
    const index = this.next;
    const step = this.scenario.steps[index];
    const kind = stepKind(step);
    await this.before(step.delayMs);
    if (this.stopping.signal.aborted) return;
    this.next++;
    this.show(this.firstShown[index], "message");
    if (kind === "user") await this.host.runUser(step as UserStep, index);
    else if (kind === "tools") this.host.applyTools((step as { tools: ScenarioTools }).tools, index);
    // An assistant step outside a run has nobody to answer; it is skipped (and shown as taken).
    this.emitState();
  }

  /** The scripted driver's source: waits its turn, then takes the next step if it is an assistant. */
  async takeAssistant(
    signal: AbortSignal | undefined,
  ): Promise<{ index: number; step: AssistantStep } | undefined> {
    const index = this.next;
    const step = this.scenario.steps[index];
    if (!step || stepKind(step) !== "assistant") return undefined;
    await this.before(step.delayMs, signal);
    if (signal?.aborted || this.stopping.signal.aborted) return undefined;
    this.next++;
    this.show(this.firstShown[index], "message");
    return { index, step: step as AssistantStep };
  }

  /** The run's listener, before an event goes out: a call result is a step of its own. */
  async beforeLoopEvent(event: SessionEventBody, signal?: AbortSignal): Promise<void> {
    if (event.type !== "message_start" || event.message.role !== "toolResult") return;
    const { toolCallId } = event.message;
    const file = this.next - 1;
    const display = this.resultShown.get(`${file} ${toolCallId}`);
    if (display === undefined) return;
    await this.before(undefined, signal);
    this.show(display, "result", toolCallId);
  }

  /** The run's listener, after an event went out: a reply asking for calls waits before they run. */
  async afterLoopEvent(event: SessionEventBody, signal?: AbortSignal): Promise<void> {
    if (event.type !== "message_end" || event.message.role !== "assistant") return;
    const { content, stopReason } = event.message;
    if (stopReason === "error" || stopReason === "aborted" || !content.some((c) => c.type === "toolCall"))
      return;
    await this.either(signal, async (either) => {
      if (either.aborted) return;
      if (this.status === "playing") {
        const ms = pauseMs("call", this.speed);
        if (ms > 0) await this.held(this.sleep(ms, either));
      }
      // Paused (or paused meanwhile): the calls run, and their first result shows, on the next press.
      if (this.status !== "playing" && !this.credit) await this.held(this.waitForPress(either));
    });
    // The pause before the calls was the first result's.
    this.last = null;
  }

  /**
   * Resolves once `ms` have passed outside the player's own pauses and waits for a press: a scenario's
   * abortAfterMs counts the run's work, so a slower pace or a stepped run still aborts the same call.
   */
  async workFor(ms: number, signal?: AbortSignal): Promise<void> {
    let left = ms;
    while (left > 0 && !signal?.aborted) {
      const holding = this.holds > 0;
      const changed = new AbortController();
      const tell = () => changed.abort();
      this.holdChanged.add(tell);
      signal?.addEventListener("abort", tell, { once: true });
      const started = this.now();
      // While held, wait for the hold to end; else count down until done or a hold starts.
      if (holding)
        await new Promise<void>((resolve) => changed.signal.addEventListener("abort", () => resolve()));
      else await this.sleep(left, changed.signal);
      this.holdChanged.delete(tell);
      signal?.removeEventListener("abort", tell);
      if (!holding) left = changed.signal.aborted ? left - (this.now() - started) : 0;
    }
  }
}
