/**
 * Importing an events file (JSON Lines, as "Export events" writes it) and showing it in the panels in
 * place of the live session. Every line is checked, then the events are folded into a fresh set of
 * stores: the same folds as the live page, so the file shows as it did where it was recorded. The live
 * session and its stores are not touched; "Back to live session" drops the fresh set.
 *
 * The file is data: keys the page holds are masked in it as in an export, and nothing in it is sent to
 * the session or run; it is only folded.
 */
import { redactSecrets } from "@agent/drivers/redact";
import type { SessionStores } from "@state/session-stores";
import { createStore, immediate } from "@state/store";
import type { ReplayHandle, ReplayLoading, ReplayProblem, ReplayShown } from "@ui/Replay/replay-handle";
import { MAX_IMPORT_BYTES } from "../common/share/limits";

export interface EventsReplayDeps {
  /** a fresh set of stores, scheduled like the live ones */
  createStores(): SessionStores;
  /** the keys the page holds: masked in the file's text before anything reads it */
  secrets?: () => readonly string[];
  /** runs a pi session file's recorded call in the live session (pi-session/rerun.ts) */
  rerun?: ReplayHandle["rerun"];
  /** loads a scenario into the live session */
  loadScenario?: (scenario: Parameters<ReplayHandle["playAsScenario"]>[0]) => void;
}

type ImportedFile = Parameters<ReplayHandle["importFile"]>[0];

export function createEventsReplay(deps: EventsReplayDeps): ReplayHandle {
  const view = createStore<ReplayShown | null>(null, immediate);
  const problem = createStore<ReplayProblem | null>(null, immediate);
  const loading = createStore<ReplayLoading | null>(null, immediate);

  async function read(file: ImportedFile) {
    if (file.size > MAX_IMPORT_BYTES)
      return { ok: false, problem: "tooLarge", limit: MAX_IMPORT_BYTES } as const;
    if (file.slice) {
      const blob = file as Blob & { name: string };
      const session = await import("./pi-session/open");
      if (await session.isPiSessionFile(blob).catch(() => false))
        return session
          .openSessionFile(blob, { createStores: deps.createStores, loading })
          .finally(() => loading.set(null));
    }
    let text: string;
    try {
      text = await file.text();
    } catch {
      return { ok: false, problem: "unreadable" } as const;
    }
    const { parseEventsFile } = await import("./events-file");
    const parsed = parseEventsFile(redactSecrets(text, deps.secrets?.() ?? []));
    if (!parsed.ok) return parsed;
    // Folded into stores of its own: an event the folds cannot take leaves the page as it was.
    const stores = deps.createStores();
    for (let i = 0; i < parsed.events.length; i++) {
      try {
        stores.ingest(parsed.events[i]);
      } catch {
        return {
          ok: false,
          problem: "cannotShow",
          line: parsed.lines[i],
          type: parsed.events[i].type,
        } as const;
      }
    }
    return { ok: true, stores, events: parsed.events.length } as const;
  }

  return {
    view,
    problem,
    loading,
    rerun: deps.rerun ?? (() => Promise.reject(new Error("No live session to run the call in."))),
    async importFile(file) {
      const result = await read(file);
      if (!result.ok) {
        problem.set({ ...result, name: file.name });
        return result;
      }
      problem.set(null);
      view.set({
        name: file.name,
        events: result.events,
        stores: result.stores,
        ...("recording" in result ? { recording: result.recording } : {}),
      });
      return { ok: true, events: result.events };
    },
    back: () => view.set(null),
    playAsScenario(scenario) {
      view.set(null);
      deps.loadScenario?.(scenario);
    },
    dismissProblem: () => problem.set(null),
    drawFailed() {
      const shown = view.getSnapshot();
      view.set(null);
      problem.set({ ok: false, problem: "cannotShow", name: shown?.name ?? "" });
    },
  };
}
