import type { BackendPicker } from "@state/backend-pick";
import type { CompareHandle } from "@state/compare-backends";
import type { Confirmations } from "@state/confirmations";
import type { PrefsStore } from "@state/prefs";
import type { SelectionStore } from "@state/selection";
import type { UnsavedEdits } from "@state/unsaved-edits";
import type { ReactNode } from "react";
import {
  BackendsFeature,
  CompareFeature,
  ExercisesFeature,
  LearnerToolsFeature,
  ModelFeature,
  ReplayFeature,
  ShareFeature,
} from "../features";
import type { ReplayHandle } from "../Replay/replay-handle";
import type { ShareHandle } from "../Share/share-handle";
import {
  ConfirmationsProvider,
  type ExercisesHandle,
  type LearnerToolsHandle,
  type ModelHandle,
  PrefsProvider,
  type ScenariosHandle,
  ScenariosProvider,
  SelectionProvider,
  type SessionHandle,
  SessionProvider,
  UnsavedProvider,
} from "../session-context";
import { WorkspacesContext, type WorkspacesHandle } from "../Workspaces/types";

/** Everything the page hands its components: the session's parts, and the features it offers. */
export interface PageHandles {
  session: SessionHandle;
  scenarios: ScenariosHandle;
  prefs: PrefsStore;
  selection: SelectionStore;
  confirmations: Confirmations;
  unsaved: UnsavedEdits;
  workspaces?: WorkspacesHandle;
  model?: ModelHandle;
  share?: ShareHandle;
  learnerTools?: LearnerToolsHandle;
  exercises?: ExercisesHandle;
  replay?: ReplayHandle;
  compare?: CompareHandle;
  backends?: BackendPicker;
}

/** Each handle in its own context, so a component reads only the part it uses (session-context.ts). */
export function SessionProviders({ handles: h, children }: { handles: PageHandles; children: ReactNode }) {
  return (
    <SessionProvider value={h.session}>
      <ScenariosProvider value={h.scenarios}>
        <PrefsProvider value={h.prefs}>
          <SelectionProvider value={h.selection}>
            <ConfirmationsProvider value={h.confirmations}>
              <UnsavedProvider value={h.unsaved}>
                <WorkspacesContext.Provider value={h.workspaces ?? null}>
                  <Features handles={h}>{children}</Features>
                </WorkspacesContext.Provider>
              </UnsavedProvider>
            </ConfirmationsProvider>
          </SelectionProvider>
        </PrefsProvider>
      </ScenariosProvider>
    </SessionProvider>
  );
}

function Features({ handles: h, children }: { handles: PageHandles; children: ReactNode }) {
  return (
    <ModelFeature.Provider value={h.model ?? null}>
      <ShareFeature.Provider value={h.share ?? null}>
        <LearnerToolsFeature.Provider value={h.learnerTools ?? null}>
          <ExercisesFeature.Provider value={h.exercises ?? null}>
            <ReplayFeature.Provider value={h.replay ?? null}>
              <CompareFeature.Provider value={h.compare ?? null}>
                <BackendsFeature.Provider value={h.backends ?? null}>{children}</BackendsFeature.Provider>
              </CompareFeature.Provider>
            </ReplayFeature.Provider>
          </ExercisesFeature.Provider>
        </LearnerToolsFeature.Provider>
      </ShareFeature.Provider>
    </ModelFeature.Provider>
  );
}
