/**
 * An events file's lines checked (src/app/page/events-import.ts reads the file and shows it): its own
 * module, loaded when a file is imported, since the list of every event type is of no use before.
 */
import type { SessionEvent, SessionEventType } from "@agent/events";
import type { EventsImportFailure } from "@ui/Replay/replay-handle";

/**
 * Every event type the page folds. A type missing here fails the compile, so an event added later is
 * imported as soon as it exists; a type not here is refused as not this page's.
 */
const KNOWN_TYPES: Record<SessionEventType, true> = {
  agent_start: true,
  agent_end: true,
  turn_start: true,
  turn_end: true,
  message_start: true,
  message_update: true,
  message_end: true,
  tool_execution_start: true,
  tool_execution_update: true,
  tool_execution_end: true,
  call_prepared: true,
  call_validated: true,
  call_rejected: true,
  call_blocked: true,
  breakpoints_changed: true,
  call_paused: true,
  call_resumed: true,
  call_resume_refused: true,
  call_executing: true,
  call_done: true,
  batch_start: true,
  batch_end: true,
  queue_wait: true,
  queue_acquire: true,
  queue_release: true,
  file_changed: true,
  workspace_reset: true,
  prompt_sections_changed: true,
  tool_handler_changed: true,
  tool_set_changed: true,
  backend_changed: true,
  drill_changed: true,
  fault_injected: true,
  session_ready: true,
  pi_version_changed: true,
  session_error: true,
  session_cleared: true,
  system_message_seeded: true,
  scenario_loaded: true,
  scenario_state: true,
  scenario_step: true,
  driver_request: true,
  prompt_queued: true,
  prompt_dequeued: true,
  abort_requested: true,
  learner_tool_registered: true,
  learner_tool_rejected: true,
  learner_tools_changed: true,
  worker_replaced: true,
  notice: true,
  model_request_sent: true,
};

/** A type longer than this is cut in the sentence that names it (it came from someone else's file). */
const SHOWN_TYPE_LENGTH = 40;

export type ParsedEvents = { ok: true; events: SessionEvent[]; lines: number[] } | EventsImportFailure;

/** Checks every line of an events file; the first wrong line is the answer, with its number. */
export function parseEventsFile(text: string): ParsedEvents {
  const events: SessionEvent[] = [];
  const lines: number[] = [];
  const rows = text.split("\n");
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (row.trim() === "") continue;
    const line = i + 1;
    let value: unknown;
    try {
      value = JSON.parse(row);
    } catch {
      return { ok: false, problem: "notJson", line };
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return { ok: false, problem: "notObject", line };
    const e = value as { type?: unknown; seq?: unknown; ts?: unknown };
    if (
      typeof e.type !== "string" ||
      typeof e.seq !== "number" ||
      !Number.isInteger(e.seq) ||
      e.seq < 0 ||
      typeof e.ts !== "number" ||
      !Number.isFinite(e.ts)
    )
      return { ok: false, problem: "missingStamp", line };
    if (!Object.hasOwn(KNOWN_TYPES, e.type))
      return { ok: false, problem: "unknownType", line, type: e.type.slice(0, SHOWN_TYPE_LENGTH) };
    events.push(value as SessionEvent);
    lines.push(line);
  }
  if (events.length === 0) return { ok: false, problem: "empty" };
  return { ok: true, events, lines };
}
