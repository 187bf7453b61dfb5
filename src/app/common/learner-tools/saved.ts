/**
 * The learner's tools as they travel: in this browser's saved workspace (`SavedState.learner`) and in
 * what a share link, a .zip or a scenario file carries. One small codec with two readers, because the
 * two sources are trusted differently:
 *
 * - `readSavedLearner`: this browser's own record. Its tools register again without asking, exactly as
 *   they were (switched on or off, each row's handler).
 * - `readTravellingTools`: anything from outside. Only names and source text survive it; the page then
 *   shows them and registers none until the learner accepts. Handler choices keep pi's and mini-pi's
 *   only: a row on the learner's handler needs that tool, and that tool is not accepted yet.
 *
 * Both refuse rather than guess: a value of the wrong shape is reported, never half read.
 */
import type { LearnerToolEntry } from "@agent/events";
import type { SavedLearnerTools } from "@agent/persist-protocol";
import { PI_HANDLER } from "@core/tools/handlers";
import { MINI_PI_HANDLER } from "@core/tools/mini-pi/index";

/** A tool's name as pi accepts it in a provider request (and as the link codec checks tool names). */
export const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
/** The longest tool file kept or carried (the templates are under 2,000 characters). */
export const MAX_TOOL_SOURCE = 100_000;
/** At most this many tool files in one record or link. */
export const MAX_TOOLS = 50;
/** Handlers a link may choose for a row: those that need no code from the link. */
const TRAVELLING_HANDLERS = new Set([PI_HANDLER, MINI_PI_HANDLER]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** What a save keeps: the files as the session lists them, and every row not on pi's handler. */
export function savedLearner(
  tools: readonly LearnerToolEntry[],
  handlers: Readonly<Record<string, string>>,
): SavedLearnerTools {
  return { tools: tools.map((t) => ({ ...t })), handlers: { ...handlers } };
}

/**
 * Why tools cannot be read: a sentence for the log, and for a limit the code and what it names, so the
 * page can say which limit it was rather than call the whole thing damaged.
 */
export interface ToolsProblem {
  problem: string;
  code?: "tooManyTools" | "toolTooLong";
  /** the tool over the length limit */
  tool?: string;
  /** the limit passed: tool files, or characters of one file */
  limit?: number;
}

function readEntry(value: unknown, own: boolean): LearnerToolEntry | ToolsProblem {
  const fail = (problem: string): ToolsProblem => ({ problem });
  if (!isRecord(value)) return fail("a tool entry is not an object");
  const { name, source, enabled, replaces, disabledReason } = value;
  if (typeof name !== "string" || !TOOL_NAME.test(name)) return fail("a tool's name is not a tool name");
  if (typeof source !== "string") return fail(`the ${name} tool has no source text`);
  if (source.length > MAX_TOOL_SOURCE)
    return {
      problem: `the ${name} tool's file is longer than ${MAX_TOOL_SOURCE} characters`,
      code: "toolTooLong",
      tool: name,
      limit: MAX_TOOL_SOURCE,
    };
  if (replaces !== undefined && replaces !== name)
    return fail(`the ${name} tool names another tool it replaces`);
  if (enabled !== undefined && typeof enabled !== "boolean")
    return fail(`the ${name} tool's state is not valid`);
  const entry: LearnerToolEntry = {
    name,
    source,
    enabled: enabled !== false,
    ...(replaces === name ? { replaces: name } : {}),
  };
  // Why a tool was switched off is this browser's own history; from outside it means nothing.
  if (own && (disabledReason === "blocked" || disabledReason === "failed"))
    entry.disabledReason = disabledReason;
  return entry;
}

function readEntries(value: unknown, own: boolean): LearnerToolEntry[] | ToolsProblem {
  if (!Array.isArray(value)) return { problem: "the tools are not a list" };
  if (value.length > MAX_TOOLS)
    return { problem: `more than ${MAX_TOOLS} tool files`, code: "tooManyTools", limit: MAX_TOOLS };
  const out: LearnerToolEntry[] = [];
  for (const item of value) {
    const entry = readEntry(item, own);
    if ("problem" in entry) return entry;
    if (out.some((t) => t.name === entry.name)) return { problem: `the ${entry.name} tool is listed twice` };
    out.push(entry);
  }
  return out;
}

function readHandlers(
  value: unknown,
  allowed: (handler: string) => boolean,
): Record<string, string> | string {
  if (value === undefined) return {};
  if (!isRecord(value)) return "the handler choices are not a map";
  const out: Record<string, string> = {};
  for (const [name, handler] of Object.entries(value)) {
    if (!TOOL_NAME.test(name) || typeof handler !== "string" || !TOOL_NAME.test(handler))
      return "a handler choice is not valid";
    if (allowed(handler)) out[name] = handler;
  }
  return out;
}

export type ReadOutcome = { ok: true; value: SavedLearnerTools } | ({ ok: false } & ToolsProblem);

/** This browser's own saved tools: read back whole, or the reason they cannot be. */
export function readSavedLearner(value: unknown): ReadOutcome {
  if (!isRecord(value)) return { ok: false, problem: "the tools of yours are not a record" };
  const tools = readEntries(value.tools, true);
  if ("problem" in tools) return { ok: false, ...tools };
  const handlers = readHandlers(value.handlers, () => true);
  if (typeof handlers === "string") return { ok: false, problem: handlers };
  return { ok: true, value: { tools, handlers } };
}

/**
 * Tools from outside (a link, a .zip, a scenario file): name, source and whether it replaces a built-in,
 * all offered switched on (accepting is the learner's yes); pi's and mini-pi's handler choices only.
 */
export function readTravellingTools(value: unknown): ReadOutcome {
  if (!isRecord(value)) return { ok: false, problem: "the tools are not a record" };
  const tools = readEntries(value.tools, false);
  if ("problem" in tools) return { ok: false, ...tools };
  const handlers = readHandlers(value.handlers, (h) => TRAVELLING_HANDLERS.has(h));
  if (typeof handlers === "string") return { ok: false, problem: handlers };
  return { ok: true, value: { tools: tools.map((t) => ({ ...t, enabled: true })), handlers } };
}

/** What leaves the page with the work: the files and the choices, nothing of this browser's history. */
export function travellingTools(saved: SavedLearnerTools): SavedLearnerTools | undefined {
  const tools = saved.tools.map(({ name, source, replaces }) => ({
    name,
    source,
    enabled: true,
    ...(replaces ? { replaces } : {}),
  }));
  const handlers = Object.fromEntries(
    Object.entries(saved.handlers).filter(([, h]) => TRAVELLING_HANDLERS.has(h)),
  );
  if (tools.length === 0 && Object.keys(handlers).length === 0) return undefined;
  return { tools, handlers };
}

/**
 * The .zip entry that carries the tools: a file of its own beside the workspace's, read by this page's
 * import (which offers the tools and leaves the entry out of the workspace) and plain JSON to anyone else.
 */
export const TOOLS_ZIP_ENTRY = ".pi-playground/learner-tools.json";

/** The entry's text, or null when it does not hold tools this page can offer (a reason is not needed). */
export function toolsFromZipText(text: string): SavedLearnerTools | null {
  try {
    const read = readTravellingTools(JSON.parse(text));
    return read.ok ? read.value : null;
  } catch {
    return null;
  }
}
