/**
 * The session, the composition root: a memfs workspace, the tools over it, the prompt state, the agent
 * loop and the event stream; it answers every command of the protocol. It runs in the session worker;
 * Node tests and `npm run scenario` construct it directly. Model mode (session-model.ts), "Save as
 * scenario" (session-recording.ts), a scenario's player (session-scenario.ts) and the command router
 * (session-commands.ts) live beside it, each reaching the session through a narrow interface.
 */

import { createManualDriver, type ManualTurn, manualTurn, parseManualArguments } from "@agent/drivers/manual";
import type { CompletionFunction } from "@agent/drivers/model";
import type { ModelChoice } from "@agent/drivers/model-presets";
import { createEventEmitter, type EventSink, type SessionEvent, type ToolState } from "@agent/events";
import { runAgentLoop } from "@agent/loop";
import type { AgentMessage } from "@agent/messages";
import type { ScenarioPlayer } from "@agent/player";
import type { ModelRequest, SessionCommand, SessionReplies, SessionRequest } from "@agent/protocol";
import {
  displaySteps,
  parseScenario,
  type Scenario,
  type ScenarioFiles,
  type ScenarioTools,
} from "@agent/scenario";
import type { AgentContext, Driver, LoopConfig } from "@agent/types";
import { createMemfsWorkspace, type MemfsWorkspace } from "@backends/memfs/workspace";
import { createFileMutationQueue, type FileMutationQueue } from "@core/file-mutation-queue";
import { DEFAULT_TOOL_NAMES } from "@core/tools/names";
import { wrapToolDefinitions } from "@core/tools/tool-definition-wrapper";
import type { AnyToolDefinition } from "@core/tools/types";
import { PRESETS } from "./presets/index";
import { answer as answerRequest, route } from "./session-commands";
import { type ModelHost, ModelMode } from "./session-model";
import { PromptTracker } from "./session-prompt";
import { type RecordingHost, SessionRecording, scenarioTools } from "./session-recording";
import { createScenarioPlayer, type ScenarioHost } from "./session-scenario";
import { fileChangedEvents, listWorkspaceFiles, queueEvents, workspaceFilesMap } from "./session-workspace";
import { createPlaygroundTools } from "./tools";

export type ToolFactory = (workspace: MemfsWorkspace, queue: FileMutationQueue) => AnyToolDefinition[];

export interface SessionOptions {
  createTools?: ToolFactory;
  /** the workspace after each completed call, reset or editor write (the host keeps the latest) */
  onSnapshot?: (files: ScenarioFiles, reason: string) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** a scenario's steps wait for this before each step: the page catching up (src/app/pacer.ts) */
  pace?: (signal?: AbortSignal) => Promise<void>;
  config?: Pick<LoopConfig, "beforeToolCall" | "afterToolCall" | "toolExecution">;
  /**
   * model mode's completions (pi-ai's streamSimple shape). The worker passes one that asks the page's
   * provider context, which holds the key; without it model_prompt says model mode is unavailable.
   */
  complete?: CompletionFunction;
}

export const DEFAULT_TOOL_STATES: Record<string, ToolState> = Object.fromEntries(
  DEFAULT_TOOL_NAMES.map((name) => [name, "active"]),
);

export class PlaygroundSession {
  readonly emit: ReturnType<typeof createEventEmitter>;
  workspace!: MemfsWorkspace;
  transcript: AgentMessage[] = [];
  player: ScenarioPlayer | undefined;
  private queue!: FileMutationQueue;
  private definitions: AnyToolDefinition[] = [];
  private states: Record<string, ToolState> = { ...DEFAULT_TOOL_STATES };
  private readonly prompt = new PromptTracker();
  private unlisten: () => void = () => {};
  private changeSource: "tool" | "editor" | "reset" = "reset";
  private readonly executing = new Set<string>();
  private controller: AbortController | undefined;
  private running: Promise<void> | undefined;
  /** the player's "pause after each call", kept for the next scenario loaded */
  private pauseAfterCall = false;
  /** the narrow view of the session that model mode, the recording and a scenario's player get */
  private readonly host: ModelHost & RecordingHost & ScenarioHost = {
    emit: (e) => this.emit(e),
    complete: () => this.options.complete,
    running: () => this.running,
    run: (...args: Parameters<PlaygroundSession["run"]>) => this.run(...args),
    abort: (source) => this.abort(source),
    transcript: () => this.transcript,
    context: () => this.runContext(),
    isDeclared: (name) => this.states[name] === "active",
    filesMap: () => this.filesMap(),
    tools: () => scenarioTools(this.definitions, this.states),
    applyTools: (tools) => this.applyScenarioTools(tools),
    player: () => this.player,
  };
  private readonly model = new ModelMode(this.host);
  /** what "Save as scenario" needs beside the transcript: the files and tools it started with, its runs */
  private readonly recording = new SessionRecording(this.host);

  constructor(
    sink: EventSink,
    private readonly options: SessionOptions = {},
  ) {
    // The session keeps no events: each goes to the sink (the page's bounded log, or a test's list), so a
    // long session's memory is its workspace and transcript, not its history.
    this.emit = createEventEmitter((e) => {
      this.track(e);
      sink(e);
    });
    this.load(PRESETS.default, "default", false);
  }

  private track(e: SessionEvent) {
    if (e.type === "call_executing") this.executing.add(e.toolCallId);
    if (e.type === "tool_execution_end") {
      this.executing.delete(e.toolCallId);
      // Only a call that changed the workspace needs a new snapshot: a burst of reads then costs no
      // whole-workspace copies, and the host's last snapshot is still the current workspace.
      if (this.dirty) this.snapshot("call");
    }
  }

  // ---- workspace ----

  private load(files: ScenarioFiles, preset: string, announce = true) {
    this.unlisten();
    this.workspace = createMemfsWorkspace(files);
    this.queue = createFileMutationQueue(queueEvents(this.emit));
    const create = this.options.createTools ?? ((ws, queue) => createPlaygroundTools(ws, queue));
    this.definitions = create(this.workspace, this.queue);
    this.unlisten = fileChangedEvents(this.workspace, this.emit, {
      source: () => this.changeSource,
      executing: this.executing,
      changed: () => {
        this.dirty = true;
      },
    });
    if (announce) {
      this.emit({ type: "workspace_reset", preset, cwd: this.workspace.root, files: this.listFiles() });
      this.refresh("workspace");
      this.snapshot("reset");
    }
  }

  listFiles(): string[] {
    return listWorkspaceFiles(this.workspace);
  }

  /** The workspace as a files map (the scenario format), for a host restoring after a stuck call. */
  filesMap(): ScenarioFiles {
    return workspaceFilesMap(this.workspace);
  }

  /** The workspace changed since the last snapshot the host was sent. */
  private dirty = false;

  private snapshot(reason: string) {
    this.dirty = false;
    this.options.onSnapshot?.(this.filesMap(), reason);
  }

  // ---- tools and prompt ----

  private refresh(reason: "init" | "tools" | "workspace") {
    this.prompt.refresh(reason, this.definitions, this.states, this.workspace, this.emit);
  }

  setToolStates(states: Record<string, ToolState>) {
    this.states = { ...states };
    this.refresh("tools");
  }

  applyScenarioTools(tools: ScenarioTools) {
    const states: Record<string, ToolState> = {};
    for (const d of this.definitions) states[d.name] = "off";
    for (const name of tools.active) states[name] = "active";
    for (const name of tools.hidden ?? []) states[name] = "hidden";
    this.setToolStates(states);
  }

  // ---- runs ----

  /**
   * `listener` is told of each of the run's events before and after it goes out, and the loop awaits it
   * (as pi awaits its listeners): a scenario's player holds the run there to pace it.
   */
  private async run(
    prompts: AgentMessage[],
    driver: Driver,
    extra: Partial<LoopConfig> = {},
    listener?: Pick<ScenarioPlayer, "beforeLoopEvent" | "afterLoopEvent">,
  ) {
    if (this.running) throw new Error("A run is in progress: wait for it to end or press Esc to abort it.");
    const controller = new AbortController();
    this.controller = controller;
    this.recording.record();
    const context = this.runContext();
    const leading = this.prompt.pendingSystemMessages(this.transcript);
    const config: LoopConfig = { ...this.options.config, ...extra };
    this.changeSource = "tool";
    const work = runAgentLoop(
      [...leading, ...prompts],
      context,
      config,
      listener
        ? async (e) => {
            await listener.beforeLoopEvent(e, controller.signal);
            this.emit(e);
            await listener.afterLoopEvent(e, controller.signal);
          }
        : (e) => void this.emit(e),
      controller.signal,
      driver,
    ).then((added) => {
      // A run that ends after its transcript was started over (another scenario loaded) adds nothing.
      if (this.transcript === context.messages) this.transcript = [...this.transcript, ...added];
    });
    this.running = work.finally(() => {
      this.running = undefined;
      this.controller = undefined;
      this.changeSource = "reset";
    });
    return this.running;
  }

  /** What a run gives the loop (and a model request carries): the prompt, the transcript, the tools not off. */
  private runContext(): AgentContext {
    const executable = this.definitions.filter((d) => (this.states[d.name] ?? "off") !== "off");
    return {
      systemPrompt: this.prompt.content,
      messages: this.transcript,
      tools: wrapToolDefinitions(executable),
    };
  }

  /** The conversation so far as a scenario file (session-recording.ts). */
  saveScenario(title?: string) {
    return this.recording.save(title);
  }

  abort(source: "user" | "scenario" = "user") {
    if (!this.controller) return;
    this.emit({ type: "abort_requested", source });
    this.controller.abort();
  }

  private manualCalls = 0;

  /** One call typed by hand, through the same loop and pipeline; stops after that turn. */
  runToolCall(toolName: string, argsJson: string, toolCallId = `manual-${++this.manualCalls}`) {
    const args = parseManualArguments(argsJson);
    const driver = createManualDriver(
      { type: "toolCall", id: toolCallId, name: toolName, arguments: args },
      this.emit,
    );
    return this.run([], driver, { shouldStopAfterTurn: () => true });
  }

  /** A whole turn composed by hand (user, assistant with its calls, closing text), through the same loop. */
  runTurn(turn: ManualTurn) {
    const { prompts, driver, stopAfterCalls } = manualTurn(
      turn,
      () => `manual-${++this.manualCalls}`,
      this.emit,
    );
    return this.run(prompts, driver, stopAfterCalls ? { shouldStopAfterTurn: () => true } : {});
  }

  /** Model mode (session-model.ts): the user's message, then turns from a real model. */
  runModelPrompt(text: string, choice: ModelChoice) {
    return this.model.prompt(text, choice);
  }

  /** The request a model-mode run would send next, sent nowhere (session-model.ts). */
  nextModelRequest(choice: ModelChoice): Promise<ModelRequest> {
    return this.model.nextRequest(choice);
  }

  loadScenario(value: unknown, options: { keepHistory?: boolean } = {}) {
    const scenario: Scenario = parseScenario(value);
    // The scenario before this one stops pacing, and its run (if one is on) ends: a slow-paced run
    // would otherwise go on taking its steps into the new scenario.
    this.player?.stop();
    this.model.dropFollowUps();
    this.abort("user");
    // The page starts over with the scenario (what it shows is a fold of events, so this is an event).
    if (!options.keepHistory)
      this.emit({ type: "session_cleared", reason: `the scenario "${scenario.title}" started` });
    this.transcript = [];
    this.prompt.resetTranscript();
    this.load(scenario.workspace?.files ?? PRESETS.default, scenario.workspace ? "scenario" : "default");
    this.applyScenarioTools(scenario.tools ?? { active: [...DEFAULT_TOOL_NAMES] });
    this.player = createScenarioPlayer(scenario, this.host, this.options, this.pauseAfterCall);
    this.emit({
      type: "scenario_loaded",
      title: scenario.title,
      description: scenario.description,
      ...(scenario.translations ? { translations: scenario.translations } : {}),
      steps: displaySteps(scenario.steps),
    });
    return this.player;
  }

  // ---- commands (the protocol's mapping onto these is session-commands.ts) ----

  /** The worker's first command: the files and tools it starts from, and where seq numbering goes on. */
  init(command: Extract<SessionCommand, { type: "init" }>) {
    if (command.seqFrom !== undefined) this.emit.continueFrom(command.seqFrom);
    if (command.files || (command.preset && command.preset !== "default"))
      this.load(
        command.files ?? presetFiles(command.preset ?? "default"),
        command.preset ?? "snapshot",
        false,
      );
    if (command.tools) this.states = { ...DEFAULT_TOOL_STATES, ...command.tools };
    this.emit({ type: "session_ready", backend: "memfs", cwd: this.workspace.root, files: this.listFiles() });
    this.emit({ type: "backend_changed", backend: "memfs", cwd: this.workspace.root });
    this.refresh("init");
  }

  resetWorkspace(preset: string) {
    this.load(presetFiles(preset), preset);
  }

  setToolState(name: string, state: ToolState) {
    if (!this.definitions.some((d) => d.name === name)) throw new Error(`Unknown tool: ${name}`);
    this.setToolStates({ ...this.states, [name]: state });
  }

  setPauseAfterCall(value: boolean) {
    this.pauseAfterCall = value;
    this.player?.setPauseAfterCall(value);
  }

  /** The editor's write: a file change the page marks as the editor's, then a new snapshot. */
  writeFile(relativePath: string, content: string) {
    this.changeSource = "editor";
    const path = `${this.workspace.root}/${relativePath}`;
    this.workspace.fs.mkdirSync(path.replace(/\/[^/]*$/, ""), { recursive: true });
    this.workspace.fs.writeFileSync(path, content);
    this.changeSource = "reset";
    this.refresh("workspace");
    this.snapshot("editor");
  }

  handle(command: SessionCommand): void {
    const commandId = "id" in command && typeof command.id === "string" ? command.id : undefined;
    try {
      const result = route(this, command);
      if (result instanceof Promise)
        result.catch((e: unknown) => this.emit({ type: "session_error", message: messageOf(e), commandId }));
    } catch (e) {
      this.emit({ type: "session_error", message: messageOf(e), ...(commandId ? { commandId } : {}) });
    }
  }

  /** Answers a request the page waits on; the answer goes back beside the event stream, never into it. */
  answer<T extends SessionRequest>(
    request: T,
  ): SessionReplies[T["type"]] | Promise<SessionReplies[T["type"]]> {
    return answerRequest(this, request);
  }

  requirePlayer(): ScenarioPlayer {
    if (!this.player) throw new Error("No scenario is loaded: load one first.");
    return this.player;
  }

  /** Resolves when no run is in progress and the player (if any) is idle. */
  async idle(): Promise<void> {
    for (;;) {
      await this.player?.whenIdle();
      if (!this.running) return;
      await this.running.catch(() => {});
    }
  }
}

function presetFiles(name: string): ScenarioFiles {
  const files = PRESETS[name];
  if (!files) throw new Error(`Unknown preset: ${name}. Presets: ${Object.keys(PRESETS).join(", ")}`);
  return files;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
