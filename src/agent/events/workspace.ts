/**
 * One family of the session's events (the union and the emitter are in ../events.ts): the workspace, the
 * prompt, the dispatch table, the backend and the drill.
 */
import type { BackendKind } from "@core/backend-kinds";
import type {
  RuleLine,
  SystemPromptPatch,
  SystemPromptSections,
  ToolDeclaration,
} from "@core/system-prompt/types";

/** A change in the workspace's file system; `source` says who made it. */
export interface FileChangedEvent {
  type: "file_changed";
  change: "create" | "delete" | "modify" | "move";
  /** workspace-relative path */
  path: string;
  oldPath?: string;
  source: "tool" | "editor" | "reset";
  /** the call running when it happened (when only one was) */
  toolCallId?: string;
}

/** The workspace was replaced (init, reset to a preset, a scenario's own files). */
export interface WorkspaceResetEvent {
  type: "workspace_reset";
  preset: string;
  cwd: string;
  files: string[];
}

export interface PromptSectionView {
  name: string;
  /** as it goes into the prompt (tagged, except preamble) */
  text: string;
  chars: number;
}

/**
 * The system prompt changed (or was first built: `patch` holds every section). `update` is what
 * `renderSystemMessageUpdate` would tell a provider that accepts system messages mid-conversation.
 */
export interface PromptSectionsChangedEvent {
  type: "prompt_sections_changed";
  reason: "init" | "tools" | "workspace" | "custom";
  sections: PromptSectionView[];
  patch: SystemPromptPatch;
  update: string;
  rules: RuleLine[];
  rendered: string;
  /** full section map, for consumers that want it keyed */
  byName: SystemPromptSections;
}

export type ToolState = "active" | "hidden" | "off";

/** One row of the dispatch table. */
export interface ToolRow {
  name: string;
  label: string;
  description: string;
  parameters: unknown;
  promptSnippet?: string;
  promptGuidelines?: string[];
  executionMode?: "sequential" | "parallel";
  /** whether a compatibility shim runs on the raw arguments before validation (pi: only edit) */
  hasPrepareArguments: boolean;
  state: ToolState;
  /** which Operations backend the tool's closure holds: its id, as the table shows it */
  backend: string;
  /** that backend's kind (absent in logs exported before the kind travelled with the id) */
  backendKind?: BackendKind;
  /** the handler the table points the name at ("pi" when absent) */
  handler?: string;
  /** the handlers offered for this name, pi's first */
  handlers?: string[];
  /** "learner": written in the page's tool editor (pi's own tools have no origin) */
  origin?: "learner";
  /** the built-in this learner tool takes the place of */
  replaces?: string;
  /** a learner tool's fields of pi 1.6.0's definition format (data as given; a function as "(a function)") */
  fields16?: Record<string, unknown>;
  /** the version lists it, but it is never offered to a model here (1.6.0's powershell, Windows only) */
  listedOnly?: true;
}

/**
 * The table now points a tool's name at another handler (pi's, mini-pi's, …). The definition stays, so
 * the prompt and the declarations do not change, and no prompt event follows.
 */
export interface ToolHandlerChangedEvent {
  type: "tool_handler_changed";
  name: string;
  handler: string;
  previous: string;
}

/** The tool set changed: the dispatch table and the declarations the next request will carry. */
export interface ToolSetChangedEvent {
  type: "tool_set_changed";
  tools: ToolRow[];
  added: ToolDeclaration[];
  removed: string[];
}

export interface BackendChangedEvent {
  type: "backend_changed";
  backend: string;
  cwd: string;
  /** what kind of backend it is, for the page to explain (absent in logs exported before it was added) */
  kind?: BackendKind;
  /** codes of its limits, for the page to word (namespace backends) */
  limits?: string[];
  /** tool name → the backend its closure holds, when they differ from `backend` */
  tools?: Record<string, string>;
}

/** The drill in force changed (or the session says which one holds, after session_ready): "off" or a preset's id. */
export interface DrillChangedEvent {
  type: "drill_changed";
  drill: string;
  /** the files from before the last drill can be brought back (undo_drill): the drill is off again */
  undo?: boolean;
}

/** The faulty disk did something to one of a tool's operations (src/backends/faulty). */
export interface FaultInjectedEvent {
  type: "fault_injected";
  toolName: string;
  /** the Operations method: readFile, writeFile, readdir, exec, … */
  op: string;
  /** relative to the workspace root ("" for the root) */
  path: string;
  kind: "error" | "latency" | "short-write" | "hang";
  code?: string;
  ms?: number;
  /** the thrown error's text, exactly */
  message?: string;
}
