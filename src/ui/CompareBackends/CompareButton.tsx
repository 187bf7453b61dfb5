import { lazy, Suspense, useState } from "react";
import { CompareFeature, Only } from "../features";
import { loadNamespaces, useT } from "../i18n/index";

// The dialog and its panes load on the first click: most visits never compare, and the first bundle is
// what every visit waits for.
const CompareBackendsDialog = lazy(() =>
  Promise.all([import("./CompareBackends"), loadNamespaces(["compareBackends"])]).then(([m]) => m),
);

/** "Compare backends…" beside the backend picker, and the dialog it opens. */
export function CompareBackendsButton() {
  return (
    <Only feature={CompareFeature}>
      <OpenButton />
    </Only>
  );
}

function OpenButton() {
  const { t } = useT("backends");
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className="compare-open"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {t("compareOpen")}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <CompareBackendsDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
