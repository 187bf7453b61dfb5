import { LESSONS, type LessonId } from "@state/lessons";
import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useT } from "../i18n/index";
import { LessonItem } from "./LessonItem";
import "./Lessons.css";

const STORAGE_KEY = "pi-playground.lessons";

function loadPassed(): LessonId[] {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as unknown;
    return Array.isArray(value) ? value.filter((v): v is LessonId => LESSONS.some((l) => l.id === v)) : [];
  } catch {
    return [];
  }
}

/**
 * The lessons, in order, beside the page (not modal, so the learner can do each exercise with the panel
 * open): a short text, the scenario to play, the panel to look at (highlighted), and an exercise the
 * page checks from the event stream. Passed lessons are remembered in this browser.
 */
export function LessonsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useT("lessons");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.show();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const [passed, setPassed] = useState<LessonId[]>(loadPassed);
  const pass = (id: LessonId) =>
    setPassed((p) => {
      const next = p.includes(id) ? p : [...p, id];
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or blocked: progress then lasts as long as the page.
      }
      return next;
    });
  // On the page's body: inside a panel, a panel beside it would cover it (panels are stacking contexts).
  return createPortal(
    <dialog ref={ref} className="lessons" aria-labelledby="lessons-title" onClose={onClose}>
      <div className="lessons__head">
        <h2 id="lessons-title">{t("title")}</h2>
        <span className="muted">{t("progress", { done: passed.length, total: LESSONS.length })}</span>
        <button type="button" onClick={onClose}>
          {t("close")}
        </button>
      </div>
      <ol className="lessons__list">
        {LESSONS.map((lesson) => (
          <LessonItem
            key={lesson.id}
            lesson={lesson}
            passed={passed.includes(lesson.id)}
            onPass={() => pass(lesson.id)}
          />
        ))}
      </ol>
    </dialog>,
    document.body,
  );
}
