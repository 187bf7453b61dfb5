import { checkLesson, LESSONS, type LessonId, type LessonResult } from "@state/lessons";
import { useState } from "react";
import { createPortal } from "react-dom";
import { Dialog } from "../Dialog/Dialog";
import { useT } from "../i18n/index";
import { useSession } from "../session-context";
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
          <Lesson
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

function Lesson({
  lesson,
  passed,
  onPass,
}: {
  lesson: (typeof LESSONS)[number];
  passed: boolean;
  onPass: () => void;
}) {
  const { t } = useT("lessons");
  const { stores, loadScenario } = useSession();
  const [since, setSince] = useState<number | null>(null);
  const [result, setResult] = useState<LessonResult | null>(null);
  const lastSeq = () => stores.events.latest().events.at(-1)?.seq ?? 0;
  const highlight = () => {
    const panel = document.querySelector(`[data-panel="${lesson.panel}"]`);
    panel?.scrollIntoView({ block: "nearest" });
    panel?.classList.add("lesson-highlight");
    setTimeout(() => panel?.classList.remove("lesson-highlight"), 4000);
  };
  const id = lesson.id;
  return (
    <li className={`lesson${passed ? " is-passed" : ""}`} data-lesson={id}>
      <h3>
        {t(`items.${id}.title`)} {passed ? <span className="lesson__done">{t("passedMark")}</span> : null}
      </h3>
      <p>{t(`items.${id}.text`)}</p>
      <p className="muted">
        {t("look", { panel: t(`panels.${lesson.panel}`) })} {t(`items.${id}.notice`)}
      </p>
      <div className="lesson__actions">
        <button
          type="button"
          onClick={() => {
            highlight();
            void loadScenario(lesson.scenario, { keepHistory: true });
          }}
        >
          {t("play")}
        </button>
      </div>
      <p>
        <strong>{t("exercise")}</strong> {t(`items.${id}.exercise`)}
      </p>
      <div className="lesson__actions">
        <button
          type="button"
          onClick={() => {
            setSince(lastSeq());
            setResult(null);
          }}
        >
          {since === null ? t("start") : t("restart")}
        </button>
        <button
          type="button"
          disabled={since === null}
          onClick={() => {
            const r = checkLesson(id, stores.events.latest().events, since ?? 0);
            setResult(r);
            if (r.passed) onPass();
          }}
        >
          {t("check")}
        </button>
      </div>
      {since !== null && result === null ? <p className="muted">{t("started")}</p> : null}
      {result ? (
        <p className={result.passed ? "lesson__pass" : "error"} role="status">
          {result.passed ? t("pass") : t("fail")} {t(`reasons.${result.reason}`)}
        </p>
      ) : null}
    </li>
  );
}
