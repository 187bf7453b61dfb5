import type { NoticeAbout, SessionErrorAbout, SessionEvent } from "@agent/events";
import { applyDelta } from "@agent/message-delta";
import type { AgentMessage, AssistantMessage, ImageContent, TextContent } from "@agent/messages";
import { createDraft, type Draft } from "./fold-store";
import { deltaOf } from "./update-log";
import { type UsageTotals, usageOf } from "./usage";

/** One line of the conversation as a learner reads it. */
export type TranscriptEntry =
  | { kind: "user"; key: string; text: string }
  | {
      kind: "assistant";
      key: string;
      text: string;
      /** the thinking blocks' text, as far as it has arrived (absent when the model sent none) */
      thinking?: string;
      toolCalls: { id: string; name: string; args: unknown }[];
      stopReason: string;
      errorMessage?: string;
      streaming: boolean;
      /** tokens and cost of a finished model response; null for a turn no model answered */
      usage?: UsageTotals | null;
    }
  | {
      kind: "tool_result";
      key: string;
      toolCallId: string;
      toolName: string;
      content: (TextContent | ImageContent)[];
      isError: boolean;
      /** edit's numbered diff (`details.diff`), when the call changed a file */
      diff?: string;
      /** what a write wrote, from its arguments, and whether the file was new */
      written?: WrittenFile;
    }
  | { kind: "system"; key: string; text: string; toolsAdded: string[]; toolsRemoved: string[] }
  | { kind: "notice"; key: string; text: string; tone: "info" | "error"; about?: TranscriptNoticeAbout };

/** What a notice line says, for the page to word: a page notice, a session error, or an abort. */
export type TranscriptNoticeAbout =
  | NoticeAbout
  | SessionErrorAbout
  | { code: "abortRequested"; source: "user" | "scenario" };

export interface WrittenFile {
  path: string;
  content: string;
  /** from the call's file_changed event; undefined when none came (nothing was written) */
  change?: "created" | "replaced";
}

/** A message sent while the model works, waiting as pi's follow-up until the run takes it. */
export interface QueuedPrompt {
  id: string;
  text: string;
}

export type CallStatus = "running" | "done" | "error";

export interface TranscriptSnapshot {
  entries: readonly TranscriptEntry[];
  /** toolCallId → where the call stands (from tool_execution_start/end) */
  calls: Readonly<Record<string, CallStatus>>;
  /** index in `entries` of an assistant message still streaming, or -1 */
  open: number;
  /** that message as its deltas have built it so far (message-delta.ts) */
  streaming?: AssistantMessage;
  /**
   * toolCallId → how long the call has been running, from the updates of a tool whose engine cannot
   * stream its output (bash on just-bash sends `details.elapsedMs` instead), so the page can say why
   * nothing appears yet.
   */
  elapsed: Readonly<Record<string, number>>;
  /** how many of the oldest entries were let go to stay within TRANSCRIPT_CAPACITY */
  dropped: number;
  /** messages waiting for the model run to take them, oldest first */
  queued: readonly QueuedPrompt[];
  /** toolCallId → a running write's file, until its result arrives */
  writes: Readonly<Record<string, WrittenFile>>;
}

export const EMPTY_TRANSCRIPT: TranscriptSnapshot = {
  entries: [],
  calls: {},
  open: -1,
  elapsed: {},
  dropped: 0,
  queued: [],
  writes: {},
};

/**
 * The transcript keeps the newest entries only, so a long session's page stays within a fixed memory
 * (2,000 reads of 50 KB each would otherwise hold 100 MB of results). It lets go of them in chunks, so
 * staying bounded costs O(1) per entry.
 */
export const TRANSCRIPT_CAPACITY = 1_000;
const TRIM_CHUNK = 250;

function elapsedOf(partialResult: unknown): number | undefined {
  const details = (partialResult as { details?: { elapsedMs?: unknown } } | null)?.details;
  return typeof details?.elapsedMs === "number" ? details.elapsedMs : undefined;
}

function textOf(content: string | readonly { type: string; text?: string }[]): string {
  if (typeof content === "string") return content;
  return content
    .filter((c) => c.type === "text")
    .map((c) => c.text ?? "")
    .join("\n");
}

function thinkingOf(content: readonly { type: string; thinking?: string }[]): { thinking?: string } {
  const blocks = content.flatMap((c) => (c.type === "thinking" ? [c.thinking ?? ""] : []));
  return blocks.length ? { thinking: blocks.join("\n\n") } : {};
}

function diffOf(details: unknown): string | undefined {
  const diff = (details as { diff?: unknown } | null | undefined)?.diff;
  return typeof diff === "string" && diff !== "" ? diff : undefined;
}

/** the file a write call means to write, from its raw arguments (pi's `path` and `content`) */
function writeOf(args: unknown): WrittenFile | undefined {
  const a = args as { path?: unknown; content?: unknown } | null;
  return typeof a?.path === "string" && typeof a.content === "string"
    ? { path: a.path, content: a.content }
    : undefined;
}

function toEntry(message: AgentMessage, key: string, streaming: boolean): TranscriptEntry {
  switch (message.role) {
    case "user":
      return { kind: "user", key, text: textOf(message.content) };
    case "assistant":
      return {
        kind: "assistant",
        key,
        text: textOf(message.content),
        ...thinkingOf(message.content),
        toolCalls: message.content.flatMap((c) =>
          c.type === "toolCall" ? [{ id: c.id, name: c.name, args: c.arguments }] : [],
        ),
        stopReason: message.stopReason,
        errorMessage: message.errorMessage,
        streaming,
        usage: streaming ? null : usageOf(message),
      };
    case "toolResult":
      return {
        kind: "tool_result",
        key,
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        content: message.content,
        isError: message.isError,
        ...(message.isError ? {} : { diff: diffOf(message.details) }),
      };
    case "system":
      return {
        kind: "system",
        key,
        text: message.content,
        toolsAdded: (message.toolsAdded ?? []).map((t) => t.name),
        toolsRemoved: message.toolsRemoved ?? [],
      };
  }
}

/**
 * The open reply's entry after a tool call's delta: that call's line changes, nothing else. Rebuilding
 * the entry from the whole message on every delta cost a reply of n calls n² (a scripted reply of 5,000
 * calls took seconds of the page's time); the streaming call is the newest, found from the end.
 */
function withToolCall(
  entry: Extract<TranscriptEntry, { kind: "assistant" }>,
  block: unknown,
): TranscriptEntry {
  const c = block as { type?: string; id: string; name: string; arguments: unknown } | undefined;
  if (c?.type !== "toolCall") return entry;
  const call = { id: c.id, name: c.name, args: c.arguments };
  const calls = entry.toolCalls;
  let at = calls.length - 1;
  while (at >= 0 && calls[at].id !== c.id) at--;
  const toolCalls = at < 0 ? [...calls, call] : calls.with(at, call);
  return { ...entry, toolCalls };
}

/**
 * Folds pi's message events (and the calls' start/end) into the transcript. Writes go through `draft`
 * (copy on first write; see fold-store.ts); called with two arguments it is a plain pure reducer.
 */
export function reduceTranscript(
  state: TranscriptSnapshot,
  event: SessionEvent,
  draft: Draft = createDraft(),
): TranscriptSnapshot {
  const next = fold(state, event, draft);
  return next.entries.length > TRANSCRIPT_CAPACITY + TRIM_CHUNK ? trim(next, draft) : next;
}

/** Lets go of the oldest entries, and of the call records only they referred to (running calls stay). */
function trim(state: TranscriptSnapshot, draft: Draft): TranscriptSnapshot {
  const cut = state.entries.length - TRANSCRIPT_CAPACITY;
  const entries = state.entries.slice(cut);
  const kept = new Set<string>();
  for (const e of entries) {
    if (e.kind === "tool_result") kept.add(e.toolCallId);
    if (e.kind === "assistant") for (const c of e.toolCalls) kept.add(c.id);
  }
  const calls: Record<string, CallStatus> = {};
  for (const [id, status] of Object.entries(state.calls))
    if (kept.has(id) || status === "running") calls[id] = status;
  const elapsed: Record<string, number> = {};
  for (const [id, ms] of Object.entries(state.elapsed)) if (id in calls) elapsed[id] = ms;
  const next = draft.own(state);
  next.entries = entries;
  next.calls = calls;
  next.elapsed = elapsed;
  next.open = state.open >= cut ? state.open - cut : -1;
  next.dropped = state.dropped + cut;
  return next;
}

function fold(state: TranscriptSnapshot, event: SessionEvent, draft: Draft): TranscriptSnapshot {
  switch (event.type) {
    case "message_start":
    case "message_update": {
      // A live update is its delta: applied to the open message, never rebuilt from the stream's start.
      // One in pi's shape (an imported log) brings its message.
      const message =
        event.type === "message_start" || event.message
          ? event.message
          : applyDelta(state.streaming, deltaOf(event));
      if (message?.role !== "assistant") return state;
      const next = draft.own(state);
      const entries = draft.own(state.entries);
      next.entries = entries;
      next.streaming = message;
      if (state.open >= 0) {
        const open = entries[state.open];
        const delta = event.type === "message_update" && !event.message ? deltaOf(event) : undefined;
        entries[state.open] =
          open.kind === "assistant" && delta?.type.startsWith("toolcall_") && "contentIndex" in delta
            ? withToolCall(open, message.content[delta.contentIndex])
            : toEntry(message, open.key, true);
        return next;
      }
      entries.push(toEntry(message, `m${event.seq}`, true));
      next.open = entries.length - 1;
      return next;
    }
    case "message_end": {
      const next = draft.own(state);
      const entries = draft.own(state.entries);
      next.entries = entries;
      if (event.message.role === "assistant" && state.open >= 0) {
        entries[state.open] = toEntry(event.message, entries[state.open].key, false);
      } else {
        const entry = toEntry(event.message, `m${event.seq}`, false);
        if (entry.kind === "tool_result" && entry.toolCallId in state.writes) {
          const writes = draft.own(state.writes);
          if (!entry.isError) entry.written = writes[entry.toolCallId];
          delete writes[entry.toolCallId];
          next.writes = writes;
        }
        entries.push(entry);
      }
      if (event.message.role === "assistant") {
        next.open = -1;
        next.streaming = undefined;
      }
      return next;
    }
    case "system_message_seeded": {
      const next = draft.own(state);
      const entries = draft.own(state.entries);
      entries.push(toEntry(event.message, `m${event.seq}`, false));
      next.entries = entries;
      return next;
    }
    case "tool_execution_start": {
      const next = withCall(state, draft, event.toolCallId, "running");
      const file = event.toolName === "write" ? writeOf(event.args) : undefined;
      if (!file) return next;
      const writes = draft.own(state.writes);
      writes[event.toolCallId] = file;
      next.writes = writes;
      return next;
    }
    case "file_changed": {
      const id = event.toolCallId;
      if (id === undefined || !(id in state.writes) || event.source !== "tool") return state;
      // A new file is created and then filled: it stays "created".
      if (state.writes[id].change === "created") return state;
      const next = draft.own(state);
      const writes = draft.own(state.writes);
      writes[id] = { ...writes[id], change: event.change === "create" ? "created" : "replaced" };
      next.writes = writes;
      return next;
    }
    case "prompt_queued": {
      const next = draft.own(state);
      next.queued = [...state.queued, { id: event.id, text: event.text }];
      return next;
    }
    case "prompt_dequeued": {
      const item = state.queued.find((q) => q.id === event.id);
      if (!item) return state;
      const next = draft.own(state);
      next.queued = state.queued.filter((q) => q !== item);
      if (event.outcome === "sent") return next;
      const text = `Your queued message was not sent: the run ended first (aborted or failed). Send it again to run it: "${item.text}"`;
      return notice(next, draft, `n${event.seq}`, text, "info");
    }
    case "tool_execution_update": {
      const ms = elapsedOf(event.partialResult);
      if (ms === undefined) return state;
      const next = draft.own(state);
      const elapsed = draft.own(state.elapsed);
      elapsed[event.toolCallId] = ms;
      next.elapsed = elapsed;
      return next;
    }
    case "tool_execution_end":
      return withCall(state, draft, event.toolCallId, event.isError ? "error" : "done");
    case "abort_requested":
      return notice(
        state,
        draft,
        `n${event.seq}`,
        `Abort requested (${event.source === "user" ? "Esc or the Abort button" : "by the scenario"}).`,
        "info",
        { code: "abortRequested", source: event.source },
      );
    case "session_error":
      return notice(state, draft, `n${event.seq}`, event.message, "error", event.about);
    case "notice":
      return notice(state, draft, `page${event.id}`, event.text, "info", event.about);
    case "session_cleared": {
      // A call still running keeps its status, so its end (if it comes) still finds it.
      const calls: Record<string, CallStatus> = {};
      for (const [id, status] of Object.entries(state.calls)) if (status === "running") calls[id] = status;
      return { ...EMPTY_TRANSCRIPT, calls };
    }
    case "worker_replaced": {
      // The worker is gone, so no tool_execution_end will come for what it was running.
      const next = draft.own(state);
      const calls = draft.own(state.calls);
      for (const id of Object.keys(calls)) if (calls[id] === "running") calls[id] = "error";
      next.calls = calls;
      next.open = -1;
      next.streaming = undefined;
      // What the old worker had queued or was writing went with it.
      next.queued = [];
      next.writes = {};
      return next;
    }
    default:
      return state;
  }
}

function withCall(state: TranscriptSnapshot, draft: Draft, id: string, status: CallStatus) {
  const next = draft.own(state);
  const calls = draft.own(state.calls);
  calls[id] = status;
  next.calls = calls;
  return next;
}

function notice(
  state: TranscriptSnapshot,
  draft: Draft,
  key: string,
  text: string,
  tone: "info" | "error",
  about?: TranscriptNoticeAbout,
) {
  const next = draft.own(state);
  const entries = draft.own(state.entries);
  entries.push(about ? { kind: "notice", key, text, tone, about } : { kind: "notice", key, text, tone });
  next.entries = entries;
  return next;
}
