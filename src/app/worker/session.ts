/**
 * The session: a workspace (session-workspace.ts), the tools over it (session-tools.ts) and the run, the
 * one place the agent loop starts and the one stream its events go out on. It answers no command: each
 * feature (model mode, hand calls, scenarios, the learner's tools, drills, keep and share, the
 * recording) owns its own, and playground.ts wires them to the session. It runs in the session worker;
 * Node tests, `npm run scenario` and the side-by-side runs build it through the same playground.ts.
 */

import type { CompletionFunction } from "@agent/drivers/model";
import { createEventEmitter, type EventSink, type SessionEventBody } from "@agent/events";
import { runAgentLoop } from "@agent/loop";
import type { AgentMessage } from "@agent/messages";
import type { ScenarioPlayer } from "@agent/player";
import type { ScenarioFiles } from "@agent/scenario";
import { SessionFault } from "@agent/session-fault";
import type { AgentContext, Driver, LoopConfig } from "@agent/types";
import type { ToolsOptions } from "@core/tools/index";
import { wrapToolDefinitions } from "@core/tools/tool-definition-wrapper";
import { type PiVersionId, piVersionProfile } from "@core/versions/index";
import { PRESETS } from "../common/presets/index";
import { createBreather, withBreath } from "./breather";
import type { LearnerToolSource } from "./learner-tools/types";
import { type ToolFactory, ToolTable, type ToolTableDeps } from "./session-tools";
import { type BackendFactory, SessionWorkspace } from "./session-workspace";
import { asDeltas, createUpdateCoalescer } from "./update-coalescer";

export type { ToolFactory } from "./session-tools";
export type { BackendFactory } from "./session-workspace";

export interface SessionOptions {
  createTools?: ToolFactory;
  createBackend?: BackendFactory;
  /**
   * the workspace after each completed call, reset or editor write (the host keeps the latest), with the
   * learner's tool files: what a saved workspace or a restarted worker needs to come back as it was
   */
  onSnapshot?: (files: ScenarioFiles, reason: string, learnerTools: LearnerToolSource[]) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** the page catching up (src/app/worker/pacer.ts): a scenario step waits for it, a streaming update is held until it */
  pace?: (signal?: AbortSignal) => Promise<void>;
  config?: Pick<LoopConfig, "beforeToolCall" | "afterToolCall" | "toolExecution">;
  /**
   * model mode's completions (pi-ai's streamSimple shape). The worker passes one that asks the page's
   * provider context, which holds the key; without it model_prompt says model mode is unavailable.
   */
  complete?: CompletionFunction;
  /** wraps the tools' Operations (pi's and mini-pi's alike) before they are closed over */
  decorateToolOptions?: (options: ToolsOptions) => ToolsOptions;
}

/** What the features plug into the session (playground.ts wires them). */
export interface SessionParts {
  /** the learner's tools: merged into the table; their files ride along with each snapshot */
  learner: ToolTableDeps["learner"] & { list(): LearnerToolSource[] };
  /** the drill in force over the tools' Operations */
  wrap: ToolTableDeps["wrap"];
  /** a run starts (Save as scenario notes each run's tool set) */
  runStarting(): void;
  /** the session starts over: a scenario's player stops, messages queued for a model are dropped */
  startingOver(): void;
  /** the pipeline debugger's hooks and pause points for the next run (none while no breakpoint is set) */
  hooks(): Pick<LoopConfig, "beforeToolCall" | "afterToolCall" | "stops">;
}

export class PlaygroundSession {
  readonly emit: ReturnType<typeof createEventEmitter>;
  transcript: AgentMessage[] = [];
  readonly tools: ToolTable;
  readonly workspace: SessionWorkspace;
  /** lets an abort in between the calls of a long batch (breather.ts) */
  private readonly breathe = createBreather();
  private controller: AbortController | undefined;
  private work: Promise<void> | undefined;

  constructor(
    sink: EventSink,
    private readonly options: SessionOptions,
    private readonly parts: SessionParts,
  ) {
    // The session keeps no events: each goes to the sink (the page's bounded log, or a test's list), so a
    // long session's memory is its workspace and transcript, not its history.
    this.emit = createEventEmitter((e) => {
      this.workspace.track(e);
      sink(e);
    });
    const { createTools, decorateToolOptions, createBackend, onSnapshot } = options;
    const emit = this.emit;
    this.tools = new ToolTable({
      emit,
      createTools,
      decorateToolOptions,
      wrap: parts.wrap,
      learner: parts.learner,
    });
    this.workspace = new SessionWorkspace({
      emit,
      createBackend,
      onSnapshot,
      learnerTools: () => parts.learner.list(),
      running: () => this.work,
      tools: this.tools,
    });
    this.workspace.load(PRESETS.default, "default", false);
  }

  /** the pi version the session imitates */
  get piVersion(): PiVersionId {
    return this.tools.piVersion.id;
  }

  /**
   * Imitates another pi version from the next run on: its tools over the same files, its prompt, its
   * validation and its loop's rules. The page is told (pi_version_changed), then sees the new table and
   * prompt. `cause` says what chose it.
   */
  setPiVersion(version: PiVersionId, cause: "picked" | "scenario" | "shared") {
    const previous = this.piVersion;
    if (previous === version) return;
    // A call in flight finishes on the tools and rules it started with, as after a backend switch.
    this.emit({ type: "pi_version_changed", version, previous, cause });
    this.tools.setVersion(piVersionProfile(version));
    this.tools.refresh("init");
  }

  /** the run in progress (a hand call, a scenario step or a model's turns), if any */
  get running(): Promise<void> | undefined {
    return this.work;
  }

  /** the run's signal: a drill's hanging file operation ends when it aborts */
  get signal(): AbortSignal | undefined {
    return this.controller?.signal;
  }

  /**
   * Starts over on `files`: what plays stops, the run ends, the transcript and the prompt begin again.
   * `reason` is said to the page (session_cleared) unless the history is kept.
   */
  startOver(reason: string | undefined, files: ScenarioFiles, preset: string) {
    this.parts.startingOver();
    this.abort("user");
    // The page starts over with it (what it shows is a fold of events, so this is an event).
    if (reason !== undefined) this.emit({ type: "session_cleared", reason });
    this.transcript = [];
    this.tools.prompt.resetTranscript();
    this.workspace.load(files, preset);
  }

  /**
   * One run of the loop with `driver` playing the model. `listener` is told of each of the run's events
   * before and after it goes out, and the loop awaits it (as pi awaits its listeners): a scenario's
   * player holds the run there to pace it.
   */
  async run(
    prompts: AgentMessage[],
    driver: Driver,
    extra: Partial<LoopConfig> = {},
    listener?: Pick<ScenarioPlayer, "beforeLoopEvent" | "afterLoopEvent">,
  ): Promise<void> {
    if (this.work)
      throw new SessionFault(
        { code: "busy" },
        "A run is in progress: wait for it to end or press Esc to abort it.",
      );
    const controller = new AbortController();
    this.controller = controller;
    this.parts.runStarting();
    const { seed, pending: leading } = this.tools.prompt.systemMessagesBefore(this.transcript);
    if (seed) {
      this.transcript = [...this.transcript, seed];
      this.emit({ type: "system_message_seeded", message: seed });
    }
    const context = this.context();
    // The version's own validation and loop rules; a caller's extra config may still set its hooks.
    const { validator, loop } = this.tools.piVersion;
    const config: LoopConfig = {
      validator,
      ...loop,
      ...this.options.config,
      ...this.parts.hooks(),
      ...extra,
    };
    this.workspace.changeSource = "tool";
    // A scenario's listener sees each event whole; the page gets streaming updates as deltas either way
    // (a scripted message of 5,000 calls sent whole with each of its updates would cost its size squared).
    const send = listener ? asDeltas((e) => void this.emit(e)) : this.loopEmit(controller.signal);
    const work = runAgentLoop(
      [...leading, ...prompts],
      context,
      config,
      listener
        ? async (e) => {
            await listener.beforeLoopEvent(e, controller.signal);
            send(e);
            await listener.afterLoopEvent(e, controller.signal);
          }
        : send,
      controller.signal,
      driver,
    ).then((added) => {
      // A run that ends after its transcript was started over (another scenario loaded) adds nothing.
      if (this.transcript === context.messages) this.transcript = [...this.transcript, ...added];
    });
    this.work = work.finally(() => {
      this.work = undefined;
      this.controller = undefined;
      this.workspace.changeSource = "reset";
    });
    return this.work;
  }

  /** A run's events to the sink, streaming updates as their deltas; in a worker they wait for the page (update-coalescer.ts). */
  private loopEmit(signal: AbortSignal): (e: SessionEventBody) => void {
    const pace = this.options.pace;
    if (!pace) return asDeltas((e) => void this.emit(e));
    return asDeltas(
      createUpdateCoalescer(
        (e) => void this.emit(e),
        () => pace(signal),
      ),
    );
  }

  /** What a run gives the loop (and a model request carries): the prompt, the transcript, the tools not off. */
  context(): AgentContext {
    return {
      systemPrompt: this.tools.prompt.content,
      messages: this.transcript,
      tools: wrapToolDefinitions(this.tools.executable()).map((tool) => withBreath(tool, this.breathe)),
    };
  }

  abort(source: "user" | "scenario" = "user") {
    if (!this.controller) return;
    this.emit({ type: "abort_requested", source });
    this.controller.abort();
  }
}
