/**
 * A pi session's branch as the page's own event stream (src/agent/events.ts), so the panels fold it as
 * they fold a live run: each user message starts a run, each assistant message is a turn, each tool call
 * in it runs from its start to the result the file holds. The results are pi's, recorded on the learner's
 * machine; `recordedCalls` lists them for the re-run, which asks the page the same and compares.
 */

import type { SystemMessage } from "@core/system-prompt/types";
import type { SessionEvent, SessionEventBody } from "../events";
import type { AgentMessage, AssistantMessage, ToolCall, ToolResultMessage } from "../messages";
import type { PiSessionFile } from "./read";

export interface RecordedCall {
  toolCallId: string;
  toolName: string;
  args: Record<string, unknown>;
  /** the text pi's tool answered (its text parts, joined), and whether pi marked it an error */
  text: string;
  isError: boolean;
  /** false: the file holds the call but no result for it (the session ended first) */
  answered: boolean;
}

/** Whether an answer on the page is pi's: the same text and the same error flag. */
export function sameAnswer(call: RecordedCall, answer: { text: string; isError: boolean }): boolean {
  return call.answered && call.text === answer.text && call.isError === answer.isError;
}

export interface PiSessionEvents {
  events: SessionEvent[];
  calls: RecordedCall[];
}

/**
 * A message's or a result's text: a string as it is, or its text parts joined by newlines (pi-ai allows
 * parts where the page's types have a string, so a file may hold either). Used for pi's recorded answers
 * and the page's own, so the two compare alike.
 */
export function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((part) => part?.type === "text")
    .map((part) => String(part.text ?? ""))
    .join("\n");
}

/**
 * pi 1.6.0's system message as the prompt panel's event: the base text as the first section, then the
 * named sections in order. A later system message patches by name (null removes a section).
 */
function promptEvent(
  message: SystemMessage,
  byName: Record<string, string>,
  first: boolean,
): SessionEventBody {
  const patch: Record<string, string | null> = first ? { preamble: contentText(message.content) } : {};
  if (first) byName.preamble = patch.preamble as string;
  for (const [name, text] of Object.entries(message.sections ?? {})) {
    if (text !== null && typeof text !== "string") continue;
    patch[name] = text;
    if (text === null) delete byName[name];
    else byName[name] = text;
  }
  const sections = Object.entries(byName).map(([name, text]) => ({ name, text, chars: text.length }));
  return {
    type: "prompt_sections_changed",
    reason: first ? "init" : "custom",
    sections,
    patch,
    update: first
      ? ""
      : Object.values(patch)
          .filter((text) => text !== null)
          .join("\n\n"),
    rules: [],
    rendered: sections.map((section) => section.text).join("\n\n"),
    byName: { ...byName },
  } as SessionEventBody;
}

/** What the file was run with, as the backend's id in the dispatch table: pi on the learner's machine. */
export const RECORDED_BACKEND = "recorded";

/**
 * The dispatch table's rows: the tools the session declared (1.6.0's system messages hold their
 * definitions) or called, in that order. A tool known only from its calls has no description here: the
 * file does not hold one.
 */
function toolRows(file: PiSessionFile): SessionEventBody {
  const rows = new Map<string, { name: string; description: string; parameters: unknown }>();
  for (const { message } of file.path) {
    if (message?.role === "system")
      for (const tool of (message as SystemMessage).toolsAdded ?? [])
        if (typeof tool?.name === "string" && !rows.has(tool.name))
          rows.set(tool.name, {
            name: tool.name,
            description: String(tool.description ?? ""),
            parameters: tool.parameters ?? {},
          });
    if (message?.role === "assistant" && Array.isArray(message.content))
      for (const part of message.content)
        if (part.type === "toolCall" && !rows.has(part.name))
          rows.set(part.name, { name: part.name, description: "", parameters: {} });
  }
  return {
    type: "tool_set_changed",
    tools: [...rows.values()].map((row) => ({
      ...row,
      label: row.name,
      hasPrepareArguments: false,
      state: "active",
      backend: RECORDED_BACKEND,
    })),
    added: [...rows.values()],
    removed: [],
  };
}

export function piSessionEvents(file: PiSessionFile): PiSessionEvents {
  const events: SessionEvent[] = [];
  let seq = 0;
  let ts = Date.parse(file.header?.timestamp ?? "") || 0;
  const emit = (body: SessionEventBody, at?: number) => {
    if (typeof at === "number" && Number.isFinite(at)) ts = at;
    events.push({ ...body, seq: ++seq, ts } as SessionEvent);
  };
  const calls: RecordedCall[] = [];
  const waiting = new Map<string, RecordedCall>();
  let running = false;
  let runMessages: AgentMessage[] = [];
  let turn: { message: AssistantMessage; results: ToolResultMessage[] } | null = null;
  const prompt: Record<string, string> = {};
  let prompted = false;
  emit({ type: "session_ready", backend: RECORDED_BACKEND, cwd: file.header?.cwd ?? "", files: [] });
  emit(toolRows(file));

  const endTurn = () => {
    if (!turn) return;
    emit({ type: "turn_end", message: turn.message, toolResults: turn.results });
    turn = null;
  };
  const endRun = () => {
    endTurn();
    if (!running) return;
    emit({ type: "agent_end", messages: runMessages });
    running = false;
    runMessages = [];
  };
  const startRun = () => {
    if (running) return;
    emit({ type: "agent_start" });
    running = true;
  };

  for (const entry of file.path) {
    const message = entry.message;
    if (!message) continue;
    const at = (message as { timestamp?: number }).timestamp;
    if (message.role === "system") {
      // The first system message is the prompt the session started with; later ones patch it.
      emit({ type: "system_message_seeded", message }, at);
      emit(promptEvent(message, prompt, !prompted));
      prompted = true;
      continue;
    }
    if (message.role === "user") {
      endRun();
      startRun();
    } else startRun();
    if (message.role === "assistant") {
      endTurn();
      emit({ type: "turn_start" }, at);
      turn = { message, results: [] };
    }
    runMessages.push(message);
    emit({ type: "message_start", message }, at);
    emit({ type: "message_end", message }, at);
    if (message.role === "assistant") {
      for (const part of message.content) {
        if (part.type !== "toolCall") continue;
        const call = part as ToolCall;
        const recorded: RecordedCall = {
          toolCallId: call.id,
          toolName: call.name,
          args: call.arguments ?? {},
          text: "",
          isError: false,
          answered: false,
        };
        calls.push(recorded);
        waiting.set(call.id, recorded);
        emit({
          type: "tool_execution_start",
          toolCallId: call.id,
          toolName: call.name,
          args: call.arguments,
        });
      }
    }
    if (message.role === "toolResult") {
      const recorded = waiting.get(message.toolCallId);
      if (recorded) {
        waiting.delete(message.toolCallId);
        recorded.text = contentText(message.content);
        recorded.isError = message.isError === true;
        recorded.answered = true;
        // The tool's end comes before its result message, as in pi's loop.
        events.splice(events.length - 2, 0, {
          type: "tool_execution_end",
          toolCallId: message.toolCallId,
          toolName: message.toolName,
          result: { content: message.content, details: message.details },
          isError: recorded.isError,
          seq: 0,
          ts,
        } as SessionEvent);
      }
      turn?.results.push(message);
    }
  }
  endRun();
  // The splice above put events out of order by number: number them again, in the order they stand.
  events.forEach((event, i) => {
    event.seq = i + 1;
  });
  return { events, calls };
}
