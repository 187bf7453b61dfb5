/**
 * One family of the session's events (the union and the emitter are in ../events.ts): the session, its
 * scenarios, and answers to commands.
 */
import type { SystemMessage } from "@core/system-prompt/types";
import type { PiVersionId } from "@core/versions/ids";
import type { AssistantMessage } from "../messages";
import type { DisplayStep, ScenarioTranslations } from "../scenario";

/** The session is up and holds a workspace on a backend. */
export interface SessionReadyEvent {
  type: "session_ready";
  backend: string;
  cwd: string;
  files: string[];
  /** the pi version the session starts on (absent in logs exported before there was a choice) */
  piVersion?: PiVersionId;
}

/**
 * The session imitates another pi version from now on: its tools, prompt, argument validation and loop
 * rules (the tool set and the prompt follow as their own events). The version a session starts on is in
 * session_ready.
 */
export interface PiVersionChangedEvent {
  type: "pi_version_changed";
  version: PiVersionId;
  previous: PiVersionId;
  /** what chose it: the picker, a scenario's `pi` field, a share link */
  cause: "picked" | "scenario" | "shared";
}

/** Something the session could not do; `message` says what to try next. */
export interface SessionErrorEvent {
  type: "session_error";
  /** the sentence in English, for the event log and exports */
  message: string;
  /** what it says, for the page to word in its own language (`message` when there is none) */
  about?: SessionErrorAbout;
  /** the command's id, when it carried one */
  commandId?: string;
}

/** What a session error is about, as a code and its values; an error's own message stays as it came. */
export type SessionErrorAbout =
  | { code: "busy" }
  | { code: "noScenario" }
  | { code: "unknownTool"; name: string }
  /** a tool the version lists but the playground never offers to a model (1.6.0's powershell) */
  | { code: "notOffered"; name: string }
  | { code: "noHandler"; tool: string; handler: string; offered: string }
  | { code: "unknownDrill"; id: string; known: string }
  | { code: "nothingToUndo" }
  | { code: "unknownPreset"; name: string; known: string }
  | { code: "noProvider" }
  | { code: "badSharedPath"; path: string }
  | { code: "noMemfs"; backend: string }
  | { code: "noLearnerTool"; name: string }
  | { code: "workerFailed"; error: string }
  | { code: "argsNotJson"; error: string }
  | { code: "argsNotObject" }
  | { code: "noCalls" }
  | { code: "duplicateIds" }
  /** one call of a composed turn: what is wrong with it, or its error's message */
  | { code: "inCall"; n: number; tool: string; about?: SessionErrorAbout; error?: string }
  /** anything else the session threw: its message, as the engine or a backend wrote it */
  | { code: "failed"; error: string };

/**
 * The page starts over: the conversation, the timeline, the dispatch table's counters and the notices are
 * cleared (a Restart, or a scenario picked without "keep history"). The event log keeps everything, so an
 * export still replays to the same picture.
 */
export interface SessionClearedEvent {
  type: "session_cleared";
  /** what started over, in the learner's words */
  reason: string;
}

/**
 * pi 1.6.0's first system message (the prompt, and the tools it declares) entered the conversation
 * before a run. pi's Agent puts it there when it is made, with no event of pi's; this page's own event
 * lets the transcript and the context gauge show it. Later system messages (prompt patches, tool
 * changes) are pi's own message events.
 */
export interface SystemMessageSeededEvent {
  type: "system_message_seeded";
  message: SystemMessage;
}

export interface ScenarioLoadedEvent {
  type: "scenario_loaded";
  title: string;
  description: string;
  /** the title and description in the page's other languages, when the file has them */
  translations?: ScenarioTranslations;
  /** the steps the player shows and counts: the file's, and one per call result (DisplayStep) */
  steps: DisplayStep[];
}

export type ScenarioStatus = "ready" | "playing" | "paused" | "done";

/**
 * The player moved: `next` is the index of the file's step it will take next (of `total`); `current` is
 * the shown step (an index into scenario_loaded's steps) it is on, -1 before the first.
 */
export interface ScenarioStateEvent {
  type: "scenario_state";
  status: ScenarioStatus;
  next: number;
  total: number;
  current: number;
  speed: number;
  /** playing stops after each call result until Play or Step */
  pauseAfterCall: boolean;
}

/** A scenario step was taken: `index` is the file's step, `display` the shown step (a call result too). */
export interface ScenarioStepEvent {
  type: "scenario_step";
  index: number;
  display: number;
  kind: DisplayStep["kind"];
  /** the call whose result was shown (kind "result") */
  toolCallId?: string;
}

/** A model request was answered by a driver (scripted, manual): what it was given and what it replied. */
export interface DriverRequestEvent {
  type: "driver_request";
  driver: "scripted" | "manual";
  /** index of the scenario step used, or null for the synthetic aborted reply */
  step: number | null;
  messages: number;
  tools: string[];
  stopReason: AssistantMessage["stopReason"];
}

/**
 * A message sent while a model run goes waits as pi's follow-up does (pi-agent-core's `followUp`): the
 * run takes it when the model would stop, one at a time. `prompt_dequeued` says when it went in (its
 * user message follows) or was dropped (the run ended by an error or an abort first).
 */
export interface PromptQueuedEvent {
  type: "prompt_queued";
  id: string;
  text: string;
}

export interface PromptDequeuedEvent {
  type: "prompt_dequeued";
  id: string;
  outcome: "sent" | "dropped";
}

/** The run was asked to stop (Esc, or a scenario's abortAfterMs). */
export interface AbortRequestedEvent {
  type: "abort_requested";
  source: "user" | "scenario";
}
