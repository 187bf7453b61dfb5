import type { ContextEntry, TruncationFigures } from "@state/context-window";
import { estimateChars } from "@state/context-window";
import { forwardRef, memo, useRef, useState } from "react";
import { spacers, useVirtualList } from "../hooks/useVirtualList";
import { useT } from "../i18n";

/**
 * Rows drawn beyond those in view, each side: a session of a few dozen messages is drawn whole; one of
 * thousands draws the rows in view and these, so a new message costs the same however many came before.
 */
const OVERSCAN = 40;

/**
 * The table under the gauge: the system prompt, then every message with its tokens and who counted them.
 * The panel's body scrolls it; only the rows near the view are in the DOM, and a tbody of one empty row
 * above and below stands in for the rest.
 */
export function MessageRows({
  entries,
  promptTokens,
  firstKept,
  rowTitle,
}: {
  entries: readonly ContextEntry[];
  promptTokens: number;
  firstKept: number;
  rowTitle: (e: ContextEntry) => string;
}) {
  const { t, format } = useT("contextGauge");
  const table = useRef<HTMLTableElement>(null);
  const first = useRef<HTMLTableSectionElement>(null);
  const rows = useVirtualList({
    count: entries.length,
    scroller: () => table.current?.closest<HTMLElement>(".panel__body") ?? null,
    rowPx: 24,
    overscan: OVERSCAN,
    start: { after: first },
  });
  const { items, before, after } = spacers(rows);

  return (
    <table className="context-gauge__table" ref={table}>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t("col.what")}</th>
          <th scope="col" className="num">
            {t("col.tokens")}
          </th>
          <th scope="col">{t("col.source")}</th>
        </tr>
      </thead>
      <tbody ref={first}>
        <tr data-role="prompt">
          <td />
          <td>{t("prompt")}</td>
          <td className="num">{format.count(promptTokens)}</td>
          <td title={t("sourceLong.estimate")}>{t("source.estimate")}</td>
        </tr>
      </tbody>
      {before > 0 ? <Spacer height={before} /> : null}
      {items.map(({ index }) => {
        const e = entries[index];
        return (
          <Row
            key={e.index}
            ref={rows.measureElement}
            at={index}
            entry={e}
            kept={firstKept <= e.index}
            label={rowTitle(e)}
            cutHere={firstKept === e.index && firstKept > 0}
          />
        );
      })}
      {after > 0 ? <Spacer height={after} /> : null}
    </table>
  );
}

function Spacer({ height }: { height: number }) {
  return (
    <tbody aria-hidden="true">
      <tr style={{ height }} />
    </tbody>
  );
}

/** One message: a tbody of its own, so the list measures it whole (with the cut's row above it). */
const Row = memo(
  forwardRef<
    HTMLTableSectionElement,
    { at: number; entry: ContextEntry; label: string; kept: boolean; cutHere: boolean }
  >(function Row({ at, entry, label, kept, cutHere }, ref) {
    const { t, format } = useT("contextGauge");
    const [open, setOpen] = useState(false);
    const usage = entry.usageOutput !== null;
    return (
      <tbody ref={ref} data-index={at}>
        {cutHere ? (
          <tr className="context-gauge__cutrow">
            <td colSpan={4}>{t("cutRow", { count: entry.index })}</td>
          </tr>
        ) : null}
        <tr data-role={entry.role} data-kept={kept} data-testid="context-row">
          <td className="num">{entry.index + 1}</td>
          <td>
            {label}
            {entry.truncation ? (
              <>
                {" "}
                <button type="button" className="context-gauge__why" onClick={() => setOpen((o) => !o)}>
                  {t("why")}
                </button>
                {open ? <Untruncated figures={entry.truncation} sent={entry.estimate} /> : null}
              </>
            ) : null}
          </td>
          <td className="num">{format.count(usage ? (entry.usageOutput ?? 0) : entry.estimate)}</td>
          <td title={usage ? t("sourceLong.usage") : t("sourceLong.estimate")}>
            {usage ? t("source.usage") : t("source.estimate")}
          </td>
        </tr>
      </tbody>
    );
  }),
);

/** What the whole output would have cost against what the cut sent. */
function Untruncated({ figures, sent }: { figures: TruncationFigures; sent: number }) {
  const { t, format } = useT("contextGauge");
  const full = estimateChars(figures.totalBytes);
  return (
    <p className="context-gauge__untruncated" data-testid="untruncated">
      {t("untruncated", {
        full: format.count(full),
        bytes: format.count(figures.totalBytes),
        lines: format.count(figures.totalLines),
        sent: format.count(sent),
        outputBytes: format.count(figures.outputBytes),
        outputLines: format.count(figures.outputLines),
        times: format.count(Math.round(full / Math.max(1, sent))),
      })}
    </p>
  );
}
