import { checkLesson, type LessonResult, type LessonSpec } from "@state/lessons";
import { useState } from "react";
import { useT } from "../i18n/index";
import { useScenarios, useSession } from "../session-context";
import { CodeExercise } from "./CodeExercise";
import { ContextExercise } from "./ContextExercise";

/**
 * One lesson: its text, the scenario to play, the panel to look at (highlighted when the scenario
 * plays, or on request), and its exercise: checked from the event stream since Start, for a code
 * exercise by the page's tests against the learner's code, or, for an answer read off a panel, against
 * that panel's own figures.
 */
export function LessonItem({
  lesson,
  passed,
  onPass,
}: {
  lesson: LessonSpec;
  passed: boolean;
  onPass: () => void;
}) {
  const { t } = useT("lessons");
  const { loadScenario } = useScenarios();
  const id = lesson.id;
  const highlight = () => {
    const panel = document.querySelector(`[data-panel="${lesson.panel}"]`);
    panel?.scrollIntoView({ block: "nearest" });
    panel?.classList.add("lesson-highlight");
    setTimeout(() => panel?.classList.remove("lesson-highlight"), 4000);
  };
  const scenario = lesson.scenario;
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
        {scenario ? (
          <button
            type="button"
            onClick={() => {
              highlight();
              void loadScenario(scenario, { keepHistory: true });
            }}
          >
            {t("play")}
          </button>
        ) : (
          <button type="button" onClick={highlight}>
            {t("showPanel", { panel: t(`panels.${lesson.panel}`) })}
          </button>
        )}
      </div>
      <p>
        <strong>{t("exercise")}</strong> {t(`items.${id}.exercise`)}
      </p>
      {lesson.code ? (
        <CodeExercise exercise={lesson.code} onPass={onPass} />
      ) : lesson.answer === "context" ? (
        <ContextExercise onPass={onPass} />
      ) : (
        <EventCheck lesson={lesson} onPass={onPass} />
      )}
    </li>
  );
}

/** An exercise done on the page and checked from the events since Start. */
function EventCheck({ lesson, onPass }: { lesson: LessonSpec; onPass: () => void }) {
  const { t } = useT("lessons");
  const { stores } = useSession();
  const [since, setSince] = useState<number | null>(null);
  const [result, setResult] = useState<LessonResult | null>(null);
  const lastSeq = () => stores.events.latest().events.at(-1)?.seq ?? 0;
  return (
    <>
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
            const r = checkLesson(lesson.id, stores.events.latest().events, since ?? 0);
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
    </>
  );
}
