import { lazy, Suspense } from "react";
import { Only, ReplayFeature } from "../features";
import { loadNamespaces, useT } from "../i18n";
import { useReplayLoading, useReplayProblem, useReplayShown } from "./useReplay";

// Most visits never import a file: the bar's code and strings load with the first one.
const Body = lazy(() =>
  Promise.all([import("./ReplayBarBody"), loadNamespaces(["replayBar"])]).then(([m]) => m),
);

/** Under the top bar, while a file is shown, loading, or could not be imported (ReplayBarBody.tsx). */
export function ReplayBar() {
  return (
    <Only feature={ReplayFeature}>
      <Bar />
    </Only>
  );
}

function Bar() {
  const shown = useReplayShown();
  const problem = useReplayProblem();
  const loading = useReplayLoading();
  if (!shown && !problem && !loading) return null;
  return (
    <Suspense fallback={null}>
      <Body />
    </Suspense>
  );
}

/** In the workspace panel while a file is shown: its files and controls belong to the live session. */
export function ReplayWorkspaceNote() {
  const { t } = useT("replay");
  return <p className="replay-note">{t("workspaceNote")}</p>;
}
