import { createContext, lazy, type ReactNode, Suspense, useContext, useMemo, useState } from "react";
import { loadNamespaces } from "../i18n";

// The lessons and the compromise table, their strings with them, load on their first opening: the first
// bundle is what every visit waits for, and most visits open neither.
const CompromisesDialog = lazy(() =>
  Promise.all([import("../Compromises/Compromises"), loadNamespaces(["compromises"])]).then(([m]) => ({
    default: m.CompromisesDialog,
  })),
);
const LessonsDialog = lazy(() =>
  Promise.all([import("../Lessons/Lessons"), loadNamespaces(["lessons", "toolEditorDialog"])]).then(
    ([m]) => ({
      default: m.LessonsDialog,
    }),
  ),
);

export type OnDemandDialog = "lessons" | "compromises";

const OpenDialog = createContext<(dialog: OnDemandDialog) => void>(() => {});

/** Opens one of the page's on-demand dialogs (the dispatch table's links). */
export const useOpenDialog = () => useContext(OpenDialog);

/**
 * Holds which on-demand dialog is open above the panels, so a panel that remounts (the dispatch table
 * moves column in projector mode) does not close the lessons docked beside it.
 */
export function OnDemandDialogs({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OnDemandDialog | null>(null);
  const [used, setUsed] = useState<ReadonlySet<OnDemandDialog>>(new Set());
  const openDialog = useMemo(
    () => (dialog: OnDemandDialog) => {
      setUsed((u) => (u.has(dialog) ? u : new Set([...u, dialog])));
      setOpen(dialog);
    },
    [],
  );
  const close = () => setOpen(null);
  return (
    <OpenDialog.Provider value={openDialog}>
      {children}
      <Suspense fallback={null}>
        {used.has("compromises") ? <CompromisesDialog open={open === "compromises"} onClose={close} /> : null}
        {used.has("lessons") ? <LessonsDialog open={open === "lessons"} onClose={close} /> : null}
      </Suspense>
    </OpenDialog.Provider>
  );
}
