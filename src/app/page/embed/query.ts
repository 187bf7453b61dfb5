/**
 * `?embed=<panels>` turns the page into a widget for another page's iframe (docs/embedding.md). This
 * module only reads the address, so it is small enough to sit in the first bundle; everything else the
 * widget needs is loaded on demand.
 */
import { PANEL_IDS, type PanelId } from "@state/prefs";

/** Short names a lesson page may use besides the panel ids themselves. */
const ALIASES: Record<string, PanelId> = {
  scenario: "conversation",
  events: "event-stream",
  prompt: "system-prompt",
  context: "context-window",
};

export interface EmbedQuery {
  panels: PanelId[];
  /** the embedding page's origin from `?host=`, or null when absent or not an origin */
  host: string | null;
  language: string | null;
  theme: "light" | "dark" | null;
  /** a shipped scenario's file (`?scenario=abort` → `abort.json`), or null */
  scenario: string | null;
}

const isPanelId = (v: string): v is PanelId => (PANEL_IDS as readonly string[]).includes(v);

/** The widget's settings, or null when the address does not ask for one. */
export function embedFromQuery(search: string): EmbedQuery | null {
  const params = new URLSearchParams(search);
  const embed = params.get("embed");
  if (embed === null) return null;
  const panels: PanelId[] = [];
  for (const name of embed.split(",")) {
    const id = ALIASES[name.trim()] ?? name.trim();
    if (isPanelId(id) && !panels.includes(id)) panels.push(id);
  }
  const theme = params.get("theme");
  const scenario = params.get("scenario");
  return {
    // An empty or unknown list still makes a widget: the dispatch table is the one panel every lesson has.
    panels: panels.length > 0 ? panels : ["dispatch"],
    host: originOf(params.get("host")),
    language: params.get("lang"),
    theme: theme === "light" || theme === "dark" ? theme : null,
    scenario: scenario && /^[a-z0-9-]+$/.test(scenario) ? `${scenario}.json` : null,
  };
}

/** `https://school.example/lesson` → `https://school.example`; anything that is not http(s) → null. */
export function originOf(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}
