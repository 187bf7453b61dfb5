import type { PanelId } from "@state/prefs";
import { PANEL_IDS } from "@state/prefs";
import { type ComponentType, lazy, Suspense } from "react";
import { Conversation } from "../Conversation/Conversation";
import { DispatchTable } from "../DispatchTable/DispatchTable";
import { EventStream } from "../EventStream/EventStream";
import { loadNamespaces } from "../i18n";
import { SystemPrompt } from "../SystemPrompt/SystemPrompt";
import { Timeline } from "../Timeline/Timeline";
import { Workspace } from "../Workspace/Workspace";

// The context gauge, its strings with it, arrives just after the first paint: it sits at the foot of the
// right column and its first figures come with the first run, so the first bundle need not carry it.
const LazyGauge = lazy(() =>
  Promise.all([import("../ContextGauge/ContextGauge"), loadNamespaces(["contextGauge"])]).then(([m]) => ({
    default: m.ContextGauge,
  })),
);
function ContextGauge() {
  return (
    <Suspense fallback={null}>
      <LazyGauge />
    </Suspense>
  );
}

export interface PanelSpec {
  /** its title and hint are `common:panels.<id>.title` and `.hint` */
  id: PanelId;
  Body: ComponentType;
  /** the column it sits in: normal mode, then projector mode */
  column: { normal: 0 | 1 | 2; projector: 0 | 1 | 2 };
  /** its share of its column's height (flex-grow) */
  grow: { normal: number; projector: number };
}

const SPECS: Record<PanelId, Omit<PanelSpec, "id">> = {
  workspace: {
    Body: Workspace,
    column: { normal: 0, projector: 0 },
    grow: { normal: 1, projector: 1 },
  },
  // On a projector the dispatch table sits above the prompt it produces, beside the calls it dispatches.
  dispatch: {
    Body: DispatchTable,
    column: { normal: 0, projector: 2 },
    grow: { normal: 1, projector: 0 },
  },
  conversation: {
    Body: Conversation,
    column: { normal: 1, projector: 1 },
    // the transcript needs 300 px at 1280×720 (docs/layout.md): the timeline below gets a quarter, and
    // on a projector (larger type, a taller composer) a seventh
    grow: { normal: 6, projector: 6 },
  },
  timeline: {
    Body: Timeline,
    column: { normal: 1, projector: 1 },
    grow: { normal: 2, projector: 1 },
  },
  "system-prompt": {
    Body: SystemPrompt,
    column: { normal: 2, projector: 2 },
    grow: { normal: 1.2, projector: 1.2 },
  },
  "event-stream": {
    Body: EventStream,
    column: { normal: 2, projector: 2 },
    grow: { normal: 1, projector: 1 },
  },
  "context-window": {
    Body: ContextGauge,
    column: { normal: 2, projector: 2 },
    grow: { normal: 1, projector: 1 },
  },
};

/**
 * The page's panels, once: the layout, the `1`–`7` keys and the Panels menu all read this list. A panel
 * keeps its column div in both modes except the dispatch table (its state lives in stores), so switching
 * modes never remounts the conversation's composer or the file editor with unsaved text.
 */
export const PANELS: readonly PanelSpec[] = PANEL_IDS.map((id) => ({ id, ...SPECS[id] }));
