/**
 * The session, the composition root: a memfs workspace, the tools over it, the prompt state, the agent
 * loop and the event stream; it answers every command of the protocol. It runs in the session worker;
 * Node tests and `npm run scenario` construct it directly.
 */

import { createManualDriver, type ManualTurn, manualTurn, parseManualArguments } from "@agent/drivers/manual";
import type { CompletionFunction } from "@agent/drivers/model";
import type { ModelChoice } from "@agent/drivers/model-presets";
import { createScriptedDriver } from "@agent/drivers/scripted";
import { createEventEmitter, type EventSink, type SessionEvent, type ToolState } from "@agent/events";
import { runAgentLoop } from "@agent/loop";
import type { AgentMessage, UserMessage } from "@agent/messages";
import { ScenarioPlayer } from "@agent/player";
import type {
  FileContent,
  ModelRequest,
  SessionCommand,
  SessionReplies,
  SessionRequest,
} from "@agent/protocol";
import {
  displaySteps,
  parseScenario,
  type Scenario,
  type ScenarioFiles,
  type ScenarioTools,
} from "@agent/scenario";
import { type RecordedRun, scenarioFromRecording } from "@agent/scenario-record";
import type { Driver, LoopConfig } from "@agent/types";
import { createMemfsWorkspace, type MemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { base64Encode, isUtf8Text, utf8Decode } from "@core/bytes";
import { createFileMutationQueue, type FileMutationQueue } from "@core/file-mutation-queue";
import { DEFAULT_TOOL_NAMES } from "@core/tools/names";
import { wrapToolDefinitions } from "@core/tools/tool-definition-wrapper";
import type { AnyToolDefinition } from "@core/tools/types";
import { FollowUpQueue } from "./follow-ups";
import { PRESETS } from "./presets/index";
import { plain, providerOptions } from "./provider-client";
import { PromptTracker } from "./session-prompt";
import { fileChangedEvents, queueEvents } from "./session-workspace";
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
  /** whether the run going is a model run (a message sent meanwhile is queued as a follow-up) */
  private modelRun = false;
  private readonly followUps = new FollowUpQueue((e) => this.emit(e));
  /** the player's "pause after each call", kept for the next scenario loaded */
  private pauseAfterCall = false;
  /** what "Save as scenario" needs beside the transcript: the files and tools it started with, its runs */
  private recording: { files: ScenarioFiles; tools: ScenarioTools; runs: RecordedRun[] } | undefined;

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
    const prefix = `${this.workspace.root}/`;
    return snapshotWorkspace(this.workspace)
      .entries.map((e) => e.path.slice(prefix.length) + (e.kind === "dir" ? "/" : ""))
      .sort();
  }

  /** The workspace as a files map (the scenario format), for a host restoring after a stuck call. */
  filesMap(): ScenarioFiles {
    const prefix = `${this.workspace.root}/`;
    const files: ScenarioFiles = {};
    for (const e of snapshotWorkspace(this.workspace).entries) {
      const rel = e.path.slice(prefix.length);
      if (e.kind === "dir") files[rel] = { dir: true };
      else if (e.kind === "symlink") files[rel] = { symlink: e.target };
      else files[rel] = isUtf8Text(e.data) ? utf8Decode(e.data) : { base64: base64Encode(e.data) };
    }
    return files;
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
    this.record();
    const executable = this.definitions.filter((d) => (this.states[d.name] ?? "off") !== "off");
    const context = {
      systemPrompt: this.prompt.content,
      messages: this.transcript,
      tools: wrapToolDefinitions(executable),
    };
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

  /** The tool set as the scenario format writes it. */
  private currentTools(): ScenarioTools {
    const named = (state: ToolState) =>
      this.definitions.filter((d) => this.states[d.name] === state).map((d) => d.name);
    const hidden = named("hidden");
    return { active: named("active"), ...(hidden.length > 0 ? { hidden } : {}) };
  }

  /** Notes a run's start; the first run of a transcript also keeps the files and tools it starts from. */
  private record() {
    if (this.transcript.length === 0 || !this.recording)
      this.recording = { files: this.filesMap(), tools: this.currentTools(), runs: [] };
    this.recording.runs.push({ at: this.transcript.length, tools: this.currentTools() });
  }

  /**
   * The conversation so far as a scenario file: the workspace and tools it started from, then its user
   * and assistant messages. With no conversation yet, the current workspace and tools and no steps.
   */
  saveScenario(title?: string) {
    const recording =
      this.transcript.length > 0 && this.recording
        ? this.recording
        : { files: this.filesMap(), tools: this.currentTools(), runs: [] };
    const first = this.transcript.find((m) => m.role === "user");
    const said = first
      ? typeof first.content === "string"
        ? first.content
        : first.content.map((c) => (c.type === "text" ? c.text : "")).join(" ")
      : "";
    const fallback =
      said.trim() === "" ? "Saved conversation" : said.trim().replace(/\s+/g, " ").slice(0, 60);
    return scenarioFromRecording({
      ...recording,
      title: title?.trim() || fallback,
      transcript: this.transcript,
    });
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

  /** pi passes one session id with every request (prompt-cache keys, session-affinity headers). */
  private readonly sessionId =
    globalThis.crypto?.randomUUID?.() ??
    `session-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

  /**
   * Model mode: the user's message, then turns from a real model until it stops calling tools. The model
   * driver (with pi-ai) is loaded on first use, so the worker's own chunk does not carry it.
   */
  async runModelPrompt(text: string, choice: ModelChoice) {
    const complete = this.options.complete;
    if (!complete) throw new Error("Model mode is not available here: this session has no provider context.");
    const user: UserMessage = { role: "user", content: [{ type: "text", text }], timestamp: Date.now() };
    // From here until the model stops (the driver's first load included), a message sent waits.
    if (this.modelRun) return this.followUps.enqueue(user, text);
    if (this.running) throw new Error("A run is in progress: wait for it to end or press Esc to abort it.");
    this.modelRun = true;
    try {
      await this.runModel(user, choice, complete);
    } finally {
      this.modelRun = false;
      this.followUps.dropAll();
    }
  }

  private async runModel(user: UserMessage, choice: ModelChoice, complete: CompletionFunction) {
    const { createModelDriver } = await import("@agent/drivers/model");
    const driver = createModelDriver({ ...(await this.modelOptions(choice)), complete });
    let prompts: AgentMessage[] = [user];
    for (;;) {
      await this.run(prompts, driver, { getFollowUpMessages: async () => this.followUps.next() });
      // A message queued as the loop was leaving starts a run of its own, as pi's `continue()` takes a
      // follow-up left in the queue; after an error or an abort the queue is dropped instead.
      const last = this.transcript.at(-1);
      const failed = last?.role === "assistant" && ["error", "aborted"].includes(last.stopReason);
      prompts = failed ? [] : this.followUps.next();
      if (prompts.length === 0) return;
    }
  }

  /** The model object and pi's settings for a model-mode request (the driver and pi-ai load lazily). */
  private async modelOptions(choice: ModelChoice) {
    const { resolveModel } = await import("@agent/drivers/model-spec");
    return {
      model: resolveModel({
        provider: choice.provider,
        id: choice.modelId,
        api: choice.api,
        baseUrl: choice.baseUrl,
      }),
      thinkingLevel: choice.thinkingLevel,
      sessionId: this.sessionId,
      // A hidden tool runs when called but is not declared to the model, as the prompt leaves it out.
      isDeclared: (name: string) => this.states[name] === "active",
    };
  }

  /**
   * The request a model-mode run would send next (the conversation so far, the prompt and the declared
   * tools as a run has them), built by the driver's own function and sent nowhere: the page hands it to
   * pi-ai for the exact body.
   */
  async nextModelRequest(choice: ModelChoice): Promise<ModelRequest> {
    const { buildModelRequest } = await import("@agent/drivers/model");
    const executable = this.definitions.filter((d) => (this.states[d.name] ?? "off") !== "off");
    const built = buildModelRequest(
      {
        systemPrompt: this.prompt.content,
        messages: this.transcript,
        tools: wrapToolDefinitions(executable),
      },
      await this.modelOptions(choice),
    );
    return {
      model: plain(built.model),
      context: plain(built.context),
      options: providerOptions(built.options),
    };
  }

  loadScenario(value: unknown, options: { keepHistory?: boolean } = {}) {
    const scenario: Scenario = parseScenario(value);
    // The scenario before this one stops pacing, and its run (if one is on) ends: a slow-paced run
    // would otherwise go on taking its steps into the new scenario.
    this.player?.stop();
    this.followUps.dropAll();
    this.abort("user");
    // The page starts over with the scenario (what it shows is a fold of events, so this is an event).
    if (!options.keepHistory)
      this.emit({ type: "session_cleared", reason: `the scenario "${scenario.title}" started` });
    this.transcript = [];
    this.prompt.resetTranscript();
    this.load(scenario.workspace?.files ?? PRESETS.default, scenario.workspace ? "scenario" : "default");
    this.applyScenarioTools(scenario.tools ?? { active: [...DEFAULT_TOOL_NAMES] });
    this.player = new ScenarioPlayer(
      scenario,
      {
        emit: this.emit,
        sleep: this.options.sleep,
        pace: this.options.pace,
        applyTools: (tools) => this.applyScenarioTools(tools),
        runUser: async (step) => {
          // A run of the scenario before may still be ending (it was aborted when this one loaded).
          while (this.running) await this.running.catch(() => {});
          const user: UserMessage = {
            role: "user",
            content: [{ type: "text", text: step.user }],
            timestamp: Date.now(),
          };
          const player = this.player as ScenarioPlayer;
          const run = this.run([user], createScriptedDriver(player, this.emit), {}, player);
          if (step.abortAfterMs !== undefined) {
            // The run's own work is timed, not the player's pauses; a timer of a run that ended stops.
            const ended = new AbortController();
            const stop = () => ended.abort();
            run.then(stop, stop);
            void player.workFor(step.abortAfterMs, ended.signal).then(() => {
              if (!ended.signal.aborted) this.abort("scenario");
            });
          }
          return run;
        },
      },
      1,
      this.pauseAfterCall,
    );
    this.emit({
      type: "scenario_loaded",
      title: scenario.title,
      description: scenario.description,
      steps: displaySteps(scenario.steps),
    });
    return this.player;
  }

  // ---- commands ----

  handle(command: SessionCommand): void {
    const commandId = "id" in command && typeof command.id === "string" ? command.id : undefined;
    try {
      const result = this.route(command);
      if (result instanceof Promise)
        result.catch((e: unknown) => this.emit({ type: "session_error", message: messageOf(e), commandId }));
    } catch (e) {
      this.emit({ type: "session_error", message: messageOf(e), ...(commandId ? { commandId } : {}) });
    }
  }

  /** Runs one command (named `route` so that "dispatch" stays the dispatch table's word). */
  private route(command: SessionCommand): unknown {
    switch (command.type) {
      case "init": {
        if (command.seqFrom !== undefined) this.emit.continueFrom(command.seqFrom);
        if (command.files || (command.preset && command.preset !== "default"))
          this.load(
            command.files ?? presetFiles(command.preset ?? "default"),
            command.preset ?? "snapshot",
            false,
          );
        if (command.tools) this.states = { ...DEFAULT_TOOL_STATES, ...command.tools };
        this.emit({
          type: "session_ready",
          backend: "memfs",
          cwd: this.workspace.root,
          files: this.listFiles(),
        });
        this.emit({ type: "backend_changed", backend: "memfs", cwd: this.workspace.root });
        this.refresh("init");
        return;
      }
      case "reset_workspace":
        return this.load(presetFiles(command.preset), command.preset);
      case "run_tool_call":
        return this.runToolCall(command.toolName, command.args, command.toolCallId);
      case "run_turn":
        return this.runTurn(command);
      case "scenario_load":
        return this.loadScenario(command.scenario, { keepHistory: command.keepHistory });
      case "scenario_play":
        return this.requirePlayer().play(command.speed);
      case "scenario_step":
        return this.requirePlayer().step();
      case "scenario_pause":
        return this.requirePlayer().pause();
      case "scenario_speed":
        return this.requirePlayer().setSpeed(command.speed);
      case "model_prompt":
        return this.runModelPrompt(command.text, command.model);
      case "scenario_pause_after_call":
        this.pauseAfterCall = command.value;
        return this.player?.setPauseAfterCall(command.value);
      case "abort":
        return this.abort("user");
      case "set_tool_state":
        if (!this.definitions.some((d) => d.name === command.name))
          throw new Error(`Unknown tool: ${command.name}`);
        return this.setToolStates({ ...this.states, [command.name]: command.state });
      case "write_file": {
        this.changeSource = "editor";
        const path = `${this.workspace.root}/${command.path}`;
        this.workspace.fs.mkdirSync(path.replace(/\/[^/]*$/, ""), { recursive: true });
        this.workspace.fs.writeFileSync(path, command.content);
        this.changeSource = "reset";
        this.refresh("workspace");
        return this.snapshot("editor");
      }
    }
  }

  /** Answers a request the page waits on; the answer goes back beside the event stream, never into it. */
  answer<T extends SessionRequest>(
    request: T,
  ): SessionReplies[T["type"]] | Promise<SessionReplies[T["type"]]> {
    switch (request.type) {
      case "model_request":
        return this.nextModelRequest(request.model) as Promise<SessionReplies[T["type"]]>;
      case "read_file": {
        const data = new Uint8Array(
          this.workspace.fs.readFileSync(`${this.workspace.root}/${request.path}`) as Uint8Array,
        );
        const text = isUtf8Text(data) ? utf8Decode(data) : null;
        const reply: FileContent = text === null ? { text, base64: base64Encode(data) } : { text };
        return reply as SessionReplies[T["type"]];
      }
      case "save_scenario":
        return this.saveScenario(request.title) as SessionReplies[T["type"]];
    }
  }

  private requirePlayer(): ScenarioPlayer {
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
