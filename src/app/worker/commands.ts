/**
 * The protocol's commands and questions, each passed to the part that owns it: the session's workspace,
 * tools or run, or a feature. This is the one place that reads a command's fields, so the owners' methods
 * stay plain operations. The compromise table's "Show me" is not answered here: it runs fresh sessions,
 * and the worker answers it (worker.ts).
 */
import type { SessionCommand, SessionReplies, SessionRequest } from "@agent/protocol";
import { aboutOf } from "@agent/session-fault";
import { listVolume } from "./compromises/volume";
import type { SessionDebugger } from "./debugger";
import type { SessionDrill } from "./drill";
import type { HandCalls } from "./hand-calls";
import type { SessionLearnerTools } from "./learner-tools/session-learner";
import type { ModelMode } from "./model-mode";
import type { SessionRecording } from "./recording";
import type { ScenarioPlayback } from "./scenario-playback";
import type { PlaygroundSession } from "./session";
import type { KeepAndShare } from "./share/keep-and-share";

/** The owners of the commands (playground.ts builds them). */
export interface Owners {
  session: PlaygroundSession;
  hand: HandCalls;
  scenarios: ScenarioPlayback;
  model: ModelMode;
  drill: SessionDrill;
  learner: SessionLearnerTools;
  share: KeepAndShare;
  recording: SessionRecording;
  debugger: SessionDebugger;
  init(command: Extract<SessionCommand, { type: "init" }>): unknown;
}

/** The questions answered here; "Show me" runs fresh sessions and is answered by the worker. */
export type AnsweredHere = Exclude<SessionRequest, { type: "compromise_demo" }>;
export type Replies<T extends SessionRequest> = SessionReplies[T["type"]];

/** Runs one command; a failure, at once or later, becomes a session_error event. */
export function handle(owners: Owners, command: SessionCommand): void {
  const commandId = "id" in command && typeof command.id === "string" ? command.id : undefined;
  try {
    const result = route(owners, command);
    if (result instanceof Promise) result.catch((e: unknown) => fail(owners.session, e, commandId));
  } catch (e) {
    fail(owners.session, e, commandId);
  }
}

/** A command that failed, as a session_error: its English sentence and, for the page, what it is about. */
function fail(session: PlaygroundSession, e: unknown, commandId: string | undefined) {
  const message = e instanceof Error ? e.message : String(e);
  session.emit({
    type: "session_error",
    message,
    about: aboutOf(e, message),
    ...(commandId ? { commandId } : {}),
  });
}

/** Runs one command (named `route` so that "dispatch" stays the dispatch table's word). */
export function route(owners: Owners, command: SessionCommand): unknown {
  const { session, hand, scenarios, model, drill, learner, share } = owners;
  const { workspace, tools } = session;
  switch (command.type) {
    case "init":
      return owners.init(command);
    case "reset_workspace":
      return workspace.reset(command.preset);
    case "run_tool_call":
      return hand.runToolCall(command.toolName, command.args, command.toolCallId);
    case "run_turn":
      return hand.runTurn(command);
    case "scenario_load":
      return scenarios.load(command.scenario, { keepHistory: command.keepHistory });
    case "scenario_play":
      return scenarios.requirePlayer().play(command.speed);
    case "scenario_step":
      return scenarios.requirePlayer().step();
    case "scenario_pause":
      return scenarios.requirePlayer().pause();
    case "scenario_speed":
      return scenarios.requirePlayer().setSpeed(command.speed);
    case "model_prompt":
      return model.prompt(command.text, command.model);
    case "scenario_pause_after_call":
      return scenarios.setPauseAfterCall(command.value);
    case "abort":
      return session.abort("user");
    case "set_tool_state":
      return tools.setToolState(command.name, command.state);
    case "set_tool_handler":
      return tools.setToolHandler(command.name, command.handler);
    case "write_file":
      return workspace.writeFile(command.path, command.content);
    case "set_drill":
      return drill.choose(command.drill);
    case "undo_drill":
      return drill.undo();
    case "import_files":
      return workspace.importFiles(command.entries);
    case "load_shared":
      return share.open(command.shared);
    case "set_backend":
      return workspace.setBackend(command);
    case "register_tool":
      return learner.register(command.source, command.replace === true);
    case "remove_tool":
      return learner.remove(command.name);
    case "set_pi_version":
      return session.setPiVersion(command.version, "picked");
    case "set_breakpoints":
      return owners.debugger.set(command.breakpoints);
    case "resume_call":
      return owners.debugger.resume(command);
  }
}

/** Answers a question the page waits on; the answer goes back beside the event stream, never into it. */
export function answer<T extends AnsweredHere>(owners: Owners, request: T): Replies<T> | Promise<Replies<T>> {
  const { workspace } = owners.session;
  switch (request.type) {
    case "model_request":
      return owners.model.nextRequest(request.model) as Promise<Replies<T>>;
    case "read_file":
      return workspace.fileContent(request.path) as Replies<T>;
    case "save_scenario":
      return owners.recording.save(request.title) as Replies<T>;
    case "share_state":
      return owners.share.state() as Replies<T>;
    case "backend_self_test":
      return workspace.selfTest() as Promise<Replies<T>>;
    case "list_volume":
      return listVolume(workspace.volume) as Replies<T>;
    case "compile_tool":
      return owners.learner.check(request.source) as Promise<Replies<T>>;
  }
}
