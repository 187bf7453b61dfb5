import type { LearnerToolProblem } from "@agent/events";
import { type ExerciseId, type ExerciseReport, exercisePassed } from "@state/exercises";
import { useEffect, useRef, useState } from "react";
import { ExercisesFeature, LearnerToolsFeature, Only, useExercises, useLearnerTools } from "../features";
import { useT } from "../i18n/index";
import type { MountedToolEditor } from "../ToolEditor/tool-editor-cm";
import "./CodeExercise.css";

const draftKey = (exercise: ExerciseId) => `pi-playground.lessons.code.${exercise}`;

function loadDraft(exercise: ExerciseId): string | null {
  try {
    return localStorage.getItem(draftKey(exercise));
  } catch {
    return null;
  }
}

function saveDraft(exercise: ExerciseId, text: string) {
  try {
    localStorage.setItem(draftKey(exercise), text);
  } catch {
    // Storage full or blocked: the draft then lasts as long as the page.
  }
}

/**
 * A code exercise: the learner's file in the tool editor's CodeMirror (loaded on first open), the page's
 * tests run against it in a worker of their own, and each test listed as passed or failed with the
 * reason. The draft is kept in this browser, so a reload loses nothing.
 */
export function CodeExercise(props: { exercise: ExerciseId; onPass: () => void }) {
  const { t } = useT("lessons");
  return (
    <Only feature={ExercisesFeature} fallback={<p className="muted">{t("code.unavailable")}</p>}>
      <Exercise {...props} />
    </Only>
  );
}

function Exercise({ exercise, onPass }: { exercise: ExerciseId; onPass: () => void }) {
  const { t } = useT("lessons");
  const { t: tEditor } = useT("toolEditorDialog");
  const exercises = useExercises();
  const [added, setAdded] = useState(false);
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [report, setReport] = useState<ExerciseReport | null>(null);
  const [runError, setRunError] = useState<string | null>(null);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<MountedToolEditor | null>(null);
  const word = (p: LearnerToolProblem) => tEditor(`code_${p.code}`, { defaultValue: p.code });
  const name = t(`code.names.${exercise}`);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once per opening
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    void import("./exercise-cm").then(({ mountExerciseEditor }) => {
      if (cancelled || !host.current) return;
      editor.current = mountExerciseEditor(host.current, {
        text: loadDraft(exercise) ?? exercises.skeleton(exercise),
        label: t("code.editorLabel", { name }),
        onChange: (text) => saveDraft(exercise, text),
        check: (text) => exercises.check(text),
        word,
      });
    });
    return () => {
      cancelled = true;
      editor.current?.destroy();
      editor.current = null;
    };
  }, [open]);

  const run = () => {
    const text = editor.current?.getText() ?? loadDraft(exercise) ?? exercises.skeleton(exercise);
    setRunning(true);
    setRunError(null);
    // The last run's results go: while this one runs, none of them is about the text on screen.
    setReport(null);
    setAdded(false);
    exercises
      .run(exercise, text)
      .then((r) => {
        setReport(r);
        if (r.kind === "problems") editor.current?.showProblems(r.problems);
        if (exercisePassed(r)) onPass();
      })
      .catch((error: unknown) => setRunError(error instanceof Error ? error.message : String(error)))
      .finally(() => setRunning(false));
  };

  return (
    <div className="code-exercise" data-open={open || undefined}>
      <div className="lesson__actions">
        <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? t("code.hide") : t("code.open")}
        </button>
        {open ? (
          <>
            <button type="button" className="primary" onClick={run} disabled={running}>
              {running ? t("code.running") : t("code.run")}
            </button>
            <button
              type="button"
              title={t("code.resetTitle")}
              onClick={() => {
                editor.current?.setText(exercises.skeleton(exercise));
                setReport(null);
              }}
            >
              {t("code.reset")}
            </button>
          </>
        ) : null}
      </div>
      {open ? <div className="code-exercise__editor" ref={host} /> : null}
      {runError ? (
        <p className="error" role="status">
          {t("code.runFailed", { message: runError })}
        </p>
      ) : null}
      {report ? <Report exercise={exercise} report={report} word={word} /> : null}
      {exercise === "wc" && report && exercisePassed(report) ? (
        // The tool that passed is a real pi tool file: it can join this session's dispatch table.
        <Only feature={LearnerToolsFeature}>
          <AddAsTool
            text={() => editor.current?.getText() ?? loadDraft(exercise) ?? ""}
            added={added}
            onAdded={() => setAdded(true)}
          />
        </Only>
      ) : null}
    </div>
  );
}

function Report({
  exercise,
  report,
  word,
}: {
  exercise: ExerciseId;
  report: ExerciseReport;
  word: (p: LearnerToolProblem) => string;
}) {
  const { t } = useT("lessons");
  if (report.kind === "stuck")
    return (
      <p className="error" role="status">
        {t("code.stuck", { seconds: report.seconds })}
      </p>
    );
  if (report.kind === "problems")
    return (
      <>
        <p className="error" role="status">
          {t("code.problems", { count: report.problems.length })}
        </p>
        <ul className="code-exercise__results" aria-label={t("code.problemsLabel")}>
          {report.problems.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered
            <li key={i}>
              <strong>{word(p)}</strong>
              {p.line ? ` (${t("code.atLine", { line: p.line })})` : ""}: <code>{p.message}</code>
            </li>
          ))}
        </ul>
      </>
    );
  const failed = report.tests.filter((x) => !x.passed).length;
  return (
    <>
      <p className={failed === 0 ? "lesson__pass" : "error"} role="status">
        {failed === 0
          ? t("code.allPassed", { count: report.tests.length })
          : t("code.someFailed", { failed, count: report.tests.length })}
      </p>
      <ul className="code-exercise__results" aria-label={t("code.resultsLabel")}>
        {report.tests.map((x) => (
          <li key={x.id} data-test={x.id} className={x.passed ? "is-passed" : "is-failed"}>
            <span aria-hidden="true">{x.passed ? "✓" : "✗"}</span> {t(`tests.${exercise}.${x.id}`)}:{" "}
            {x.passed
              ? t("code.testPassed")
              : t(`failures.${x.failure?.code ?? "threw"}`, x.failure?.values ?? {})}
          </li>
        ))}
      </ul>
    </>
  );
}

/** "Add it as a tool": the passing file registered in this session, where the page offers learner tools. */
function AddAsTool({ text, added, onAdded }: { text: () => string; added: boolean; onAdded: () => void }) {
  const { t } = useT("lessons");
  const learnerTools = useLearnerTools();
  return (
    <div className="lesson__actions">
      <button
        type="button"
        onClick={() => {
          learnerTools.register(text());
          onAdded();
        }}
      >
        {t("code.addTool")}
      </button>
      {added ? <span className="muted">{t("code.addedTool")}</span> : null}
    </div>
  );
}
