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
import {
  createEventEmitter,
  type EventSink,
  type SessionEvent,
  type SessionEventBody,
  type ToolState,
} from "@agent/events";
import { runAgentLoop } from "@agent/loop";
import type { AgentMessage } from "@agent/messages";
import type { SavedLearnerTools } from "@agent/persist-protocol";
import type { ScenarioPlayer } from "@agent/player";
import type {
  ImportEntry,
  ModelRequest,
  SessionCommand,
  SessionReplies,
  SessionRequest,
  SharedWork,
} from "@agent/protocol";
import {
  displaySteps,
  parseScenario,
  type Scenario,
  type ScenarioFiles,
  type ScenarioTools,
} from "@agent/scenario";
import { aboutOf, SessionFault } from "@agent/session-fault";
import type { AgentContext, Driver, LoopConfig } from "@agent/types";
import type { Backend } from "@backends/backend";
import { createMemfsBackend, memfsBackendFromFiles } from "@backends/memfs/backend";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import { runSelfTest } from "@backends/self-test";
import { createFileMutationQueue, type FileMutationQueue } from "@core/file-mutation-queue";
import { type HandlerSet, PI_HANDLER } from "@core/tools/handlers";
import type { ToolsOptions } from "@core/tools/index";
import { DEFAULT_TOOL_NAMES } from "@core/tools/names";
import { wrapToolDefinitions } from "@core/tools/tool-definition-wrapper";
import type { AnyToolDefinition } from "@core/tools/types";
import { readTravellingTools, savedLearner, travellingTools } from "../shared/learner-tools/saved";
import { PRESETS } from "../shared/presets/index";
import { pathProblem } from "../shared/share/import-rules";
import { SessionLearnerTools } from "./learner-tools/session-learner";
import type { LearnerToolSource } from "./learner-tools/types";
import { installSystemFiles } from "./presets/system-files";
import {
  type BackendChoice,
  containerFor,
  memfsVolumeOf,
  single,
  toMemfs,
  toolBackendIds,
  toWebContainer,
} from "./session-backends";
import { answer as answerRequest, route } from "./session-commands";
import { SessionDrill } from "./session-drill";
import { HandlerChoice, LEARNER_HANDLER } from "./session-handlers";
import { type ModelHost, ModelMode } from "./session-model";
import { PromptTracker } from "./session-prompt";
import { type RecordingHost, SessionRecording, scenarioTools } from "./session-recording";
import { createScenarioPlayer, type ScenarioHost } from "./session-scenario";
import { fileChangedEvents, listWorkspaceFiles, queueEvents, workspaceFilesMap } from "./session-workspace";
import { applyImport } from "./share/session-import";
import { type BackendOf, createPlaygroundTools } from "./tools";
import { asDeltas, createUpdateCoalescer } from "./update-coalescer";

/**
 * Makes the tools, each over the backend `backendOf` names for it (the session's one, by default);
 * `wrap` is the drill in force (the faulty disk): a factory passes its tools' Operations through it.
 */
export type ToolFactory = (
  backendOf: BackendOf,
  queue: FileMutationQueue,
  wrap: (options: ToolsOptions) => ToolsOptions,
) => AnyToolDefinition[];
/** Makes the backend holding a workspace's files (memfs unless a host says otherwise). */
export type BackendFactory = (files: ScenarioFiles) => Backend;

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

export const DEFAULT_TOOL_STATES: Record<string, ToolState> = Object.fromEntries(
  DEFAULT_TOOL_NAMES.map((name) => [name, "active"]),
);

export class PlaygroundSession {
  readonly emit: ReturnType<typeof createEventEmitter>;
  /** Where the workspace's files live, and which backend each tool runs on (session-backends.ts). */
  private choice!: BackendChoice;
  transcript: AgentMessage[] = [];
  player: ScenarioPlayer | undefined;
  private queue!: FileMutationQueue;
  /** pi's definitions as built; `definitions` is them with the chosen handlers in place */
  private piDefinitions: AnyToolDefinition[] = [];
  private definitions: AnyToolDefinition[] = [];
  /** which handler each tool name points at (session-handlers.ts) */
  readonly handlers = new HandlerChoice();
  private states: Record<string, ToolState> = { ...DEFAULT_TOOL_STATES };
  private readonly prompt = new PromptTracker();
  private unlisten: () => void = () => {};
  private changeSource: "tool" | "editor" | "reset" = "reset";
  private readonly executing = new Set<string>();
  private controller: AbortController | undefined;
  private running: Promise<void> | undefined;
  /** the scenario loaded last, as its file had it (a share link carries it) */
  private loaded: Scenario | undefined;
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
    // A scenario file names pi's tools only (its schema lists them): the learner's own stay out of it.
    tools: () => scenarioTools(this.piDefinitions, this.states),
    applyTools: (tools) => this.applyScenarioTools(tools),
    player: () => this.player,
  };
  private readonly model = new ModelMode(this.host);
  /** the learner's tools (learner-tools/): compiled, guarded and merged into the dispatch table */
  readonly learner = new SessionLearnerTools({
    emit: (e) => this.emit(e),
    workspace: () => this.workspace,
    queue: () => this.queue,
    builtinNames: () => this.piDefinitions.map((d) => d.name),
    toolsChanged: (added, removed, replaced) => {
      this.learnerHandlers(replaced);
      this.definitions = this.compose();
      const states = { ...this.states };
      for (const name of added) states[name] = "active";
      for (const name of removed) delete states[name];
      this.setToolStates(states);
      this.snapshot("tools");
    },
  });
  /** what "Save as scenario" needs beside the transcript: the files and tools it started with, its runs */
  private readonly recording = new SessionRecording(this.host);
  private readonly drill = new SessionDrill({
    emit: (e) => this.emit(e),
    signal: () => this.controller?.signal,
  });

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
      // A container's changes reach the local copy (and the tree) once it has settled.
      if (this.backend.description.kind !== "memfs")
        void this.backend.settle().then(() => this.dirty && this.snapshot("call"));
    }
  }

  get backend(): Backend {
    return this.choice.home;
  }

  /** Makes the tools over `choice` (new closures; a running call keeps its old tool) and listens to it. */
  private adopt(choice: BackendChoice, queue: FileMutationQueue) {
    this.unlisten();
    const old = this.choice?.home;
    if (old && old !== choice.home) void (this.running ?? Promise.resolve()).finally(() => old.dispose());
    this.choice = choice;
    this.queue = queue;
    this.definitions = this.createTools();
    this.unlisten = fileChangedEvents(choice.home, this.emit, {
      source: () => this.changeSource,
      executing: this.executing,
      changed: () => {
        this.dirty = true;
      },
    });
  }

  private announceBackend() {
    const { root, description } = this.backend;
    this.emit({
      type: "backend_changed",
      backend: description.id,
      cwd: root,
      kind: description.kind,
      limits: description.limits.map((l) => l.code),
      tools: toolBackendIds(this.choice),
    });
  }

  /** The backend self-test (src/backends/self-test.ts) on the backend holding the files. */
  async selfTest() {
    const results = await runSelfTest(this.backend.toolOptions(createFileMutationQueue()), this.backend.root);
    await this.backend.settle();
    return results;
  }

  /** Moves the workspace to another backend and makes new tools over it (session-backends.ts). */
  async setBackend(command: Extract<SessionCommand, { type: "set_backend" }>) {
    const choice =
      command.backend === "memfs"
        ? await toMemfs(this.backend)
        : await containerFor(command).then(({ container, id }) =>
            toWebContainer(this.backend, container, id, command.tools),
          );
    this.adopt(choice, this.queue);
    this.announceBackend();
    this.refresh("tools");
    this.snapshot("backend");
  }

  /**
   * pi's tools over the backends, each tool's Operations passed through the host's decoration (the
   * compromise demos record calls so) and the drill in force; then the chosen handlers put in place.
   */
  /** pi's tools with the chosen handlers in place, then the learner's tools merged in. */
  private compose(): AnyToolDefinition[] {
    return this.learner.merge(this.handlers.apply(this.piDefinitions));
  }

  private createTools(): AnyToolDefinition[] {
    const decorate = this.options.decorateToolOptions ?? ((o: ToolsOptions) => o);
    const wrap = (o: ToolsOptions) => this.drill.wrap(decorate(o), this.backend.root);
    const create =
      this.options.createTools ?? ((backendOf, queue) => createPlaygroundTools(backendOf, queue, {}, wrap));
    this.piDefinitions = create(this.choice.of, this.queue, wrap);
    this.handlers.build(this.backend.root, wrap(this.backend.toolOptions(this.queue)));
    return this.compose();
  }

  /** The faulty disk: new tools over the drill's Operations (calls in flight keep theirs). */
  setDrill(id: string, announce = true) {
    this.drill.set(id);
    this.definitions = this.createTools();
    if (announce) this.drill.announce();
  }

  /**
   * The memfs volume holding the files (a container's local copy when a WebContainer holds them): what a
   * saved workspace stores and an import writes into.
   */
  get workspace(): MemfsWorkspace {
    const volume = memfsVolumeOf(this.backend);
    if (!volume)
      throw new SessionFault(
        { code: "noMemfs", backend: this.backend.description.id },
        `The ${this.backend.description.id} backend keeps no memfs copy of its files.`,
      );
    return volume;
  }

  // ---- workspace ----

  /** `restored`: a saved workspace read back from storage, used as it is (on memfs). */
  private load(files: ScenarioFiles, preset: string, announce = true, restored?: MemfsWorkspace) {
    // New files start on memfs: moving them into a container is the learner's explicit step.
    const wasElsewhere = this.choice !== undefined && this.backend.description.kind !== "memfs";
    const backend = restored
      ? createMemfsBackend(restored)
      : (this.options.createBackend ?? memfsBackendFromFiles)(files);
    // A plausible system outside the workspace (/etc, a home folder), so a path check can be watched.
    const volume = memfsVolumeOf(backend);
    if (volume) installSystemFiles(volume);
    this.adopt(single(backend), createFileMutationQueue(queueEvents(this.emit)));
    if (wasElsewhere) this.announceBackend();
    if (announce) {
      this.emit({ type: "workspace_reset", preset, cwd: this.backend.root, files: this.listFiles() });
      this.refresh("workspace");
      this.snapshot("reset");
    }
  }

  listFiles(): string[] {
    return listWorkspaceFiles(this.backend);
  }

  /** The workspace as a files map (the scenario format), for a host restoring after a stuck call. */
  filesMap(): ScenarioFiles {
    return workspaceFilesMap(this.backend);
  }

  /** The workspace changed since the last snapshot the host was sent. */
  private dirty = false;

  private snapshot(reason: string) {
    this.dirty = false;
    this.options.onSnapshot?.(this.filesMap(), reason, this.learner.list());
  }

  // ---- tools and prompt ----

  private refresh(reason: "init" | "tools" | "workspace") {
    const backendOf = (tool: string) => this.choice.of(tool).description.id;
    this.prompt.refresh(reason, this.definitions, this.states, this.backend, this.emit, backendOf, (name) =>
      this.handlerRow(name),
    );
  }

  /** A row on the learner's handler is marked as theirs: the table shows whose execute runs. */
  private handlerRow(name: string) {
    const row = this.handlers.row(name);
    return row.handler === LEARNER_HANDLER ? { ...row, origin: "learner" as const, replaces: name } : row;
  }

  /**
   * The learner's tools named like a built-in are offered as that row's "learner" handler; `chosen`
   * (just registered as a replacement) are pointed at it, which the table is told of as any swap.
   */
  private learnerHandlers(chosen: readonly string[]) {
    const before = Object.fromEntries(this.piDefinitions.map((d) => [d.name, this.handlers.of(d.name)]));
    this.handlers.setSource(LEARNER_HANDLER, this.learner.handlers());
    for (const name of chosen) this.handlers.set(name, LEARNER_HANDLER);
    for (const [name, previous] of Object.entries(before)) {
      const handler = this.handlers.of(name);
      if (handler !== previous) this.emit({ type: "tool_handler_changed", name, handler, previous });
    }
  }

  setToolStates(states: Record<string, ToolState>) {
    this.states = { ...states };
    this.refresh("tools");
  }

  applyScenarioTools(tools: ScenarioTools) {
    const states: Record<string, ToolState> = {};
    // A scenario names pi's tools only: the learner's own keep their state, so a scenario can call them.
    const builtin = new Set(this.piDefinitions.map((d) => d.name));
    for (const d of this.definitions)
      states[d.name] = builtin.has(d.name) ? "off" : (this.states[d.name] ?? "active");
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
    if (this.running)
      throw new SessionFault(
        { code: "busy" },
        "A run is in progress: wait for it to end or press Esc to abort it.",
      );
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
        : this.loopEmit(controller.signal),
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
    this.loaded = scenario;
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

  /**
   * The worker's first command: the files and tools it starts from, and where seq numbering goes on.
   * `restored`: a saved workspace the worker read back from storage, used as it is.
   */
  init(command: Extract<SessionCommand, { type: "init" }>, restored?: MemfsWorkspace) {
    if (command.seqFrom !== undefined) this.emit.continueFrom(command.seqFrom);
    if (restored) this.load({}, "saved", false, restored);
    else if (command.files || (command.preset && command.preset !== "default"))
      this.load(
        command.files ?? presetFiles(command.preset ?? "default"),
        command.preset ?? "snapshot",
        false,
      );
    if (command.tools) this.states = { ...DEFAULT_TOOL_STATES, ...command.tools };
    if (command.drill) this.setDrill(command.drill, false);
    if (command.handlers) {
      this.handlers.restore(command.handlers);
      this.definitions = this.compose();
    }
    const { root, description } = this.backend;
    this.emit({ type: "session_ready", backend: description.id, cwd: root, files: this.listFiles() });
    this.announceBackend();
    // A drill carried over from a replaced worker is said again; a fresh session's "off" needs no word.
    if (command.drill) this.drill.announce();
    this.refresh("init");
    if (command.learnerTools?.length)
      return this.learner.restore(command.learnerTools).then(() => this.restoreChoices(command));
  }

  /**
   * After the learner's tools registered again: their saved states (registering switches a tool on)
   * and the handler choices that needed them (a row on the learner's handler), as they were saved.
   */
  private restoreChoices(command: Extract<SessionCommand, { type: "init" }>) {
    if (command.handlers) {
      const choice = { ...command.handlers };
      for (const d of this.piDefinitions) choice[d.name] ??= PI_HANDLER;
      this.learnerHandlers([]);
      this.handlers.restore(choice);
      this.definitions = this.compose();
    }
    const known = new Set(this.definitions.map((d) => d.name));
    const saved = Object.entries(command.tools ?? {}).filter(([name]) => known.has(name));
    this.setToolStates({ ...this.states, ...Object.fromEntries(saved) });
  }

  /** Every tool name pointed at a handler other than pi's. */
  handlerChoices(): Record<string, string> {
    return this.handlers.choices();
  }

  /** The tools' states now (a saved workspace keeps them). */
  toolStates(): Record<string, ToolState> {
    return { ...this.states };
  }

  resetWorkspace(preset: string) {
    this.load(presetFiles(preset), preset);
  }

  setToolState(name: string, state: ToolState) {
    if (!this.definitions.some((d) => d.name === name)) throw unknownTool(name);
    this.setToolStates({ ...this.states, [name]: state });
  }

  /**
   * Points a tool's name at another handler. The definition stays, so the prompt does not change: only
   * the table does (tool_handler_changed), and the next call runs the new handler.
   */
  setToolHandler(name: string, handler: string) {
    if (!this.piDefinitions.some((d) => d.name === name)) throw unknownTool(name);
    const previous = this.handlers.set(name, handler);
    this.definitions = this.compose();
    if (previous === handler) return;
    this.emit({ type: "tool_handler_changed", name, handler, previous });
    // The row says whose execute runs: moving onto or off the learner's own marks or unmarks it.
    if (handler === LEARNER_HANDLER || previous === LEARNER_HANDLER) this.refresh("tools");
  }

  /**
   * Offers another handler source in the table's pickers (a learner's tool registered as a replacement
   * for a built-in name), or removes one (its tools fall back to pi's handler). The rows go out again.
   */
  setHandlerSource(id: string, handlers: HandlerSet | undefined) {
    this.handlers.setSource(id, handlers);
    this.definitions = this.compose();
    this.refresh("tools");
  }

  setPauseAfterCall(value: boolean) {
    this.pauseAfterCall = value;
    this.player?.setPauseAfterCall(value);
  }

  /** The editor's write: a file change the page marks as the editor's, then a new snapshot. */
  writeFile(relativePath: string, content: string) {
    this.changeSource = "editor";
    this.backend.writeFile(`${this.backend.root}/${relativePath}`, content);
    this.changeSource = "reset";
    this.refresh("workspace");
    this.snapshot("editor");
  }

  /** Files, folders or a .zip the learner added (share/session-import.ts), then one new snapshot. */
  importFiles(entries: readonly ImportEntry[]) {
    this.changeSource = "reset";
    applyImport(this.workspace, entries);
    this.refresh("workspace");
    this.snapshot("import");
  }

  /** A share link the learner accepted: its scenario (on the link's files) or the files alone, then tools. */
  loadShared(shared: SharedWork) {
    const bad = Object.keys(shared.files).find((path) => pathProblem(path) !== null);
    if (bad !== undefined)
      throw new SessionFault(
        { code: "badSharedPath", path: bad },
        `The shared workspace holds a path that is not allowed: ${bad}`,
      );
    if (shared.scenario) {
      const original = parseScenario(shared.scenario);
      this.loadScenario({ ...original, workspace: { files: shared.files } });
      // The scenario as its file had it: a link made from here again carries only the changes.
      this.loaded = original;
    } else {
      this.player?.stop();
      this.player = undefined;
      this.loaded = undefined;
      this.model.dropFollowUps();
      this.abort("user");
      this.emit({ type: "session_cleared", reason: "a share link was opened" });
      this.transcript = [];
      this.prompt.resetTranscript();
      this.load(shared.files, "link");
    }
    this.applyScenarioTools(shared.tools);
    // Someone else's handler choices: pi's and mini-pi's only. A learner handler would need that
    // learner's tool, which registers only once accepted (and then takes its row by itself).
    // Every row takes the link's choice (pi's when it names none), as its tool states do.
    const travelling = readTravellingTools({ tools: [], handlers: shared.learner?.handlers ?? {} });
    const chosen = travelling.ok ? travelling.value.handlers : {};
    for (const { name } of this.piDefinitions)
      if (this.handlers.row(name).handlers?.includes(chosen[name] ?? PI_HANDLER))
        this.setToolHandler(name, chosen[name] ?? PI_HANDLER);
  }

  /** What a share link or a .zip export carries: the files, the tool states, the scenario loaded last. */
  shareState(): SharedWork {
    const learner = this.travellingTools();
    return {
      files: this.filesMap(),
      tools: scenarioTools(this.definitions, this.states),
      ...(this.loaded ? { scenario: this.loaded } : {}),
      ...(learner ? { learner } : {}),
    };
  }

  /** What a link, a .zip or a scenario file carries of the learner's tools (none: undefined). */
  travellingTools(): SavedLearnerTools | undefined {
    return travellingTools(savedLearner(this.learner.list(), this.handlers.choices()));
  }

  handle(command: SessionCommand): void {
    const commandId = "id" in command && typeof command.id === "string" ? command.id : undefined;
    try {
      const result = route(this, command);
      if (result instanceof Promise) result.catch((e: unknown) => this.fail(e, commandId));
    } catch (e) {
      this.fail(e, commandId);
    }
  }

  /** A command that failed, as a session_error: its English sentence and, for the page, what it is about. */
  private fail(e: unknown, commandId: string | undefined) {
    const message = messageOf(e);
    this.emit({
      type: "session_error",
      message,
      about: aboutOf(e, message),
      ...(commandId ? { commandId } : {}),
    });
  }

  /** Answers a request the page waits on; the answer goes back beside the event stream, never into it. */
  answer<T extends SessionRequest>(
    request: T,
  ): SessionReplies[T["type"]] | Promise<SessionReplies[T["type"]]> {
    return answerRequest(this, request);
  }

  requirePlayer(): ScenarioPlayer {
    if (!this.player)
      throw new SessionFault({ code: "noScenario" }, "No scenario is loaded: load one first.");
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
  if (!files) {
    const known = Object.keys(PRESETS).join(", ");
    throw new SessionFault(
      { code: "unknownPreset", name, known },
      `Unknown preset: ${name}. Presets: ${known}`,
    );
  }
  return files;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
const unknownTool = (name: string) =>
  new SessionFault({ code: "unknownTool", name }, `Unknown tool: ${name}`);
