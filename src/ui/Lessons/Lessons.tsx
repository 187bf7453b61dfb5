import { LESSONS, type LessonId } from "@state/lessons";
import { useState } from "react";
import { createPortal } from "react-dom";
import { Dialog } from "../Dialog/Dialog";
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
    <Dialog
      open={open}
      onClose={onClose}
      modal={false}
      className="lessons"
      titleId="lessons-title"
      title={t("title")}
      head={<span className="muted">{t("progress", { done: passed.length, total: LESSONS.length })}</span>}
      closeLabel={t("close")}
    >
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
    </Dialog>,
    document.body,
  );
}
