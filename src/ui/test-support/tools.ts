/** The tool rows a session announces (tool_set_changed), in the shape the worker sends them. */
import type { SessionEventBody, ToolRow } from "@agent/events";

const row = (name: string, parameters: unknown, state: ToolRow["state"] = "active"): ToolRow => ({
  name,
  label: name,
  description: `pi's ${name} tool`,
  parameters,
  hasPrepareArguments: name === "edit",
  state,
  backend: "memfs",
  backendKind: "memfs",
});

export const READ = row("read", {
  type: "object",
  required: ["path"],
  properties: {
    path: { type: "string", description: "Path to the file to read (relative or absolute)" },
    offset: { type: "number", description: "Line number to start reading from (1-indexed)" },
    limit: { type: "number", description: "Maximum number of lines to read" },
  },
});

export const WRITE = row("write", {
  type: "object",
  required: ["path", "content"],
  properties: {
    path: { type: "string", description: "Path to the file to write (relative or absolute)" },
    content: { type: "string", description: "Content to write to the file" },
  },
});

export const GREP = row(
  "grep",
  {
    type: "object",
    required: ["pattern"],
    properties: { pattern: { type: "string", description: "Search pattern (regex or literal string)" } },
  },
  "off",
);

/** The event that fills the dispatch table (and the call form's tool list). */
export const toolSet = (tools: readonly ToolRow[] = [READ, WRITE, GREP]): SessionEventBody => ({
  type: "tool_set_changed",
  tools: [...tools],
  added: [],
  removed: [],
});
