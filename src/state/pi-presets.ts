/**
 * "What changed in pi": one-click comparisons of pi 0.73.1 and pi 1.6.0 on the same files. Each preset
 * is a small scenario shipped in public/scenarios/changed/, run on memfs with one version per side, and
 * names the difference it is there to show, so the panes can point at it.
 */
import type { ModelChoice } from "@agent/drivers/model-presets";
import type { PiVersionId } from "@core/versions/ids";
import type { CallField } from "./compare-backends";

/**
 * Where a preset's difference shows: a field of a call, the files afterwards, the prompt, or the next
 * model request's body ("wire").
 */
export type PresetAbout = Exclude<CallField, "missing" | "ms"> | "files" | "prompt" | "wire";

export interface PiPreset {
  id: string;
  /** the scenario's file under public/scenarios/ */
  file: string;
  about: PresetAbout;
}

export const PRESET_SIDES: readonly [PiVersionId, PiVersionId] = ["0.73.1", "1.6.0"];

export const PI_PRESETS: readonly PiPreset[] = [
  { id: "bash-exit", file: "changed/bash-exit.json", about: "structured" },
  { id: "edit-normalise", file: "changed/edit-normalise.json", about: "files" },
  { id: "find-anchor", file: "changed/find-anchor.json", about: "text" },
  { id: "grep-context", file: "changed/grep-context.json", about: "text" },
  { id: "validation", file: "changed/validation.json", about: "text" },
  { id: "prompt", file: "changed/prompt.json", about: "prompt" },
  { id: "length", file: "changed/length.json", about: "status" },
  { id: "strict", file: "changed/strict.json", about: "wire" },
];

/**
 * The model a "wire" preset's request is written for: a local OpenAI-compatible server said to accept
 * strict tool schemas and system messages and tool additions mid-conversation, so that each version's
 * pi-ai does all it would. Nothing is sent: the page only has each pi-ai build the body.
 */
export const WIRE_PRESET_MODEL: ModelChoice = {
  provider: "local-server",
  api: "openai-completions",
  baseUrl: "http://localhost:8080/v1",
  modelId: "any-local-model",
  thinkingLevel: "off",
  compat: {
    supportsStrictMode: true,
    supportsMidConvoSystemMessages: true,
    supportsMidConvoToolAdditions: true,
  },
};

export const presetByFile = (file: string): PiPreset | undefined => PI_PRESETS.find((p) => p.file === file);
