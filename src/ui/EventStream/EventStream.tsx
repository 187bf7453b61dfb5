import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

export function EventStream() {
  const { events } = useSession();
  const { events: list, dropped } = useStore(events);
  if (list.length === 0) return <p className="muted">Waiting for the session worker…</p>;
  return (
    <>
      {dropped > 0 ? <p className="muted">{dropped} older events dropped to stay responsive.</p> : null}
      <ol className="event-list" aria-label="Session events">
        {list.map((event) => (
          <li key={event.seq} className="event-list__row">
            <span className="event-list__seq">{event.seq}</span>
            <code className="event-list__type">{event.type}</code>
          </li>
        ))}
      </ol>
    </>
  );
}
