import { Only, ReplayFeature, useReplay } from "../features";
import { useT } from "../i18n";
import { useReplayProblem, useReplayShown } from "./useReplay";

/**
 * Under the top bar: while a file is shown, that this is a replay of a file and not the live session,
 * with the way back; after an import that failed, the sentence saying which line and why (nothing
 * changed).
 */
export function ReplayBar() {
  return (
    <Only feature={ReplayFeature}>
      <Bar />
    </Only>
  );
}

function Bar() {
  const replay = useReplay();
  const { t, format } = useT("replay");
  const shown = useReplayShown();
  const problem = useReplayProblem();
  return (
    <>
      {problem ? (
        <div className="replay-problem" role="alert">
          <p>
            {t(problem.line === undefined ? `problem.${problem.problem}` : `problem.${problem.problem}Line`, {
              name: problem.name,
              line: problem.line,
              type: problem.type,
              limit: format.bytes(problem.limit ?? 0),
            })}{" "}
            {t("nothingChanged")}
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
        </section>
      ) : null}
    </>
  );
}

/** In the workspace panel while a file is shown: its files and controls belong to the live session. */
export function ReplayWorkspaceNote() {
  const { t } = useT("replay");
  return <p className="replay-note">{t("workspaceNote")}</p>;
}
