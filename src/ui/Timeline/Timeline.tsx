import { type Lane, laneExtent, type StageBar, type StageName, timelineExtent } from "@state/timeline";
import { useMemo, useRef } from "react";
import { BreakOnTool } from "../Debugger/BreakOnTool";
import { useFollowNewest } from "../hooks/useFollowNewest";
import { useNow } from "../hooks/useNow";
import { useStore } from "../hooks/useStore";
import { spacers, useVirtualList } from "../hooks/useVirtualList";
import { useT } from "../i18n";
import { useSelection, useSession } from "../session-context";
import "./Timeline.css";

/** how many of the latest batches are drawn (older ones are in the event stream) */
const SHOWN_BATCHES = 6;
/** and at most this many lanes (whole batches; the newest is always drawn) */
const SHOWN_LANES = 8;
/**
 * Lanes drawn beyond those in view, each side. A batch of a few dozen calls is drawn whole; one of
 * 5,000 draws the lanes in view and these (every running lane is redrawn as its clock ticks).
 */
const OVERSCAN_LANES = 30;

const stageKey = (stage: StageName) => `stage.${stage}` as const;

/** One lane per tool call, grouped by the assistant message (batch) that made them. */
export function Timeline() {
  const { stores, abort } = useSession();
  const selection = useSelection();
  const { t } = useT("timeline");
  const lanes = useStore(stores.timeline, (t) => t.lanes);
  const dropped = useStore(stores.timeline, (t) => t.dropped);
  const selected = useStore(selection, (s) => s.callId);
  const running = lanes.some((l) => l.status === "running");
  const now = useNow(running);
  const batches = useMemo(() => {
    const byBatch = new Map<number, Lane[]>();
    for (const l of lanes) {
      const list = byBatch.get(l.batch) ?? [];
      list.push(l);
      byBatch.set(l.batch, list);
    }
    // The latest batches, newest kept whole, as many as fit in SHOWN_LANES (a burst of 8-call batches
    // would otherwise draw ~50 lanes of bars again every frame).
    const all = [...byBatch.entries()].slice(-SHOWN_BATCHES);
    let kept = 0;
    let from = all.length;
    while (from > 0 && (from === all.length || kept + all[from - 1][1].length <= SHOWN_LANES))
      kept += all[--from][1].length;
    return all.slice(from);
  }, [lanes]);
  // The panel keeps its newest batch in view, as the transcript does, until the reader scrolls away;
  // a page that starts over (no lanes) follows again.
  const root = useRef<HTMLDivElement>(null);
  useFollowNewest(root, lanes.length === 0);
  // The legend is there from the start: the first calls of a burst then add lanes, not the whole panel.
  return (
    <div className="timeline" ref={root}>
      <ul className="timeline__legend" aria-label={t("legend")}>
        {(["prepare", "validate", "wait", "queue", "execute", "rejected"] as const).map((s) => (
          <li key={s}>
            <span className={`bar bar--${s} bar--swatch`} aria-hidden="true" /> {t(stageKey(s))}
          </li>
        ))}
      </ul>
      {lanes.length === 0 ? <p className="muted">{t("empty")}</p> : null}
      {lanes.length > batches.reduce((n, [, l]) => n + l.length, 0) ? (
        <p className="muted">{t("showing", { count: batches.length, calls: lanes.length + dropped })}</p>
      ) : null}
      {batches.map(([batch, list]) => (
        <Batch
          key={batch}
          lanes={list}
          now={now}
          selected={selected}
          onSelect={selection.toggleCall}
          onAbort={abort}
        />
      ))}
    </div>
  );
}

function Batch({
  lanes,
  now,
  selected,
  onSelect,
  onAbort,
}: {
  lanes: Lane[];
  now: number;
  selected: string | null;
  onSelect: (id: string) => void;
  onAbort: () => void;
}) {
  const { t, format } = useT("timeline");
  const { start, end, elapsed } = timelineExtent(lanes, now);
  const span = end - start;
  const mode = lanes.find((l) => l.mode)?.mode;
  const head = useRef<HTMLElement>(null);
  const drawn = useVirtualList({
    count: lanes.length,
    scroller: () => head.current?.closest<HTMLElement>(".panel__body") ?? null,
    rowPx: 24,
    overscan: OVERSCAN_LANES,
    start: { after: head },
  });
  const { items, before, after } = spacers(drawn);
  const pos = (b: { start: number; end: number | null }) => ({
    left: `${((b.start - start) / span) * 100}%`,
    width: `max(3px, ${(((b.end ?? now) - b.start) / span) * 100}%)`,
  });
  return (
    <section className="batch" aria-label={t("batch", { count: lanes.length })}>
      <header className="batch__head" ref={head}>
        {lanes.length > 1 ? t("manyCalls", { count: lanes.length }) : t("oneCall")}
        {/* sequential or parallel says how calls of one message ran: a lone call has neither */}
        {mode && lanes.length > 1 ? ` · ${t(`mode.${mode}`)}` : ""} · {format.duration(elapsed)}
      </header>
      <ol className="lanes" style={{ paddingTop: before, paddingBottom: after }}>
        {items.map(({ index }) => {
          const l = lanes[index];
          return (
            <li
              key={`${l.toolCallId}-${l.start}`}
              ref={drawn.measureElement}
              data-index={index}
              className={`lane lane--${l.status}${selected === l.toolCallId ? " is-selected" : ""}`}
              data-call={l.toolCallId}
            >
              <button
                type="button"
                className="lane__label linkish"
                aria-pressed={selected === l.toolCallId}
                onClick={() => onSelect(l.toolCallId)}
                title={t("highlight", { id: l.toolCallId })}
              >
                <code>{l.toolName}</code> <span className="muted">{l.toolCallId}</span>
              </button>
              <div className="lane__track">
                {l.bars.map((b, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: bars are positional within a lane
                  <Bar key={i} bar={b} style={pos(b)} now={now} />
                ))}
              </div>
              <span className="lane__time">
                <BreakOnTool tool={l.toolName} />{" "}
                {l.status === "running" ? (
                  <>
                    <span aria-live="off">{format.duration(now - laneExtent(l, now).start)}</span>{" "}
                    <button type="button" className="danger" onClick={onAbort} title={t("common:abortTitle")}>
                      {t("common:abort")}
                    </button>
                  </>
                ) : (
                  <span className={l.status === "error" ? "error" : undefined}>
                    {format.duration(laneDuration(l, now))}
                    {l.status === "error" ? ` · ${t("error")}` : ""}
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function laneDuration(lane: Lane, now: number): number {
  const { start, end } = laneExtent(lane, now);
  return end - start;
}

function Bar({ bar, style, now }: { bar: StageBar; style: { left: string; width: string }; now: number }) {
  const { t, format } = useT("timeline");
  const timed = t(bar.end === null ? "barOpen" : "bar", {
    stage: t(stageKey(bar.stage)),
    duration: format.duration((bar.end ?? now) - bar.start),
  });
  const label = bar.note
    ? t("note", { label: timed, note: t(`noteText.${bar.note.code}`, bar.note) })
    : timed;
  return (
    // The label is an attribute, not hidden text: text has to be laid out and shaped, and a burst redraws
    // every bar of the newest lanes each time.
    <span
      className={`bar bar--${bar.stage}${bar.end === null ? " is-open" : ""}`}
      style={style}
      title={label}
      role="img"
      aria-label={label}
      data-stage={bar.stage}
    />
  );
}
