import type { SessionEvent } from "@agent/events";
import { type UIEvent, useLayoutEffect, useMemo, useRef, useState } from "react";
import { CodeBlock } from "../CodeBlock/CodeBlock";
import { useStore } from "../hooks/useStore";
import { useSession } from "../session-context";

const ROW = 24; // px; fixed so the list can be windowed
const OVERSCAN = 10;

function callOf(e: SessionEvent): string | undefined {
  return "toolCallId" in e && typeof e.toolCallId === "string" ? e.toolCallId : undefined;
}

function clock(ts: number, first: number): string {
  return `+${((ts - first) / 1000).toFixed(3)}s`;
}

/**
 * Every event the session emitted, in order. Only the visible rows are rendered, so 10,000 events scroll as
 * smoothly as ten; the log itself is bounded and says how many it let go.
 */
export function EventStream() {
  const { stores, selection } = useSession();
  const { events, dropped, total } = useStore(stores.events);
  const selectedCall = useStore(selection, (s) => s.callId);
  const [type, setType] = useState("");
  const [open, setOpen] = useState<SessionEvent | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(300);
  const [follow, setFollow] = useState(true);
  const box = useRef<HTMLDivElement>(null);

  const types = useMemo(() => [...new Set(events.map((e) => e.type))].sort(), [events]);
  const calls = useMemo(() => {
    const ids = new Set<string>();
    for (const e of events) {
      const id = callOf(e);
      if (id) ids.add(id);
    }
    return [...ids];
  }, [events]);
  const shown = useMemo(
    () => events.filter((e) => (!type || e.type === type) && (!selectedCall || callOf(e) === selectedCall)),
    [events, type, selectedCall],
  );

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setHeight(el.clientHeight);
    if (follow) el.scrollTop = el.scrollHeight;
  });

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    setScrollTop(el.scrollTop);
    setFollow(el.scrollHeight - el.scrollTop - el.clientHeight < ROW * 2);
  };

  const first = events[0]?.ts ?? 0;
  const from = Math.max(0, Math.floor(scrollTop / ROW) - OVERSCAN);
  const to = Math.min(shown.length, Math.ceil((scrollTop + height) / ROW) + OVERSCAN);

  return (
    <div className="events">
      <div className="events__filters">
        <label>
          Type{" "}
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">all</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <label>
          Call{" "}
          <select value={selectedCall ?? ""} onChange={(e) => selection.selectCall(e.target.value || null)}>
            <option value="">all</option>
            {calls.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <span className="muted events__count" aria-live="off">
          {shown.length === events.length ? `${events.length} events` : `${shown.length} of ${events.length}`}
          {dropped > 0 ? ` · ${dropped} older dropped (of ${total})` : ""}
        </span>
      </div>
      {events.length === 0 ? <p className="muted">Waiting for the session worker…</p> : null}
      <div className="events__scroll" ref={box} onScroll={onScroll} tabIndex={-1}>
        <ol
          className="event-list"
          aria-label="Session events"
          style={{ height: shown.length * ROW, position: "relative" }}
        >
          {shown.slice(from, to).map((e, i) => {
            const id = callOf(e);
            const at = from + i; // position in the filtered list: seq restarts after a worker restart
            return (
              <li
                key={at}
                className={`event-list__row${open === e ? " is-open" : ""}${id && id === selectedCall ? " is-selected" : ""}`}
                style={{ top: at * ROW, height: ROW }}
              >
                <button
                  type="button"
                  className="event-list__btn"
                  aria-expanded={open === e}
                  onClick={() => setOpen(open === e ? null : e)}
                >
                  <span className="event-list__seq">{e.seq}</span>
                  <code className="event-list__type">{e.type}</code>
                  <span className="event-list__call">{id ?? ""}</span>
                  <span className="event-list__time">{clock(e.ts, first)}</span>
                </button>
              </li>
            );
          })}
        </ol>
      </div>
      {open ? (
        <div className="events__detail">
          <div className="events__detail-bar">
            <strong>
              #{open.seq} <code>{open.type}</code>
            </strong>
            {callOf(open) ? (
              <button type="button" onClick={() => selection.toggleCall(callOf(open) as string)}>
                Highlight call {callOf(open)}
              </button>
            ) : null}
            <button type="button" onClick={() => setOpen(null)}>
              Close
            </button>
          </div>
          <CodeBlock label={`Event ${open.seq} as JSON`}>{JSON.stringify(open, null, 2)}</CodeBlock>
        </div>
      ) : null}
    </div>
  );
}
