import type { KeyboardEvent, PointerEvent } from "react";
import { useStore } from "../hooks/useStore";
import { usePrefs } from "../session-context";
import "./ColumnResizer.css";

/** The draggable border between two columns; arrow keys move it too. */
export function ColumnResizer({ index, label }: { index: 0 | 1; label: string }) {
  const prefs = usePrefs();
  const value = useStore(prefs, (p) =>
    Math.round((p.columns[index] / (p.columns[0] + p.columns[1] + p.columns[2])) * 100),
  );
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const target = e.currentTarget;
    const grid = target.parentElement;
    if (!grid) return;
    target.setPointerCapture(e.pointerId);
    let last = e.clientX;
    const move = (ev: globalThis.PointerEvent) => {
      const cols = prefs.getSnapshot().columns;
      const unit = grid.clientWidth / (cols[0] + cols[1] + cols[2]);
      prefs.resize(index, (ev.clientX - last) / unit);
      last = ev.clientX;
    };
    const up = () => {
      target.removeEventListener("pointermove", move);
      target.removeEventListener("pointerup", up);
    };
    target.addEventListener("pointermove", move);
    target.addEventListener("pointerup", up);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowLeft") prefs.resize(index, -0.1);
    else if (e.key === "ArrowRight") prefs.resize(index, 0.1);
    else return;
    e.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter is the WAI-ARIA "window splitter" pattern; <hr> cannot take focus or keys
    <div
      className="column-resizer"
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
    />
  );
}
