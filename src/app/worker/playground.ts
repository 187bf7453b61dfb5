/**
 * The session and its features, wired: what the session worker, `npm run scenario`, the Node tests and
 * each side-by-side run build. The session keeps the workspace, the tools and the run; each feature
 * owns its state and its commands and gets only the part of the session it uses. `handle` and `answer`
 * pass a command or a question to the feature that owns it (commands.ts).
 */
import type { EventSink } from "@agent/events";
import type { SessionCommand } from "@agent/protocol";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import { DEFAULT_PI_VERSION, type PiVersionId, piVersionProfile } from "@core/versions/index";
import { type AnsweredHere, answer, handle, type Replies } from "./commands";
import { SessionDebugger } from "./debugger";
import { SessionDrill } from "./drill";
import { HandCalls } from "./hand-calls";
import { SessionLearnerTools } from "./learner-tools/session-learner";
import { ModelMode } from "./model-mode";
import { SessionRecording } from "./recording";
import type { SandboxConnector } from "./sandbox/link";
import { ScenarioPlayback } from "./scenario-playback";
import { PlaygroundSession, type SessionOptions } from "./session";
import { presetFiles } from "./session-workspace";
import { KeepAndShare } from "./share/keep-and-share";

export interface PlaygroundOptions extends SessionOptions {
  /** where the learner's code runs (sandbox/link.ts); in-process when absent (Node only) */
  sandbox?: SandboxConnector;
}

export class Playground {
  // The drill and the learner's tools go into the tools the session makes as it starts, so they come
  // first; they reach the session only once it is there (the arrows below run later).
  readonly drill = new SessionDrill({
    emit: (e) => this.session.emit(e),
    signal: () => this.session.signal,
    rebuildTools: () => this.session.tools.rebuild(),
    files: () => this.session.workspace.filesMap(),
    restoreFiles: (files) => this.session.workspace.restoreFiles(files),
  });
  /** the learner's tools (learner-tools/): compiled, guarded and merged into the dispatch table */
  readonly learner = new SessionLearnerTools({
    emit: (e) => this.session.emit(e),
    workspace: () => this.session.workspace.volume,
    queue: () => this.session.workspace.queue,
    builtinNames: () => this.session.tools.builtinNames(),
    // The browser's session worker passes the page's sandboxed iframe; Node (tests, `npm run scenario`)
    // runs the same channel in-process, loaded only when a learner's tool first registers.
    sandbox: () =>
      this.options.sandbox?.() ?? import("./sandbox/in-process").then((m) => m.inProcessSandbox()),
    toolsChanged: (added, removed, replaced) => {
      this.session.tools.learnerToolsChanged(added, removed, replaced);
      this.session.workspace.snapshot("tools");
    },
  });
  readonly session: PlaygroundSession;
  readonly recording: SessionRecording;
  readonly model: ModelMode;
  readonly hand: HandCalls;
  readonly scenarios: ScenarioPlayback;
  readonly share: KeepAndShare;
  /** the pipeline debugger: breakpoints, and the calls paused at them */
  readonly debugger: SessionDebugger;

  constructor(
    sink: EventSink,
    private readonly options: PlaygroundOptions = {},
  ) {
    this.session = new PlaygroundSession(sink, options, {
      learner: this.learner,
      wrap: (o, root) => this.drill.wrap(o, root),
      runStarting: () => this.recording.record(),
      // In this order: the player stops pacing, then nothing a model was sent meanwhile is sent.
      startingOver: () => {
        this.scenarios.stop();
        this.model.dropFollowUps();
      },
      hooks: () => this.debugger.hooks(),
    });
    this.debugger = new SessionDebugger(
      this.session,
      () => {
        if (this.scenarios.player?.status === "playing") this.scenarios.player.pause();
      },
      () => this.model.running,
    );
    this.recording = new SessionRecording(this.session);
    this.model = new ModelMode(this.session, options.complete);
    this.hand = new HandCalls(this.session);
    this.scenarios = new ScenarioPlayback(this.session, options);
    this.share = new KeepAndShare(this.session, this.scenarios, this.learner);
  }

  /** Runs one command; a failure becomes a session_error event (commands.ts). */
  handle(command: SessionCommand): void {
    handle(this, command);
  }

  /** Answers a question the page waits on; the answer goes back beside the event stream, never into it. */
  answer<T extends AnsweredHere>(request: T): Replies<T> | Promise<Replies<T>> {
    return answer(this, request);
  }

  /**
   * The worker's first command: the files and tools it starts from, the drill and handlers it had, and
   * where seq numbering goes on. `restored`: a saved workspace the worker read back from storage.
   */
  init(
    command: Extract<SessionCommand, { type: "init" }>,
    restored?: MemfsWorkspace,
    /** the saved workspace's pi version (0.73.1 for a record from before there was a choice) */
    savedVersion?: PiVersionId,
  ) {
    const { session, drill } = this;
    const { workspace, tools } = session;
    if (command.seqFrom !== undefined) session.emit.continueFrom(command.seqFrom);
    // The page's choice (its URL, a replaced worker's version), else the saved workspace's, else the default.
    const version = command.piVersion ?? savedVersion ?? DEFAULT_PI_VERSION;
    session.tools.setVersion(piVersionProfile(version));
    if (restored) workspace.load({}, "saved", false, restored);
    else if (command.files || (command.preset && command.preset !== "default"))
      workspace.load(
        command.files ?? presetFiles(command.preset ?? "default"),
        command.preset ?? "snapshot",
        false,
      );
    if (command.tools) tools.restoreStates(command.tools);
    if (command.drill) drill.choose(command.drill, false);
    if (command.handlers) tools.restoreHandlers(command.handlers);
    if (command.breakpoints?.length) this.debugger.set(command.breakpoints);
    workspace.announceReady();
    // A drill carried over from a replaced worker is said again; a fresh session's "off" needs no word.
    if (command.drill) drill.announce();
    tools.refresh("init");
    if (command.learnerTools?.length)
      return this.learner.restore(command.learnerTools).then(() => tools.restoreChoices(command));
  }

  /** Resolves when no run is in progress and the player (if any) is idle. */
  async idle(): Promise<void> {
    for (;;) {
      await this.scenarios.player?.whenIdle();
      const { running } = this.session;
      if (!running) return;
      await running.catch(() => {});
    }
  }
}
