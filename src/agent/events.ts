/**
 * The session's event stream. pi-agent-core's AgentEvent union keeps its names and fields (the agent
 * layer adds those); the playground's own events cover what pi does not announce. Every event is plain
 * JSON with a sequence number and a timestamp, so a run can be exported and replayed.
 */

export interface EventStamp {
  /** 1, 2, 3, … in emission order within one session */
  seq: number;
  /** milliseconds since the epoch */
  ts: number;
}

/** The session is up and holds a workspace on a backend. */
export interface SessionReadyEvent {
  type: "session_ready";
  backend: string;
  cwd: string;
  files: string[];
}

/** Something the session could not do; `message` says what to try next. */
export interface SessionErrorEvent {
  type: "session_error";
  message: string;
}

export type PlaygroundEvent = SessionReadyEvent | SessionErrorEvent;

export type SessionEventBody = PlaygroundEvent;
export type SessionEvent = SessionEventBody & EventStamp;

export type EventSink = (event: SessionEvent) => void;

/** Stamps events with seq and time and hands a JSON-safe copy to the sink. */
export function createEventEmitter(sink: EventSink, now: () => number = Date.now) {
  let seq = 0;
  return (body: SessionEventBody): SessionEvent => {
    // Serialise at emission: pi mutates some objects after emitting them (edit's prepareArguments
    // parses `edits` in place), and the log must show what was true when the event happened.
    const event = JSON.parse(JSON.stringify({ ...body, seq: ++seq, ts: now() })) as SessionEvent;
    sink(event);
    return event;
  };
}
