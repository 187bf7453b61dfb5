import type { SessionEvent } from "@agent/events";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { useT } from "../i18n";

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
  const { t } = useT("eventStream");
  return (
    <div className="events__detail">
      <div className="events__detail-bar">
        <strong>
          #{event.seq} <code>{event.type}</code>
        </strong>
        {call ? (
          <button type="button" onClick={() => onHighlight(call)}>
            {t("highlight", { call })}
          </button>
        ) : null}
        <button type="button" onClick={onClose}>
          {t("common:close")}
        </button>
      </div>
      <CodeBlock label={t("asJson", { seq: event.seq })}>{JSON.stringify(event, null, 2)}</CodeBlock>
    </div>
  );
}
