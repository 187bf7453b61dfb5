/**
 * What the host (a session or exercise worker) and the sandbox ask each other (rpc.ts carries it). The
 * host asks the sandbox to load a file and to run what it defined; the sandbox asks the host for the
 * workspace: a file operation, a built-in tool's run, a turn in the file mutation queue. Every argument
 * and answer is plain data.
 */
import type { ToolRow } from "@agent/events";
import type { ToolDiagnostic } from "../learner-tools/diagnostics";

/** A tool definition without its functions: what the host needs to declare it and to call it back. */
export interface ToolMeta
  extends Pick<
    ToolRow,
    "name" | "label" | "description" | "parameters" | "promptSnippet" | "promptGuidelines" | "executionMode"
  > {
  /**
   * The fields of pi 1.6.0's tool definitions the file sets (FIELDS_1_6_0): plain data as given, a function
   * as "(a function)". Shown with the tool; of them only a JSON-schema `constrainedSampling` is acted on (model
   * mode's 1.6.0 pi-ai sends the tool's schema strict where the model allows).
   */
  fields16?: Record<string, unknown>;
}

/** Definition fields pi 1.6.0 added (code mode, MCP, loadouts); pi 0.73.1 knows none of them. */
const FIELDS_1_6_0 = [
  "outputSchema",
  "constrainedSampling",
  "exposure",
  "namespace",
  "annotations",
  "defaultActive",
  "reachesTools",
  "prepareLoadout",
] as const;

/**
 * A definition's data, as it crosses the channel (its functions stay where they are): the built-ins the
 * host declares to the sandbox, and the tools a learner's file defines, sent back to the host.
 */
export function toolMeta(d: Omit<ToolMeta, "fields16">): ToolMeta {
  const meta: ToolMeta = {
    name: d.name,
    label: d.label,
    description: d.description,
    parameters: d.parameters,
  };
  if (d.promptSnippet !== undefined) meta.promptSnippet = d.promptSnippet;
  if (d.promptGuidelines !== undefined) meta.promptGuidelines = [...d.promptGuidelines];
  if (d.executionMode !== undefined) meta.executionMode = d.executionMode;
  const fields16: Record<string, unknown> = {};
  for (const field of FIELDS_1_6_0) {
    const value = (d as Record<string, unknown>)[field];
    if (value !== undefined) fields16[field] = typeof value === "function" ? "(a function)" : value;
  }
  // pi 1.6.0's ctx.executeTool: seen in execute's source, so pi 0.73.1's missing one can be warned of.
  const execute = (d as { execute?: unknown }).execute;
  if (typeof execute === "function" && /\bexecuteTool\b/.test(String(execute)))
    fields16["ctx.executeTool"] = "(called by execute)";
  if (Object.keys(fields16).length > 0) meta.fields16 = fields16;
  return meta;
}

/** host → sandbox */
export interface SandboxCalls {
  /**
   * Runs a compiled tool file and checks what it registers. `builtins` are the built-in tools' names
   * (a clash unless `replace`) and `tools` their definitions, for create<Tool>ToolDefinition.
   */
  load_tool: {
    args: { code: string; root: string; builtins: readonly string[]; replace: boolean; tools: ToolMeta[] };
    answer: { ok: true; file: number; tools: ToolMeta[] } | { ok: false; diagnostics: ToolDiagnostic[] };
  };
  /** one call of a loaded tool's execute; partial results arrive as updates */
  execute: {
    args: {
      file: number;
      tool: string;
      toolCallId: string;
      params: unknown;
      cwd: string;
      /** pi 1.6.0: the tools `ctx.executeTool` may run; absent under 0.73.1, whose ctx has neither */
      nested?: { tools: readonly string[] };
    };
    answer: unknown;
  };
  /** forgets a loaded file (replaced or removed) */
  drop: { args: { file: number }; answer: undefined };
  /** runs a compiled exercise module; its exports that are functions are called with call_export */
  load_module: {
    args: { code: string; root: string };
    answer:
      | { ok: true; module: number; functions: string[]; values: Record<string, unknown> }
      | { ok: false; diagnostics: ToolDiagnostic[] };
  };
  call_export: { args: { module: number; name: string; args: unknown[] }; answer: unknown };
}

/** sandbox → host */
export interface HostCalls {
  /** one method of node:fs/promises over the workspace (FS_METHODS), its answer encoded (fs-values.ts) */
  fs: { args: { method: string; args: unknown[] }; answer: unknown };
  /** a built-in tool's execute, run by the host over the workspace's Operations */
  builtin: {
    args: { tool: string; cwd: string; options: unknown; toolCallId: string; params: unknown };
    answer: unknown;
  };
  /**
   * pi 1.6.0's `ctx.executeTool` from the running call `toolCallId`: another tool run through the
   * session's pipeline; answers its outcome (updates arrive as the nested tool sends them)
   */
  execute_tool: { args: { toolCallId: string; name: string; args: unknown }; answer: unknown };
  /** waits for a turn in the file mutation queue; answers a lock id once the turn has come */
  lock: { args: { path: string }; answer: number };
  unlock: { args: { lock: number }; answer: undefined };
}

/** The node:fs/promises methods a learner's code reaches; each runs on the workspace's volume. */
export const FS_METHODS = [
  "access",
  "appendFile",
  "chmod",
  "copyFile",
  "cp",
  "link",
  "lstat",
  "mkdir",
  "mkdtemp",
  "readdir",
  "readFile",
  "readlink",
  "realpath",
  "rename",
  "rm",
  "rmdir",
  "stat",
  "symlink",
  "truncate",
  "unlink",
  "utimes",
  "writeFile",
] as const;

/** The built-in tools a learner's file can build with create<Tool>ToolDefinition. */
export const BUILTIN_TOOLS = ["read", "bash", "edit", "write", "grep", "find", "ls"] as const;
