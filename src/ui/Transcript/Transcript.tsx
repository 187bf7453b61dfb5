import { type UIEvent, useEffect, useRef, useState } from "react";
import { useFollowToEnd } from "../hooks/useFollowToEnd";
import { useStore } from "../hooks/useStore";
import { useT } from "../i18n";
import { useSelection, useSession } from "../session-context";
import {
  distanceFromEnd,
  earlierPage,
  entryWindow,
  regrown,
  regrowPlan,
  SHOWN_WHEN_CALM,
} from "../windowing";
import { QueuedPrompts } from "./ModelParts";
import { Entry } from "./TranscriptEntry";
import "./Transcript.css";

/** px from the bottom that still counts as "at the end" (the transcript follows new entries there) */
const NEAR_END_PX = 160;
/** a scroll this soon after the reader's own input (wheel, keys…) is theirs */
const READER_SCROLL_MS = 1000;

/**
 * Where following keeps the transcript: the end, unless the newest entry (a call and its result) is taller
 * than the view; then its top, so the call the step made and the start of its result show, not the result's
 * last lines.
 */
function followTarget(el: HTMLElement): number {
  const bottom = el.scrollHeight - el.clientHeight;
  const last = el.querySelector<HTMLElement>(".transcript > li:last-child");
  if (!last) return 0; // the intro: its first line ("New here? Press Play…") is what to read
  // A long model answer is read as it streams in: follow its end, not its top.
  if (last.querySelector(".long-text")) return bottom;
  const top = last.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop;
  return Math.max(0, Math.min(bottom, top - 4));
}

/**
 * The conversation: what the user said, what the model asked for, and what the tools answered. Only the
 * newest entries are drawn (with "Show earlier" and a count), so a long run costs a frame what a short one
 * does. While the reader is at the end it follows new entries; once they scroll up, the drawn range stops
 * moving so what they read stays put.
 */
export function Transcript() {
  const { stores } = useSession();
  const selection = useSelection();
  const { t } = useT("transcript");
  const entries = useStore(stores.transcript, (t) => t.entries);
  const calls = useStore(stores.transcript, (t) => t.calls);
  const elapsed = useStore(stores.transcript, (t) => t.elapsed);
  const queued = useStore(stores.transcript, (t) => t.queued);
  const selectedCall = useStore(selection, (s) => s.callId);
  const scroller = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  // Whether the reader is at the end is known from scroll events, so following needs no layout read in a
  // render (those forced a layout of the whole transcript every frame).
  const { following, lastInput, toEnd } = useFollowToEnd(scroller, content, followTarget);
  /** index of the first drawn entry, or null to draw the newest ones */
  const [first, setFirst] = useState<number | null>(null);
  const count = entries.length;
  /** how many of the newest entries are drawn while following (fewer during a burst, then growing back) */
  const [limit, setLimit] = useState(SHOWN_WHEN_CALM);
  const committed = useRef(count);
  const arrived = count - committed.current;
  const { start, end } = entryWindow(count, first, limit, arrived);
  useEffect(() => {
    committed.current = count;
    const plan = regrowPlan(limit, arrived);
    if (plan.limit !== limit) setLimit(plan.limit);
    if (plan.waitMs === null) return;
    const timer = setTimeout(() => setLimit(regrown), plan.waitMs);
    return () => clearTimeout(timer);
  }, [count, limit, arrived]);

  const previous = useRef(count);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the entry count changes
  useEffect(() => {
    const grew = count > previous.current;
    previous.current = count;
    if (count === 0)
      setFirst(null); // a reset: start over at the end
    else if (grew && following.current && first !== null && end === count) setFirst(null); // follow again
  }, [count]);

  // Only the reader stops the following: a scroll that comes from the page itself (scrolling to the end,
  // the browser keeping the view steady as old entries leave the top, or correcting estimated heights of
  // entries not yet drawn) must not. Wheel, touch, pointer, keys and focus inside the box mark intent.
  const onScroll = (e: UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    if (distanceFromEnd(el) < NEAR_END_PX || Math.abs(el.scrollTop - followTarget(el)) < 2) {
      following.current = true;
      return;
    }
    if (performance.now() - lastInput.current > READER_SCROLL_MS) {
      if (following.current) el.scrollTop = followTarget(el); // still following: back to the end
      return;
    }
    following.current = false;
    // Scrolled up while following: hold the drawn range so the entry being read is not dropped.
    if (first === null) setFirst(start);
  };

  const showLatest = () => {
    setFirst(null);
    toEnd();
  };
  const earlier = earlierPage(start);

  return (
    // A scroll box must take focus so keyboard users can scroll it: the intro alone overflows at 18 px.
    <section
      className="conversation__transcript"
      aria-label={t("list")}
      ref={scroller}
      onScroll={onScroll}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
      tabIndex={0}
    >
      <div ref={content}>
        {count === 0 ? (
          <Intro />
        ) : (
          <>
            {start > 0 ? (
              <p className="transcript__more">
                <span className="muted">{t("entries", { from: start + 1, to: end, count })}</span>{" "}
                <button type="button" onClick={() => setFirst(earlier.first)}>
                  {t("showEarlier", { count: earlier.added })}
                </button>
              </p>
            ) : null}
            <ol className="transcript" aria-label={t("transcript")}>
              {entries.slice(start, end).map((e) => (
                <Entry
                  key={e.key}
                  entry={e}
                  calls={calls}
                  elapsed={elapsed}
                  selectedCall={selectedCall}
                  onSelect={selection.toggleCall}
                />
              ))}
            </ol>
            {end === count ? <QueuedPrompts queued={queued} /> : null}
            {end < count ? (
              <p className="transcript__more">
                <span className="muted">{t("newer", { count: count - end })}</span>{" "}
                <button type="button" onClick={showLatest}>
                  {t("showLatest")}
                </button>
              </p>
            ) : null}
          </>
        )}
      </div>
    </section>
  );
}

/** What an empty transcript says to someone who has not run anything yet. */
function Intro() {
  const { t } = useT("transcript");
  return (
    <div className="intro">
      <p>
        <strong>{t("intro.new")}</strong> {t("intro.pressBefore")} <em>{t("intro.play")}</em>{" "}
        {t("intro.pressAfter")}
      </p>
      <ol>
        <li>{t("intro.call")}</li>
        <li>{t("intro.timeline")}</li>
        <li>{t("intro.files")}</li>
        <li>{t("intro.events")}</li>
      </ol>
      <p>
        {t("intro.orBefore")} <em>{t("intro.hand")}</em> {t("intro.orAfter")}
      </p>
    </div>
  );
}
