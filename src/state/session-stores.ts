import type { SessionEvent } from "@agent/events";
import { EMPTY_DEBUGGER, reduceDebugger } from "./breakpoints";
import { EMPTY_CONTEXT_WINDOW, reduceContextWindow } from "./context-window";
import { EMPTY_DISPATCH, reduceDispatch } from "./dispatch-table";
import { EMPTY_DRILLS, reduceDrills } from "./drills";
import { createEventLog } from "./event-log";
import { EMPTY_FILES, reduceFiles } from "./files";
import { createFoldStore } from "./fold-store";
import { EMPTY_LEARNER_TOOLS, reduceLearnerTools } from "./learner-tools";
import { EMPTY_MODEL_REQUEST, reduceModelRequest } from "./model-request";
import { EMPTY_PROMPT, reducePrompt } from "./prompt";
import { createResultInterner } from "./result-interner";
import { EMPTY_STATUS, reduceStatus } from "./status";
import { immediate, type Scheduler } from "./store";
import { EMPTY_TIMELINE, reduceTimeline } from "./timeline";
import { EMPTY_TRANSCRIPT, reduceTranscript } from "./transcript";
import { createUpdateLog } from "./update-log";
import { EMPTY_USAGE, reduceUsage } from "./usage";

/**
 * Every store the page reads, fed by one event stream (the session's events and the page's own, such as
 * worker_replaced and notice). Replaying an exported stream into a fresh set gives the same picture,
 * because each store is a pure fold over the events and nothing else writes to them.
 */
export function createSessionStores(
  options: {
    capacity?: number;
    schedule?: Scheduler;
    /** a scheduler for a store whose panel is costly to redraw (the event log, transcript and timeline) */
    heavy?: () => Scheduler;
  } = {},
) {
  const schedule = options.schedule ?? immediate;
  const heavy = options.heavy ?? (() => schedule);
  // The heavy stores publish at their turn, so their panels never draw between turns (see FoldStoreOptions).
  const turns = { publishOnFlush: true };
  const events = createEventLog(options.capacity ?? 10_000, heavy(), turns);
  const transcript = createFoldStore(EMPTY_TRANSCRIPT, reduceTranscript, heavy(), turns);
  const dispatch = createFoldStore(EMPTY_DISPATCH, reduceDispatch, schedule);
  const timeline = createFoldStore(EMPTY_TIMELINE, reduceTimeline, heavy(), turns);
  const prompt = createFoldStore(EMPTY_PROMPT, reducePrompt, schedule);
  const files = createFoldStore(EMPTY_FILES, reduceFiles, schedule);
  const status = createFoldStore(EMPTY_STATUS, reduceStatus, schedule);
  const usage = createFoldStore(EMPTY_USAGE, reduceUsage, schedule);
  const modelRequest = createFoldStore(EMPTY_MODEL_REQUEST, reduceModelRequest, schedule);
  const drills = createFoldStore(EMPTY_DRILLS, reduceDrills, schedule);
  const learnerTools = createFoldStore(EMPTY_LEARNER_TOOLS, reduceLearnerTools, schedule);
  const contextWindow = createFoldStore(EMPTY_CONTEXT_WINDOW, reduceContextWindow, schedule);
  const debug = createFoldStore(EMPTY_DEBUGGER, reduceDebugger, schedule);
  // Every fold sees every event; the page reads each by name.
  const folds = {
    transcript,
    dispatch,
    timeline,
    prompt,
    files,
    status,
    usage,
    modelRequest,
    drills,
    learnerTools,
    contextWindow,
    debug,
  };
  const foldList = Object.values(folds);
  const intern = createResultInterner();
  // A streaming update arrives as its delta: the log shows it in pi's shape (update-log.ts), the folds
  // apply the delta.
  const logged = createUpdateLog();
  return {
    events,
    ...folds,
    ingest(received: SessionEvent) {
      const event = intern(received);
      events.append(logged(event));
      for (const f of foldList) f.ingest(event);
    },
    replay(list: readonly SessionEvent[]) {
      for (const e of list) this.ingest(e);
    },
  };
}

export type SessionStores = ReturnType<typeof createSessionStores>;
