/**
 * The scenario format (issue 5 §7): scripted turns that replay offline with no key. The messages are
 * pi-ai's, so the same file can be fed to pi-agent-core. A `user` step starts a run; each model request
 * in that run takes the next `assistant` step; a `tools` step between runs changes the tool set.
 */
import { DEFAULT_TOOL_NAMES } from "@core/tools/names";
import type { AssistantMessage } from "./messages";

/** The files map of shared/conformance: text, bytes, a symlink or an empty folder. */
export type ScenarioFileSpec = string | { base64: string } | { symlink: string } | { dir: true };
export type ScenarioFiles = Record<string, ScenarioFileSpec>;

/** `active`: declared and executable; `hidden`: executable but not declared to the model. */
export interface ScenarioTools {
  active: string[];
  hidden?: string[];
}

interface StepTiming {
  /** pause before this step, to pace a demo */
  delayMs?: number;
}

export interface UserStep extends StepTiming {
  user: string;
  /** abort this run after the delay (Esc), to show what abort does */
  abortAfterMs?: number;
}

export interface AssistantStep extends StepTiming {
  assistant: Pick<AssistantMessage, "content" | "stopReason"> & { errorMessage?: string };
}

export interface ToolsStep extends StepTiming {
  tools: ScenarioTools;
}

export type ScenarioStep = UserStep | AssistantStep | ToolsStep;

export interface Scenario {
  title: string;
  description: string;
  workspace?: { files: ScenarioFiles };
  tools?: ScenarioTools;
  steps: ScenarioStep[];
}

export const DEFAULT_ACTIVE_TOOLS: readonly string[] = DEFAULT_TOOL_NAMES;

export function stepKind(step: ScenarioStep): "user" | "assistant" | "tools" {
  if ("user" in step) return "user";
  if ("assistant" in step) return "assistant";
  return "tools";
}

/** Checks a parsed JSON value against the format; throws an Error naming the first problem. */
export function parseScenario(value: unknown): Scenario {
  const fail = (what: string): never => {
    throw new Error(`Invalid scenario: ${what}`);
  };
  if (typeof value !== "object" || value === null) return fail("not an object");
  const s = value as Record<string, unknown>;
  if (typeof s.title !== "string") fail("title must be a string");
  if (typeof s.description !== "string") fail("description must be a string");
  if (!Array.isArray(s.steps)) return fail("steps must be an array");
  const checkTools = (t: unknown, where: string) => {
    const tools = t as ScenarioTools;
    if (typeof t !== "object" || t === null || !Array.isArray(tools.active))
      fail(`${where}.active must be an array`);
    if (tools.hidden !== undefined && !Array.isArray(tools.hidden)) fail(`${where}.hidden must be an array`);
  };
  if (s.tools !== undefined) checkTools(s.tools, "tools");
  if (s.workspace !== undefined) {
    const files = (s.workspace as { files?: unknown }).files;
    if (typeof files !== "object" || files === null) fail("workspace.files must be an object");
  }
  for (const [i, step] of (s.steps as unknown[]).entries()) {
    if (typeof step !== "object" || step === null) fail(`steps[${i}] is not an object`);
    const st = step as Record<string, unknown>;
    const kinds = ["user", "assistant", "tools"].filter((k) => k in st);
    if (kinds.length !== 1) fail(`steps[${i}] must have exactly one of user, assistant, tools`);
    if ("user" in st && typeof st.user !== "string") fail(`steps[${i}].user must be a string`);
    if ("assistant" in st) {
      const a = st.assistant as { content?: unknown; stopReason?: unknown };
      if (!Array.isArray(a?.content)) fail(`steps[${i}].assistant.content must be an array`);
      if (typeof a.stopReason !== "string") fail(`steps[${i}].assistant.stopReason must be a string`);
    }
    if ("tools" in st) checkTools(st.tools, `steps[${i}].tools`);
  }
  return value as Scenario;
}
