import type { SessionEvent } from "@agent/events";
import { CodeBlock } from "../CodeBlock/CodeBlock";

/** The event opened in the stream, as JSON, with a way to highlight its call everywhere. */
export function EventDetail({
  event,
  call,
  onHighlight,
  onClose,
}: {
  event: SessionEvent;
  /** the tool call the event belongs to, if any */
  call: string | undefined;
  onHighlight: (call: string) => void;
  onClose: () => void;
}) {
  return (
    <div className="events__detail">
      <div className="events__detail-bar">
        <strong>
          #{event.seq} <code>{event.type}</code>
        </strong>
        {call ? (
          <button type="button" onClick={() => onHighlight(call)}>
            Highlight call {call}
          </button>
        ) : null}
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <CodeBlock label={`Event ${event.seq} as JSON`}>{JSON.stringify(event, null, 2)}</CodeBlock>
    </div>
  );
}
