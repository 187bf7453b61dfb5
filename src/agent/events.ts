/**
 * The session's event stream. pi-agent-core 0.73.1's AgentEvent union (`dist/types.d.ts`) keeps its
 * names and fields; the playground's own events cover what pi does not announce: the stages of each
 * call, the per-file mutation queue, file changes, prompt and tool-set changes, the backend, scenarios.
 * Every event is plain JSON with a sequence number and a timestamp, so a run can be exported and replayed.
 * This file holds pi's events, the union and the emitter; the playground's own events are in events/, one
 * file per family.
 */
import type { AgentToolResult } from "@core/tools/types";
import type {
  BatchEndEvent,
  BatchStartEvent,
  CallStageEvent,
  QueueAcquireEvent,
  QueueReleaseEvent,
  QueueWaitEvent,
} from "./events/call";
import type {
  BreakpointsChangedEvent,
  CallPausedEvent,
  CallResumedEvent,
  CallResumeRefusedEvent,
} from "./events/debugger";
import type {
  LearnerToolRegisteredEvent,
  LearnerToolRejectedEvent,
  LearnerToolsChangedEvent,
} from "./events/learner";
import type { ModelRequestSentEvent, NoticeEvent, WorkerReplacedEvent } from "./events/page";
import type {
  AbortRequestedEvent,
  DriverRequestEvent,
  PiVersionChangedEvent,
  PromptDequeuedEvent,
  PromptQueuedEvent,
  ScenarioLoadedEvent,
  ScenarioStateEvent,
  ScenarioStepEvent,
  SessionClearedEvent,
  SessionErrorEvent,
  SessionReadyEvent,
  SystemMessageSeededEvent,
} from "./events/session";
import type {
  BackendChangedEvent,
  DrillChangedEvent,
  FaultInjectedEvent,
  FileChangedEvent,
  PromptSectionsChangedEvent,
  ToolHandlerChangedEvent,
  ToolSetChangedEvent,
  WorkspaceResetEvent,
} from "./events/workspace";
import type { AgentMessage, AssistantMessageEvent, ToolResultMessage } from "./messages";

export type * from "./events/call";
export type * from "./events/learner";
export type * from "./events/page";
export type * from "./events/session";
export type * from "./events/workspace";

export interface EventStamp {
  /** 1, 2, 3, … in emission order within one session */
  seq: number;
  /** milliseconds since the epoch */
  ts: number;
}

// ---- pi-agent-core's AgentEvent, names and fields unchanged -------------------------------------------

export type AgentEvent =
  | { type: "agent_start" }
  /** the messages new in this run, prompts included */
  | { type: "agent_end"; messages: AgentMessage[] }
  | { type: "turn_start" }
  | { type: "turn_end"; message: AgentMessage; toolResults: ToolResultMessage[] }
  | { type: "message_start"; message: AgentMessage }
  /**
   * As the loop emits it. It leaves the session as its delta only (app/worker/update-coalescer.ts
   * `asDeltas`, message-delta.ts); the page's log gives `message` and `partial` back through getters.
   */
  | { type: "message_update"; message: AgentMessage; assistantMessageEvent: AssistantMessageEvent }
  | { type: "message_end"; message: AgentMessage }
  /** `args` are the raw arguments, before prepareArguments and validation */
  | {
      type: "tool_execution_start";
      toolCallId: string;
      toolName: string;
      args: unknown;
      /** pi 1.6.0: set on a call another tool made through `ctx.executeTool` (its id) */
      parentToolCallId?: string;
    }
  | {
      type: "tool_execution_update";
      toolCallId: string;
      toolName: string;
      args: unknown;
      partialResult: unknown;
      parentToolCallId?: string;
    }
  | {
      type: "tool_execution_end";
      toolCallId: string;
      toolName: string;
      result: AgentToolResult;
      isError: boolean;
      /** pi 1.6.0: how long execute took, in whole ms; absent when the tool did not run */
      durationMs?: number;
      parentToolCallId?: string;
    };

export type AgentEventType = AgentEvent["type"];

export type PlaygroundEvent =
  | CallStageEvent
  | BatchStartEvent
  | BatchEndEvent
  | QueueWaitEvent
  | QueueAcquireEvent
  | QueueReleaseEvent
  | FileChangedEvent
  | WorkspaceResetEvent
  | PromptSectionsChangedEvent
  | ToolSetChangedEvent
  | ToolHandlerChangedEvent
  | BackendChangedEvent
  | SessionReadyEvent
  | PiVersionChangedEvent
  | SessionErrorEvent
  | SessionClearedEvent
  | SystemMessageSeededEvent
  | ScenarioLoadedEvent
  | ScenarioStateEvent
  | ScenarioStepEvent
  | DriverRequestEvent
  | AbortRequestedEvent
  | PromptQueuedEvent
  | PromptDequeuedEvent
  | WorkerReplacedEvent
  | BreakpointsChangedEvent
  | CallPausedEvent
  | CallResumedEvent
  | CallResumeRefusedEvent
  | NoticeEvent
  | ModelRequestSentEvent
  | DrillChangedEvent
  | FaultInjectedEvent
  | LearnerToolRegisteredEvent
  | LearnerToolRejectedEvent
  | LearnerToolsChangedEvent;

export type SessionEventBody = AgentEvent | PlaygroundEvent;
export type SessionEvent = SessionEventBody & EventStamp;
export type SessionEventType = SessionEventBody["type"];
export type EventOf<T extends SessionEventType> = Extract<SessionEvent, { type: T }>;

export type EventSink = (event: SessionEvent) => void;
export type Emit = (body: SessionEventBody) => SessionEvent;

/** Stamps events with seq and time and hands a JSON-safe copy to the sink. */
export function createEventEmitter(
  sink: EventSink,
  now: () => number = Date.now,
): Emit & {
  /** the next event is numbered `seq + 1` (a worker replacing another continues its numbers) */
  continueFrom(seq: number): void;
} {
  let seq = 0;
  const emit = (body: SessionEventBody): SessionEvent => {
    // Serialise at emission: pi mutates some objects after emitting them (edit's prepareArguments
    // parses `edits` in place), and the log must show what was true when the event happened.
    const event = JSON.parse(JSON.stringify({ ...body, seq: ++seq, ts: now() })) as SessionEvent;
    sink(event);
    return event;
  };
  return Object.assign(emit, {
    continueFrom(last: number) {
      seq = Math.max(seq, last);
    },
  });
}

// ---- export and replay --------------------------------------------------------------------------------

/** One event per line: the export format. */
export function exportEvents(events: readonly SessionEvent[]): string {
  return events.map((e) => JSON.stringify(e)).join("\n");
}
