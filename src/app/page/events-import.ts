/**
 * Importing an events file (JSON Lines, as "Export events" writes it) and showing it in the panels in
 * place of the live session. Every line is checked, then the events are folded into a fresh set of
 * stores: the same folds as the live page, so the file shows as it did where it was recorded. The live
 * session and its stores are not touched; "Back to live session" drops the fresh set.
 *
 * The file is data: keys the page holds are masked in it as in an export, and nothing in it is sent to
 * the session or run; it is only folded.
 */
import { redactSecrets } from "@agent/drivers/redact";
import type { SessionEvent, SessionEventType } from "@agent/events";
import type { SessionStores } from "@state/session-stores";
import { createStore, immediate } from "@state/store";
import type { EventsImportFailure, ReplayHandle, ReplayProblem, ReplayShown } from "@ui/Replay/replay-handle";
import { MAX_IMPORT_BYTES } from "../common/share/limits";

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

export interface EventsReplayDeps {
  /** a fresh set of stores, scheduled like the live ones */
  createStores(): SessionStores;
  /** the keys the page holds: masked in the file's text before anything reads it */
  secrets?: () => readonly string[];
}

export function createEventsReplay(deps: EventsReplayDeps): ReplayHandle {
  const view = createStore<ReplayShown | null>(null, immediate);
  const problem = createStore<ReplayProblem | null>(null, immediate);

  async function read(file: Parameters<ReplayHandle["importFile"]>[0]) {
    if (file.size > MAX_IMPORT_BYTES)
      return { ok: false, problem: "tooLarge", limit: MAX_IMPORT_BYTES } as const;
    let text: string;
    try {
      text = await file.text();
    } catch {
      return { ok: false, problem: "unreadable" } as const;
    }
    const parsed = parseEventsFile(redactSecrets(text, deps.secrets?.() ?? []));
    if (!parsed.ok) return parsed;
    // Folded into stores of its own: an event the folds cannot take leaves the page as it was.
    const stores = deps.createStores();
    for (let i = 0; i < parsed.events.length; i++) {
      try {
        stores.ingest(parsed.events[i]);
      } catch {
        return {
          ok: false,
          problem: "cannotShow",
          line: parsed.lines[i],
          type: parsed.events[i].type,
        } as const;
      }
    }
    return { ok: true, stores, events: parsed.events.length } as const;
  }

  return {
    view,
    problem,
    async importFile(file) {
      const result = await read(file);
      if (!result.ok) {
        problem.set({ ...result, name: file.name });
        return result;
      }
      problem.set(null);
      view.set({ name: file.name, events: result.events, stores: result.stores });
      return { ok: true, events: result.events };
    },
    back: () => view.set(null),
    dismissProblem: () => problem.set(null),
    drawFailed() {
      const shown = view.getSnapshot();
      view.set(null);
      problem.set({ ok: false, problem: "cannotShow", name: shown?.name ?? "" });
    },
  };
}
