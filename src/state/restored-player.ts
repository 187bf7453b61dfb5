/**
 * What the scenario player says after a reload brought a saved workspace back. The conversation and the
 * player's place are not saved, and a scenario's steps are written for its own files (a scripted reply
 * says "notes.md now starts with HELLO WORLD"), so playing it over the restored files would tell the
 * learner things that are not so. The player therefore names the scenario that was loaded before, and
 * loading it again (its own files replace the restored ones, which can be brought back once) is one click.
 */

/** The scenario a workspace had loaded last: its title, and its file when it is one the page ships. */
export interface RememberedScenario {
  title: string;
  file?: string;
}

/** The workspace restored at this load, and the scenario it had; null until (and unless) one was. */
export type RestoredWorkspace = { remembered: RememberedScenario | null } | null;

export type RestoredPlayerNote =
  /** a shipped scenario: one click loads it again */
  | { kind: "again"; file: string; title: string }
  /** a scenario from a link or a file: the page cannot fetch it again */
  | { kind: "elsewhere"; title: string }
  /** nothing remembered: pick one */
  | { kind: "pick" };

interface Shipped {
  file: string;
  title: string;
}

/** What to remember when a scenario with this title is loaded: its shipped file, found by its title. */
export function scenarioToRemember(title: string, shipped: readonly Shipped[]): RememberedScenario {
  const entry = shipped.find((s) => s.title === title);
  return entry ? { title, file: entry.file } : { title };
}

/** The player's note, or null when it has nothing to say (no restore, or a scenario is loaded). */
export function restoredPlayerNote(input: {
  restored: boolean;
  scenarioLoaded: boolean;
  remembered: RememberedScenario | null;
  shipped: readonly Shipped[];
}): RestoredPlayerNote | null {
  if (!input.restored || input.scenarioLoaded) return null;
  const { remembered, shipped } = input;
  if (!remembered) return { kind: "pick" };
  const entry =
    shipped.find((s) => s.file === remembered.file) ?? shipped.find((s) => s.title === remembered.title);
  if (entry) return { kind: "again", file: entry.file, title: entry.title };
  return { kind: "elsewhere", title: remembered.title };
}

/** Reads a remembered scenario back from storage (anything else is none). */
export function parseRemembered(value: unknown): RememberedScenario | null {
  const v = value as Partial<RememberedScenario> | null;
  if (typeof v?.title !== "string" || v.title === "") return null;
  return typeof v.file === "string" ? { title: v.title, file: v.file } : { title: v.title };
}
