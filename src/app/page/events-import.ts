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
import type { ReplayHandle, ReplayProblem, ReplayShown } from "@ui/Replay/replay-handle";
import { MAX_IMPORT_BYTES } from "../common/share/limits";

export interface EventsReplayDeps {
  /** a fresh set of stores, scheduled like the live ones */
  createStores(): SessionStores;
  /** the keys the page holds: masked in the file's text before anything reads it */
  secrets?: () => readonly string[];
}

export function createEventsReplay(deps: EventsReplayDeps): ReplayHandle {
  const view = createStore<ReplayShown | null>(null, immediate);
  const problem = createStore<ReplayProblem | null>(null, immediate);

  async function read(file: Parameters<ReplayHandle["importFile"]>[0]) {
    if (file.size > MAX_IMPORT_BYTES)
      return { ok: false, problem: "tooLarge", limit: MAX_IMPORT_BYTES } as const;
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
    async importFile(file) {
      const result = await read(file);
      if (!result.ok) {
        problem.set({ ...result, name: file.name });
        return result;
      }
      problem.set(null);
      view.set({ name: file.name, events: result.events, stores: result.stores });
      return { ok: true, events: result.events };
    },
    back: () => view.set(null),
    dismissProblem: () => problem.set(null),
    drawFailed() {
      const shown = view.getSnapshot();
      view.set(null);
      problem.set({ ok: false, problem: "cannotShow", name: shown?.name ?? "" });
    },
  };
}
