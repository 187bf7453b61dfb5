/**
 * The scenario format: scripted turns that replay offline with no key. The messages are pi-ai's, so the
 * same file can be fed to pi-agent-core. A `user` step starts a run; each model request in that run takes
 * the next `assistant` step; a `tools` step between runs changes the tool set. docs/scenarios.md describes
 * the format for authors; its definition is src/agent/scenario-schema.ts.
 *
 * Both the page (before it sends a scenario) and the session in the worker (whatever it is sent) parse
 * with `parseScenario`, so a bad scenario is one Error with one clear line wherever it comes from.
 */

import type { PiVersionId } from "@core/versions/ids";
import type { Static } from "typebox";
import type { AssistantMessage, StopReason } from "./messages";
import { describeProblem } from "./scenario-errors";
import { type ScenarioInput, ScenarioSchema, type TranslationsSchema } from "./scenario-schema";

/** The files map: text, bytes, a symlink or an empty folder. */
export type ScenarioFileSpec = string | { base64: string } | { symlink: string } | { dir: true };
export type ScenarioFiles = Record<string, ScenarioFileSpec>;

/** `active`: declared and executable; `hidden`: executable but not declared to the model. */
export interface ScenarioTools {
  active: string[];
  hidden?: string[];
}

interface StepTiming {
  /** pause before this step while playing, in place of the player's own pace (src/agent/pace.ts) */
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

/** A scenario's title and description per page language; what a language lacks is shown in English. */
export type ScenarioTranslations = Static<typeof TranslationsSchema>;

/** A scenario as the loader returns it: validated, with its defaults filled in. */
export interface Scenario {
  title: string;
  description: string;
  translations?: ScenarioTranslations;
  /** the pi version it is played on (the session's when absent) */
  pi?: PiVersionId;
  workspace?: { files: ScenarioFiles };
  tools?: ScenarioTools;
  steps: ScenarioStep[];
}

/** A scenario file larger than this is refused before it is parsed: it would freeze the page. */
export const MAX_SCENARIO_BYTES = 5 * 1024 * 1024;

export function stepKind(step: ScenarioStep): "user" | "assistant" | "tools" {
  if ("user" in step) return "user";
  if ("assistant" in step) return "assistant";
  return "tools";
}

/**
 * What the player shows and counts as one step: each step of the file, and after an assistant step, one
 * step per call result (the result going back to the model is what a presenter stops to explain). `file`
 * is the index of the file's step it belongs to.
 */
export interface DisplayStep {
  kind: "user" | "assistant" | "tools" | "result";
  file: number;
  /** the step's own text (a prompt, the model's reply): the model's English, shown as it is */
  summary: string;
  /** the call whose result this step is (kind "result") */
  toolCallId?: string;
  /** the tool that call went to (kind "result") */
  toolName?: string;
  /** the tools a `tools` step makes active */
  tools?: string[];
}

export function displaySteps(steps: readonly ScenarioStep[]): DisplayStep[] {
  return steps.flatMap((step, file): DisplayStep[] => {
    const own: DisplayStep = {
      kind: stepKind(step),
      file,
      summary: summarize(step),
      ...("tools" in step ? { tools: [...step.tools.active] } : {}),
    };
    if (!("assistant" in step)) return [own];
    const results = step.assistant.content.flatMap((c) =>
      c.type === "toolCall"
        ? [
            {
              kind: "result" as const,
              file,
              summary: `result of ${c.name} (${c.id})`,
              toolCallId: c.id,
              toolName: c.name,
            },
          ]
        : [],
    );
    return [own, ...results];
  });
}

function summarize(step: ScenarioStep): string {
  if ("user" in step) return step.user;
  if ("tools" in step) return `tools: ${step.tools.active.join(", ")}`;
  return step.assistant.content
    .map((c) =>
      c.type === "toolCall"
        ? `${c.name}(${JSON.stringify(c.arguments) ?? ""})`
        : c.type === "text"
          ? c.text
          : "…",
    )
    .join(" ");
}

/** What the file is called in messages, and the title it gets when it has none. */
const DEFAULT_SOURCE = "scenario";

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, "")} MB`;

/** Throws the one-line error for a file over the limit; call it before reading or parsing the file. */
export function checkScenarioSize(bytes: number, source = DEFAULT_SOURCE): void {
  if (bytes <= MAX_SCENARIO_BYTES) return;
  let found = megabytes(bytes);
  let limit = megabytes(MAX_SCENARIO_BYTES);
  // Just over the limit both round to "5 MB": then bytes tell them apart.
  if (found === limit) [found, limit] = [`${bytes} bytes`, `${MAX_SCENARIO_BYTES} bytes (${limit})`];
  throw new Error(
    `${source}: found ${found}, expected at most ${limit} per scenario file ` +
      "(keep big files out of the workspace map, or start from a smaller workspace)",
  );
}

/** Parses a scenario file's text: the size limit, then JSON, then the format. */
export function parseScenarioText(text: string, source = DEFAULT_SOURCE): Scenario {
  // UTF-16 units undercount bytes by at most 3×; the exact count is only needed near the limit.
  if (text.length * 3 > MAX_SCENARIO_BYTES) checkScenarioSize(new TextEncoder().encode(text).length, source);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `${source}: found text that is not JSON (${(error as Error).message}), expected a JSON object with a ` +
        "steps array (look for a missing comma, quote or bracket there)",
    );
  }
  return parseScenario(value, source);
}

/**
 * Checks a parsed value against the format and fills in the defaults; throws an Error whose message is
 * one line: `<source>: <path>: found …, expected … (advice)`.
 */
export function parseScenario(value: unknown, source = DEFAULT_SOURCE): Scenario {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`${source}: found ${kindOf(value)}, expected a JSON object with a steps array`);
  const problem = describeProblem(ScenarioSchema, value) ?? workspaceClash(value as ScenarioInput);
  if (problem) throw new Error(`${source}: ${problem}`);
  return withDefaults(value as ScenarioInput, source);
}

/**
 * The first path of `files` that sits inside another entry that is not a folder (`a` a file and `a/b`
 * too), with that entry; undefined when there is none. Loading such a map would fail half-way through
 * replacing the workspace, so every reader of a files map refuses it first.
 */
export function clashIn(
  files: ScenarioFiles,
): { path: string; parent: string; spec: ScenarioFileSpec } | undefined {
  for (const path of Object.keys(files)) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      const parent = parts.slice(0, i).join("/");
      const spec = files[parent];
      if (spec === undefined || (typeof spec === "object" && "dir" in spec)) continue;
      return { path, parent, spec };
    }
  }
  return undefined;
}

/** What a schema cannot say: a path inside another entry that is not a folder (clashIn). */
function workspaceClash(input: ScenarioInput): string | undefined {
  const clash = clashIn(input.workspace?.files ?? {});
  if (!clash) return undefined;
  const { path, parent, spec } = clash;
  const what = typeof spec === "object" && "symlink" in spec ? "a symlink" : "a file";
  return (
    `workspace.files[${JSON.stringify(path)}]: found it inside ${JSON.stringify(parent)}, which is ${what}, ` +
    `expected its parent to be a folder (drop one of the two, or make ${JSON.stringify(parent)} {"dir": true})`
  );
}

const kindOf = (value: unknown) =>
  value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;

/**
 * pi-ai's defaults: an assistant message that holds a tool call stopped for `toolUse`, any other one for
 * `stop`. A title falls back to the file's name. `$schema` (for editors) and any other fields pi-ai's
 * messages carry (usage, timestamp…) are dropped here.
 */
function withDefaults(input: ScenarioInput, source: string): Scenario {
  const steps = input.steps.map((step): ScenarioStep => {
    if (!("assistant" in step)) return step;
    const { content, stopReason, errorMessage } = step.assistant;
    const reason: StopReason =
      stopReason ?? (content.some((c) => c.type === "toolCall") ? "toolUse" : "stop");
    return {
      ...step,
      assistant: {
        // pi-ai's type says a call's arguments are an object; what a model sends may be any JSON value, or
        // none, and the call's pipeline answers each as pi's does. So they are passed on as written.
        content: content as AssistantStep["assistant"]["content"],
        stopReason: reason,
        ...(errorMessage !== undefined ? { errorMessage } : {}),
      },
    };
  });
  return {
    title: input.title ?? titleFrom(source),
    description: input.description ?? "",
    ...(input.translations ? { translations: input.translations } : {}),
    ...(input.pi ? { pi: input.pi } : {}),
    ...(input.workspace ? { workspace: input.workspace } : {}),
    ...(input.tools ? { tools: input.tools } : {}),
    steps,
  };
}

const titleFrom = (source: string) => source.replace(/^.*[\\/]/, "").replace(/\.json$/i, "") || source;
