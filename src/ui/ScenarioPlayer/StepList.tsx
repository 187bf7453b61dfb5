import type { DisplayStep } from "@agent/scenario";
import type { TFunction } from "i18next";
import { useRef } from "react";
import { spacers, useKeepInView, useVirtualList } from "../hooks/useVirtualList";
import { useT } from "../i18n";
import { ModelText } from "../ModelText/ModelText";

/**
 * Rows drawn beyond the visible ones, each side. A scenario of a few dozen steps is drawn whole (the
 * closed list shows one line), and a long one costs the same per step as a short one: the list draws
 * the rows in view and these, never all 24,000.
 */
const OVERSCAN = 24;

/** A step's line: the page's words for a result or a change of tools; the model's own text otherwise. */
function StepSummary({ step, t }: { step: DisplayStep; t: TFunction }) {
  if (step.kind === "result" && step.toolName)
    return <>{t("resultOf", { name: step.toolName, id: step.toolCallId })}</>;
  if (step.kind === "tools" && step.tools) return <>{t("toolsStep", { names: step.tools.join(", ") })}</>;
  return <ModelText>{step.summary}</ModelText>;
}

/**
 * The scenario's steps, one fixed-height line each, the current one highlighted and kept in view. Closed,
 * the list is one line high (the current step); open, a few lines. Only the rows near the view are in the
 * DOM; padding stands in for the rest, so the scroll bar and the keyboard scrolling stay true.
 */
export function StepList({
  steps,
  current,
  open,
}: {
  steps: readonly DisplayStep[];
  current: number;
  open: boolean;
}) {
  const { t } = useT("scenarioPlayer");
  const listRef = useRef<HTMLOListElement>(null);
  // Every row is 1.5em high (ScenarioPlayer.css); measured once drawn, so the projector's size holds too.
  const rows = useVirtualList({
    count: steps.length,
    scroller: () => listRef.current,
    rowPx: 20,
    overscan: OVERSCAN,
  });
  // Only the list scrolls: scrolling the composer around it too would push the player's own buttons out
  // of sight where the column is short. A list that opens or closes scrolls to its step again.
  useKeepInView(rows, current < steps.length ? current : -1, open);
  const { items, before, after } = spacers(rows);
  return (
    <ol
      className={`player__steps${open ? " is-open" : ""}`}
      aria-label={t("steps")}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls, so it must take focus to scroll by keyboard
      tabIndex={0}
      ref={listRef}
    >
      {before > 0 ? <li aria-hidden="true" style={{ height: before }} /> : null}
      {items.map(({ index: i, key }) => {
        const s = steps[i];
        return (
          <li
            key={key}
            data-index={i}
            ref={rows.measureElement}
            className={
              [
                s.kind === "result" ? "player__sub" : "",
                i < current ? "is-done" : i === current ? "is-current" : "",
              ]
                .filter(Boolean)
                .join(" ") || undefined
            }
            aria-current={i === current ? "step" : undefined}
          >
            <span className="player__n">{i + 1}.</span>
            <span className={`kind kind--${s.kind}`}>{t(`kind.${s.kind}`)}</span>{" "}
            <StepSummary step={s} t={t} />
          </li>
        );
      })}
      {after > 0 ? <li aria-hidden="true" style={{ height: after }} /> : null}
    </ol>
  );
}
