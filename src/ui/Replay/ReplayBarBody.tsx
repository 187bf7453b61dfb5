import { lazy, Suspense } from "react";
import { useReplay } from "../features";
import { loadNamespaces, useT } from "../i18n";
import type { ReplayProblem } from "./replay-handle";
import { useReplayLoading, useReplayProblem, useReplayShown } from "./useReplay";

// A pi session file's part of the bar, with its strings, loads with the first such file.
const recording = () => Promise.all([import("./Recording"), loadNamespaces(["piSession"])]).then(([m]) => m);
const RecordingProgress = lazy(() => recording().then((m) => ({ default: m.RecordingProgress })));
const RecordingBar = lazy(() => recording().then((m) => ({ default: m.RecordingBar })));

/**
 * The replay bar's content (ReplayBar.tsx loads it, with its strings, once there is something to say):
 * while a file is shown, that this is a replay of a file and not the live session, with the way back;
 * while a session file loads, how far it got; after an import that failed, the sentence saying which
 * line and why (nothing changed).
 */
export default function ReplayBarBody() {
  const replay = useReplay();
  const { t, format } = useT("replayBar");
  const shown = useReplayShown();
  const problem = useReplayProblem();
  const loading = useReplayLoading();
  return (
    <>
      {loading ? (
        <Suspense fallback={null}>
          <RecordingProgress loading={loading} />
        </Suspense>
      ) : null}
      {problem ? (
        <div className="replay-problem" role="alert">
          <p>
            {sentence(t, problem, format.bytes(problem.limit ?? 0))} {t("nothingChanged")}
          </p>
          <button type="button" onClick={replay.dismissProblem}>
            {t("dismiss")}
          </button>
        </div>
      ) : null}
      {shown ? (
        <section className="replay-bar" aria-label={t("label")}>
          <p>
            <strong>{t("title")}</strong> {t("text", { name: shown.name, count: shown.events })}
          </p>
          <button type="button" className="primary" onClick={replay.back}>
            {t("back")}
          </button>
          {shown.recording ? (
            <Suspense fallback={null}>
              <RecordingBar recording={shown.recording} />
            </Suspense>
          ) : null}
        </section>
      ) : null}
    </>
  );
}

/** The sentence saying why: a pi session file's problems are worded with its other strings (piSession). */
function sentence(t: ReturnType<typeof useT>["t"], problem: ReplayProblem, limit: string): string {
  const values = {
    name: problem.name,
    line: problem.line,
    type: problem.type,
    limit,
    version: problem.version,
  };
  if (problem.problem === "piSessionNoHeader") return t("piSession:problem.piSessionNoHeader", values);
  if (problem.problem === "piSessionVersion") return t("piSession:problem.piSessionVersion", values);
  return t(
    problem.line === undefined ? `problem.${problem.problem}` : `problem.${problem.problem}Line`,
    values,
  );
}
