import type { SessionEvent } from "@agent/events";
import { memo, type RefObject, type UIEvent, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useFollowToEnd } from "../hooks/useFollowToEnd";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSelection, useSession } from "../session-context";
import { distanceFromEnd, rowWindow } from "../windowing";
import { EventDetail } from "./EventDetail";
import { runStarts, sinceRunStart } from "./run-clock";
import "./EventStream.css";

const ROW = 24; // px; fixed so the list can be windowed
const OVERSCAN = 4;
/** a scroll this soon after the reader's own input (wheel, keys…) is theirs */
const READER_SCROLL_MS = 1000;
/** how many of the latest calls the call filter offers */
const CALL_CHOICES = 30;

function callOf(e: SessionEvent): string | undefined {
  return "toolCallId" in e && typeof e.toolCallId === "string" ? e.toolCallId : undefined;
}

/** The previous array while the contents are equal, so memoised children skip the render. */
function useStable(values: readonly string[]): readonly string[] {
  const last = useRef(values);
  const prev = last.current;
  if (prev !== values && (prev.length !== values.length || prev.some((v, i) => v !== values[i])))
    last.current = values;
  return last.current;
}

// The call filter lists every call (840 in a burst): re-rendered only when the list changes.
const Options = memo(function Options({ values }: { values: readonly string[] }) {
  return values.map((v) => (
    <option key={v} value={v} data-verbatim="">
      {v}
    </option>
  ));
});

/** The latest calls only (and the selected one), for the call filter. */
function useCallChoices(events: readonly SessionEvent[], selectedCall: string | null): readonly string[] {
  return useStable(
    useMemo(() => {
      // A menu of 840 ids helps nobody, and the browser measures every option's text whenever the list
      // changes (a layout of ~100 ms per frame in a burst).
      const ids = new Set<string>();
      for (let i = events.length - 1; i >= 0 && ids.size < CALL_CHOICES; i--) {
        const id = callOf(events[i]);
        if (id) ids.add(id);
      }
      if (selectedCall) ids.add(selectedCall);
      return [...ids].reverse();
    }, [events, selectedCall]),
  );
}

/**
 * The box's height from a ResizeObserver, not read on every render (a read after each commit forced a
 * layout of the page once per frame during a burst).
 */
function useHeight(box: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(300);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const observer = new ResizeObserver(([entry]) => setHeight(entry.contentRect.height));
    observer.observe(el);
    return () => observer.disconnect();
  }, [box]);
  return height;
}

/** What makes a run: a call or a model turn. A start over with none before it cleared nothing. */
const RUN_EVENTS = new Set(["agent_start", "tool_execution_start"]);

/**
 * Where the latest run starts in the log: the last `session_cleared` (Restart, a pick) that came after
 * a run, so the session's own start (session_ready, the first scenario's load) stays in view until
 * there is a run to clear; -1 when none.
 */
function lastClear(events: readonly SessionEvent[]): number {
  let from = -1;
  let ran = false;
  for (let i = 0; i < events.length; i++) {
    const type = events[i]?.type ?? "";
    if (RUN_EVENTS.has(type)) ran = true;
    else if (type === "session_cleared" && ran) {
      from = i;
      ran = false;
    }
  }
  return from;
}

/**
 * Every event the session emitted, in order. Only the visible rows are rendered, so 10,000 events scroll as
 * smoothly as ten; the log itself is bounded and says how many it let go.
 */
export function EventStream() {
  const { stores } = useSession();
  const selection = useSelection();
  const { t, format } = useT("eventStream");
  const { events: logged, dropped, total, types } = useStore(stores.events);
  // Restart starts clean here too: the rows are this run's (since the last start over) unless the learner
  // asks for every run; the log and its export keep them all.
  const [scope, setScope] = useState<"run" | "all">("run");
  const runFrom = useMemo(() => lastClear(logged), [logged]);
  const events = useMemo(
    () => (scope === "all" || runFrom <= 0 ? logged : logged.slice(runFrom)),
    [logged, scope, runFrom],
  );
  const earlier = logged.length - events.length;
  const selectedCall = useStore(selection, (s) => s.callId);
  const [type, setType] = useState("");
  const [open, setOpen] = useState<SessionEvent | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [follow, setFollow] = useState(true);
  const box = useRef<HTMLDivElement>(null);

  const calls = useCallChoices(events, selectedCall);
  const shown = useMemo(
    () =>
      !type && !selectedCall
        ? events
        : events.filter((e) => (!type || e.type === type) && (!selectedCall || callOf(e) === selectedCall)),
    [events, type, selectedCall],
  );

  const height = useHeight(box);

  // Following: the rows are placed from the end (no scroll position state needed), and the box is kept at
  // the end by useFollowToEnd. The scroll event that follows changes no state.
  const list = useRef<HTMLOListElement>(null);
  const { following, lastInput } = useFollowToEnd(box, list);

  // Only the reader stops the following, as in the transcript. The page's own scroll to the end has its
  // event dispatched in the next frame: if a batch of rows was drawn meanwhile, that event finds the box
  // far from the new end, and taking it for the reader's left the list drawn where it was for good.
  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const atEnd = distanceFromEnd(el) < ROW * 2;
    if (!atEnd && following.current && performance.now() - lastInput.current > READER_SCROLL_MS) {
      el.scrollTop = el.scrollHeight; // still following: back to the end
      return;
    }
    following.current = atEnd;
    setFollow(atEnd);
    if (!atEnd) setScrollTop(el.scrollTop);
  };

  // Times count from the start of each run (or scenario), so a run's numbers read the same whenever it ran.
  const first = events[0]?.ts ?? 0;
  const starts = useMemo(() => runStarts(events), [events]);
  const { from, to, slots } = rowWindow({
    count: shown.length,
    rowHeight: ROW,
    viewportHeight: height,
    scrollTop,
    following: follow,
    overscan: OVERSCAN,
  });

  return (
    <div className="events">
      <div className="events__filters">
        <label>
          {t("scope")}{" "}
          <select value={scope} onChange={(e) => setScope(e.target.value as "run" | "all")}>
            <option value="run">{t("thisRun")}</option>
            <option value="all">{t("allRuns")}</option>
          </select>
        </label>
        <label>
          {t("type")}{" "}
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">{t("all")}</option>
            <Options values={types} />
          </select>
        </label>
        <label>
          {t("call")}{" "}
          <select value={selectedCall ?? ""} onChange={(e) => selection.selectCall(e.target.value || null)}>
            <option value="">{t("all")}</option>
            <Options values={calls} />
          </select>
        </label>
        <span className="muted events__count" aria-live="off">
          {shown.length === events.length
            ? t("count", { count: format.count(events.length) })
            : t("countFiltered", { shown: format.count(shown.length), count: format.count(events.length) })}
          {earlier > 0 ? ` ${t("earlier", { count: earlier, earlier: format.count(earlier) })}` : ""}
          {dropped > 0
            ? ` ${t("dropped", { dropped: format.count(dropped), total: format.count(total) })}`
            : ""}
        </span>
      </div>
      {events.length === 0 ? <p className="muted">{t("waiting")}</p> : null}
      <div className="events__scroll" ref={box} onScroll={onScroll} tabIndex={-1}>
        <ol
          className="event-list"
          aria-label={t("list")}
          ref={list}
          style={{ height: shown.length * ROW, position: "relative" }}
        >
          {shown.slice(from, to).map((e, i) => {
            const id = callOf(e);
            const at = from + i; // position in the filtered list: a page event shares the seq before it
            return (
              <li
                // Keyed by slot, not by event: as the window moves each row is refilled in place instead
                // of being removed and created again (every row, every frame, while following a burst).
                key={at % slots}
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
                  <span className="event-list__time" title={t("since")}>
                    {sinceRunStart(e.ts, starts, first)}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      </div>
      {open ? (
        <EventDetail
          event={open}
          call={callOf(open)}
          onHighlight={selection.toggleCall}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
