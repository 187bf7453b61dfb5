/**
 * "Save as scenario": a conversation turned into a scenario file that replays it offline. The file holds
 * what the model (or the person composing turns) said, not what the tools answered: replaying runs the
 * same calls on the same starting workspace, so the results come back by themselves.
 *
 * The session records where each run started in its transcript and the tool set it ran with; this module
 * turns that, the transcript and the files the conversation started from into the file. Pure, so a test
 * can check every shape a conversation takes.
 */
import type { PiVersionId } from "@core/versions/ids";
import type { AgentMessage, AssistantMessage } from "./messages";
import type { AssistantStep, ScenarioFiles, ScenarioStep, ScenarioTools } from "./scenario";
import type { ScenarioInput } from "./scenario-schema";

/** One run of the conversation: where it starts in the transcript, and the tools it ran with. */
export interface RecordedRun {
  at: number;
  tools: ScenarioTools;
}

export interface Recording {
  title: string;
  description?: string;
  /** the workspace as the conversation's first run found it */
  files: ScenarioFiles;
  /** the tool set the conversation started with */
  tools: ScenarioTools;
  transcript: readonly AgentMessage[];
  runs: readonly RecordedRun[];
  /** the pi version the conversation ran on */
  pi?: PiVersionId;
}

/** Where saved files point for editor support: the path from public/scenarios/, where shipped ones live. */
export const SAVED_SCHEMA_PATH = "../../docs/scenario.schema.json";

/**
 * A run started with no message of the user's (a call typed by hand) still needs a `user` step: in the
 * format, only a user step starts a run.
 */
export const HAND_CALL_PROMPT = "(The calls below were typed by hand.)";

const sameTools = (a: ScenarioTools, b: ScenarioTools) =>
  JSON.stringify([a.active, a.hidden ?? []]) === JSON.stringify([b.active, b.hidden ?? []]);

function userText(content: AgentMessage & { role: "user" }): string {
  const c = content.content;
  if (typeof c === "string") return c;
  return c.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

/** The reply as the format keeps it: the blocks' own fields only (no signatures, usage, model names). */
function assistantStep(message: AssistantMessage): AssistantStep {
  const content = message.content.map((b): AssistantMessage["content"][number] => {
    if (b.type === "text") return { type: "text", text: b.text };
    if (b.type === "thinking") return { type: "thinking", thinking: b.thinking };
    return { type: "toolCall", id: b.id, name: b.name, arguments: structuredClone(b.arguments) };
  });
  return {
    assistant: {
      content,
      stopReason: message.stopReason,
      ...(message.errorMessage !== undefined ? { errorMessage: message.errorMessage } : {}),
    },
  };
}

function runSteps(messages: readonly AgentMessage[]): ScenarioStep[] {
  const steps: ScenarioStep[] = [];
  for (const m of messages) {
    if (m.role === "user") steps.push({ user: userText(m) });
    else if (m.role === "assistant") {
      if (!steps.some((s) => "user" in s)) steps.push({ user: HAND_CALL_PROMPT });
      steps.push(assistantStep(m));
    }
    // Tool results are left out (replaying reproduces them), and so are the prompt's system messages
    // (the session writes them again from the tool set).
  }
  if (steps.length === 0) return steps;
  // A run stopped after its calls (a hand turn with no closing text) asked no model about the results;
  // replayed, the loop asks, and an empty reply ends the run where it ended.
  const last = [...messages].reverse().find((m) => m.role === "assistant" || m.role === "toolResult");
  if (last?.role === "toolResult") steps.push({ assistant: { content: [], stopReason: "stop" } });
  return steps;
}

/** The conversation as a scenario file (with `$schema`), ready for JSON.stringify. */
export function scenarioFromRecording(recording: Recording): ScenarioInput {
  const steps: ScenarioStep[] = [];
  let tools = recording.tools;
  recording.runs.forEach((run, i) => {
    const end = recording.runs[i + 1]?.at ?? recording.transcript.length;
    const own = runSteps(recording.transcript.slice(run.at, end));
    if (own.length === 0) return;
    if (!sameTools(run.tools, tools)) steps.push({ tools: run.tools });
    tools = run.tools;
    steps.push(...own);
  });
  return {
    $schema: SAVED_SCHEMA_PATH,
    title: recording.title,
    ...(recording.description ? { description: recording.description } : {}),
    ...(recording.pi ? { pi: recording.pi } : {}),
    workspace: { files: recording.files },
    // The session's tool names are the format's (every tool of src/core/tools).
    tools: recording.tools as ScenarioInput["tools"],
    steps: steps as ScenarioInput["steps"],
  };
}

/** A file name for the download: the title in plain letters, then `.scenario.json`. */
export function scenarioFileName(title: string): string {
  const base = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "conversation"}.scenario.json`;
}
