/**
 * The protocol's commands and requests mapped onto the session's methods, apart from the session file:
 * this is the one place that reads a command's fields, so the session's methods stay plain operations.
 */
import type { FileContent, SessionCommand, SessionReplies, SessionRequest } from "@agent/protocol";
import { base64Encode, isUtf8Text, utf8Decode } from "@core/bytes";
import { runCompromiseDemo } from "./compromises/run-demo";
import { listVolume } from "./compromises/volume";
import type { PlaygroundSession } from "./session";

/** Runs one command (named `route` so that "dispatch" stays the dispatch table's word). */
export function route(session: PlaygroundSession, command: SessionCommand): unknown {
  switch (command.type) {
    case "init":
      return session.init(command);
    case "reset_workspace":
      return session.resetWorkspace(command.preset);
    case "run_tool_call":
      return session.runToolCall(command.toolName, command.args, command.toolCallId);
    case "run_turn":
      return session.runTurn(command);
    case "scenario_load":
      return session.loadScenario(command.scenario, { keepHistory: command.keepHistory });
    case "scenario_play":
      return session.requirePlayer().play(command.speed);
    case "scenario_step":
      return session.requirePlayer().step();
    case "scenario_pause":
      return session.requirePlayer().pause();
    case "scenario_speed":
      return session.requirePlayer().setSpeed(command.speed);
    case "model_prompt":
      return session.runModelPrompt(command.text, command.model);
    case "scenario_pause_after_call":
      return session.setPauseAfterCall(command.value);
    case "abort":
      return session.abort("user");
    case "set_tool_state":
      return session.setToolState(command.name, command.state);
    case "set_tool_handler":
      return session.setToolHandler(command.name, command.handler);
    case "write_file":
      return session.writeFile(command.path, command.content);
    case "set_drill":
      return session.setDrill(command.drill);
    case "import_files":
      return session.importFiles(command.entries);
    case "load_shared":
      return session.loadShared(command.shared);
    case "set_backend":
      return session.setBackend(command);
    case "register_tool":
      return session.learner.register(command.source, command.replace === true);
    case "remove_tool":
      return session.learner.remove(command.name);
  }
}

/** Answers a request the page waits on; the answer goes back beside the event stream, never into it. */
export function answer<T extends SessionRequest>(
  session: PlaygroundSession,
  request: T,
): SessionReplies[T["type"]] | Promise<SessionReplies[T["type"]]> {
  switch (request.type) {
    case "model_request":
      return session.nextModelRequest(request.model) as Promise<SessionReplies[T["type"]]>;
    case "read_file": {
      const { backend } = session;
      const path = `${backend.root}/${request.path}`;
      const data = backend.readFile(path);
      if (data === undefined) throw new Error(`ENOENT: no such file or directory, open '${path}'`);
      const text = isUtf8Text(data) ? utf8Decode(data) : null;
      const reply: FileContent = text === null ? { text, base64: base64Encode(data) } : { text };
      return reply as SessionReplies[T["type"]];
    }
    case "save_scenario":
      return session.saveScenario(request.title) as SessionReplies[T["type"]];
    case "share_state":
      return session.shareState() as SessionReplies[T["type"]];
    case "backend_self_test":
      return session.selfTest() as Promise<SessionReplies[T["type"]]>;
    case "compromise_demo":
      return runCompromiseDemo(request.id) as Promise<SessionReplies[T["type"]]>;
    case "list_volume":
      return listVolume(session.workspace) as SessionReplies[T["type"]];
    case "compile_tool":
      return session.learner.check(request.source) as Promise<SessionReplies[T["type"]]>;
  }
}
