import type { NoticeAbout, ScenarioLoadedEvent, ScenarioStatus, SessionEvent } from "@agent/events";
import type { PiVersionId } from "@core/versions/ids";

export interface SessionStatus {
  /** the worker has answered */
  ready: boolean;
  /** the pi version the session imitates (null until the session says) */
  piVersion: PiVersionId | null;
  /** an agent run (or a call by hand) is in progress */
  running: boolean;
  /** calls between tool_execution_start and _end, by id */
  runningCalls: readonly string[];
  scenario: {
    title: string;
    description: string;
    translations?: ScenarioLoadedEvent["translations"];
    steps: ScenarioLoadedEvent["steps"];
    status: ScenarioStatus;
    /** the file's step the player takes next */
    next: number;
    /** the shown step (an index into `steps`) the player is on, -1 before the first */
    current: number;
    speed: number;
    pauseAfterCall: boolean;
  } | null;
  lastError: string | null;
  /** what the page itself had to do (e.g. restart a stuck worker), newest last */
  notices: readonly { id: number; text: string; about?: NoticeAbout }[];
}

export const EMPTY_STATUS: SessionStatus = {
  ready: false,
  piVersion: null,
  running: false,
  runningCalls: [],
  scenario: null,
  lastError: null,
  notices: [],
};

export function reduceStatus(state: SessionStatus, event: SessionEvent): SessionStatus {
  switch (event.type) {
    case "session_ready":
      return {
        ...state,
        ready: true,
        running: false,
        runningCalls: [],
        piVersion: event.piVersion ?? state.piVersion,
      };
    case "pi_version_changed":
      return { ...state, piVersion: event.version };
    case "agent_start":
      return { ...state, running: true };
    case "agent_end":
      return { ...state, running: false, runningCalls: [] };
    case "tool_execution_start":
      return { ...state, runningCalls: [...state.runningCalls, event.toolCallId] };
    case "tool_execution_end":
      return { ...state, runningCalls: state.runningCalls.filter((id) => id !== event.toolCallId) };
    case "scenario_loaded":
      return {
        ...state,
        scenario: {
          title: event.title,
          description: event.description,
          translations: event.translations,
          steps: event.steps,
          status: "ready",
          next: 0,
          current: -1,
          speed: state.scenario?.speed ?? 1,
          pauseAfterCall: state.scenario?.pauseAfterCall ?? false,
        },
      };
    case "scenario_state":
      if (!state.scenario) return state;
      return {
        ...state,
        scenario: {
          ...state.scenario,
          status: event.status,
          next: event.next,
          current: event.current,
          speed: event.speed,
          pauseAfterCall: event.pauseAfterCall,
        },
      };
    case "scenario_step":
      if (!state.scenario || state.scenario.current === event.display) return state;
      return { ...state, scenario: { ...state.scenario, current: event.display } };
    case "session_error":
      return { ...state, lastError: event.message };
    case "worker_replaced":
      return { ...state, running: false, runningCalls: [] };
    case "session_cleared":
      return { ...state, lastError: null, notices: [] };
    case "notice":
      return {
        ...state,
        notices: [...state.notices, { id: event.id, text: event.text, about: event.about }],
      };
    default:
      return state;
  }
}
