import { createStore, immediate, type Scheduler } from "./store";

/** The page's own settings; the app layer loads and saves them (localStorage), the stores never touch storage. */
export interface UiPrefs {
  theme: "light" | "dark";
  /** larger type, high contrast, fewer panels */
  projector: boolean;
  /** relative widths of the three columns */
  columns: [number, number, number];
  /** panel id → collapsed */
  collapsed: Readonly<Record<string, boolean>>;
}

export const DEFAULT_PREFS: UiPrefs = {
  theme: "light",
  projector: false,
  columns: [1, 1.4, 1.2],
  collapsed: {},
};

const MIN_COLUMN = 0.4;
const MAX_COLUMN = 4;

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
  return { theme, projector, columns, collapsed };
}

export function createPrefsStore(initial: UiPrefs = DEFAULT_PREFS, schedule: Scheduler = immediate) {
  const store = createStore(initial, schedule);
  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    patch(change: Partial<UiPrefs>) {
      store.update((p) => ({ ...p, ...change }));
    },
    toggleCollapsed(panel: string) {
      store.update((p) => {
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
