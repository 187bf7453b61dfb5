import { lazy, Suspense, useState } from "react";
import { LearnerToolsFeature, Only, useLearnerTools } from "../features";
import { loadNamespaces, useT } from "../i18n";
import { ToolOffers } from "./ToolOffers";

// The editor, CodeMirror's TypeScript mode, completion, lint and the dialog's English load on first open,
// not with the page.
const ToolEditorDialog = lazy(() =>
  Promise.all([import("./ToolEditorDialog"), loadNamespaces(["toolEditorDialog"])]).then(([m]) => m),
);

/** The dispatch table's way into the tool editor: a button, and the dialog once it was opened. */
export function ToolEditorLauncher() {
  return (
    <Only feature={LearnerToolsFeature}>
      <Launcher />
    </Only>
  );
}

function Launcher() {
  const learnerTools = useLearnerTools();
  const { t } = useT("toolEditor");
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolOffers handle={learnerTools} />
      <button type="button" className="tool-editor__open" title={t("openHint")} onClick={() => setOpen(true)}>
        {t("open")}
      </button>
      {open ? (
        <Suspense fallback={<p className="muted">{t("loadingEditor")}</p>}>
          <ToolEditorDialog handle={learnerTools} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The mark on a learner's row of the dispatch table. */
export function LearnerBadge({ origin, replaces }: { origin?: string; replaces?: string }) {
  const { t } = useT("toolEditor");
  if (origin !== "learner") return null;
  return (
    <span className="badge badge--learner" title={t("badgeHint")}>
      {replaces ? t("badgeReplaces", { name: replaces }) : t("badge")}
    </span>
  );
}
