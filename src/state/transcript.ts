import type { SessionEvent } from "@agent/events";
import type { AgentMessage, ImageContent, TextContent } from "@agent/messages";

/** One line of the conversation as a learner reads it. */
export type TranscriptEntry =
  | { kind: "user"; key: string; text: string }
  | {
      kind: "assistant";
      key: string;
      text: string;
      toolCalls: { id: string; name: string; args: unknown }[];
      stopReason: string;
      errorMessage?: string;
      streaming: boolean;
    }
  | {
      kind: "tool_result";
      key: string;
      toolCallId: string;
      toolName: string;
      content: (TextContent | ImageContent)[];
      isError: boolean;
    }
  | { kind: "system"; key: string; text: string; toolsAdded: string[]; toolsRemoved: string[] }
  | { kind: "notice"; key: string; text: string; tone: "info" | "error" };

export type CallStatus = "running" | "done" | "error";

export interface TranscriptSnapshot {
  entries: readonly TranscriptEntry[];
  /** toolCallId → where the call stands (from tool_execution_start/end) */
  calls: Readonly<Record<string, CallStatus>>;
  /** index in `entries` of an assistant message still streaming, or -1 */
  open: number;
  /**
   * toolCallId → how long the call has been running, from the updates of a tool whose engine cannot
   * stream its output (bash on just-bash sends `details.elapsedMs` instead), so the page can say why
   * nothing appears yet.
   */
  elapsed: Readonly<Record<string, number>>;
}

export const EMPTY_TRANSCRIPT: TranscriptSnapshot = { entries: [], calls: {}, open: -1, elapsed: {} };

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

function toEntry(message: AgentMessage, key: string, streaming: boolean): TranscriptEntry {
  switch (message.role) {
    case "user":
      return { kind: "user", key, text: textOf(message.content) };
    case "assistant":
      return {
        kind: "assistant",
        key,
        text: textOf(message.content),
        toolCalls: message.content.flatMap((c) =>
          c.type === "toolCall" ? [{ id: c.id, name: c.name, args: c.arguments }] : [],
        ),
        stopReason: message.stopReason,
        errorMessage: message.errorMessage,
        streaming,
      };
    case "toolResult":
      return {
        kind: "tool_result",
        key,
        toolCallId: message.toolCallId,
        toolName: message.toolName,
        content: message.content,
        isError: message.isError,
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

/** Folds pi's message events (and the calls' start/end) into the transcript. */
export function reduceTranscript(state: TranscriptSnapshot, event: SessionEvent): TranscriptSnapshot {
  switch (event.type) {
    case "message_start":
    case "message_update": {
      if (event.message.role !== "assistant") return state;
      const entries = [...state.entries];
      if (state.open >= 0) {
        entries[state.open] = toEntry(event.message, entries[state.open].key, true);
        return { ...state, entries };
      }
      entries.push(toEntry(event.message, `m${event.seq}`, true));
      return { ...state, entries, open: entries.length - 1 };
    }
    case "message_end": {
      const entries = [...state.entries];
      if (event.message.role === "assistant" && state.open >= 0) {
        entries[state.open] = toEntry(event.message, entries[state.open].key, false);
      } else {
        entries.push(toEntry(event.message, `m${event.seq}`, false));
      }
      return { ...state, entries, open: event.message.role === "assistant" ? -1 : state.open };
    }
    case "tool_execution_start":
      return { ...state, calls: { ...state.calls, [event.toolCallId]: "running" } };
    case "tool_execution_update": {
      const ms = elapsedOf(event.partialResult);
      if (ms === undefined) return state;
      return { ...state, elapsed: { ...state.elapsed, [event.toolCallId]: ms } };
    }
    case "tool_execution_end":
      return { ...state, calls: { ...state.calls, [event.toolCallId]: event.isError ? "error" : "done" } };
    case "abort_requested":
      return notice(
        state,
        event.seq,
        `Abort requested (${event.source === "user" ? "Esc or the Abort button" : "by the scenario"}).`,
        "info",
      );
    case "session_error":
      return notice(state, event.seq, event.message, "error");
    default:
      return state;
  }
}

function notice(state: TranscriptSnapshot, seq: number, text: string, tone: "info" | "error") {
  return { ...state, entries: [...state.entries, { kind: "notice" as const, key: `n${seq}`, text, tone }] };
}
