import { createStore, immediate, type Scheduler } from "./store";

/** The page's panels, in the order the `1`–`7` keys and the Panels menu name them. */
export const PANEL_IDS = [
  "workspace",
  "dispatch",
  "conversation",
  "timeline",
  "system-prompt",
  "event-stream",
  "context-window",
] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/**
 * What a projector shows unless the presenter picks otherwise: the subject of the lesson (the dispatch
 * table and the prompt it produces) and the calls going through it.
 */
export const DEFAULT_PROJECTOR_PANELS: readonly PanelId[] = [
  "dispatch",
  "conversation",
  "timeline",
  "system-prompt",
];

/** The page's own settings; the app layer loads and saves them (localStorage), the stores never touch storage. */
export interface UiPrefs {
  theme: "light" | "dark";
  /** larger type, high contrast, the panels in `projectorPanels` only */
  projector: boolean;
  /** relative widths of the three columns (normal mode) */
  columns: [number, number, number];
  /** panel id → collapsed to its header (normal mode) */
  collapsed: Readonly<Record<string, boolean>>;
  /** the panels projector mode shows, in PANEL_IDS order; kept apart from normal mode's `collapsed` */
  projectorPanels: readonly PanelId[];
}

export const DEFAULT_PREFS: UiPrefs = {
  theme: "light",
  projector: false,
  columns: [1, 1.4, 1.2],
  collapsed: {},
  projectorPanels: DEFAULT_PROJECTOR_PANELS,
};

const MIN_COLUMN = 0.4;
const MAX_COLUMN = 4;

const isPanelId = (v: unknown): v is PanelId => PANEL_IDS.includes(v as PanelId);

/** Accepts anything (a stale or hand-edited localStorage value) and keeps only what is valid. */
export function parsePrefs(raw: unknown): UiPrefs {
  if (typeof raw !== "object" || raw === null) return DEFAULT_PREFS;
  const r = raw as Record<string, unknown>;
  const theme = r.theme === "dark" || r.theme === "light" ? r.theme : DEFAULT_PREFS.theme;
  const projector = typeof r.projector === "boolean" ? r.projector : DEFAULT_PREFS.projector;
  const columns =
    Array.isArray(r.columns) &&
    r.columns.length === 3 &&
    r.columns.every((c) => typeof c === "number" && Number.isFinite(c) && c >= MIN_COLUMN && c <= MAX_COLUMN)
      ? (r.columns as [number, number, number])
      : DEFAULT_PREFS.columns;
  const collapsed: Record<string, boolean> = {};
  if (typeof r.collapsed === "object" && r.collapsed !== null) {
    for (const [k, v] of Object.entries(r.collapsed)) if (v === true) collapsed[k] = true;
  }
  // Prefs stored before projector mode had its own panels have no list: they get the default. Unknown ids
  // (a panel since removed) are dropped; an empty list stays empty, since the presenter chose it.
  const projectorPanels = Array.isArray(r.projectorPanels)
    ? PANEL_IDS.filter((id) => (r.projectorPanels as unknown[]).some((v) => isPanelId(v) && v === id))
    : DEFAULT_PREFS.projectorPanels;
  return { theme, projector, columns, collapsed, projectorPanels };
}

/** Whether `panel` shows its body in the current mode. */
export function panelOpen(p: UiPrefs, panel: PanelId): boolean {
  return p.projector ? p.projectorPanels.includes(panel) : p.collapsed[panel] !== true;
}

export function createPrefsStore(initial: UiPrefs = DEFAULT_PREFS, schedule: Scheduler = immediate) {
  const store = createStore(initial, schedule);
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    patch(change: Partial<UiPrefs>) {
      store.update((p) => ({ ...p, ...change }));
    },
    /**
     * Shows or hides `panel` in the current mode only: in projector mode it joins or leaves the projector's
     * panels, in normal mode it collapses to its header or opens. Neither mode's choice changes the other's.
     */
    togglePanel(panel: PanelId) {
      store.update((p) => {
        if (p.projector) {
          const on = p.projectorPanels.includes(panel);
          const projectorPanels = PANEL_IDS.filter((id) =>
            id === panel ? !on : p.projectorPanels.includes(id),
          );
          return { ...p, projectorPanels };
        }
        const collapsed = { ...p.collapsed };
        if (collapsed[panel]) delete collapsed[panel];
        else collapsed[panel] = true;
        return { ...p, collapsed };
      });
    },
    /** Moves the border between column `index` and `index + 1` by `delta` (in column-width units). */
    resize(index: 0 | 1, delta: number) {
      store.update((p) => {
        const columns = [...p.columns] as [number, number, number];
        const a = columns[index] + delta;
        const b = columns[index + 1] - delta;
        if (a < MIN_COLUMN || b < MIN_COLUMN) return p;
        columns[index] = a;
        columns[index + 1] = b;
        return { ...p, columns };
      });
    },
  };
}

export type PrefsStore = ReturnType<typeof createPrefsStore>;
