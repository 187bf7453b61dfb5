/**
 * The session worker's saving: restores the workspace the page asked for before the session starts, then
 * saves it after changes (save-scheduler.ts) as one record (record.ts). A record that cannot be read is
 * kept aside and the preset loads; a save that fails (a full disk) leaves the last good record as it was,
 * since an IndexedDB write either lands whole or not at all. It reports codes (PersistStatus), never
 * sentences.
 */
import type { PersistCommand, PersistStatus, RestoreOutcome, SavedState } from "@agent/persist-protocol";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import { decodeRecord, encodeRecord, type WorkspaceRecord } from "./record";
import { createSaveScheduler, type SaveScheduler, type SchedulerTimers } from "./save-scheduler";
import { asideKey, failingWrites, failureOf, type KeyValueStore, previousKey, recordKey } from "./storage";

export interface WorkerPersistDeps {
  store: KeyValueStore;
  report(status: PersistStatus): void;
  timers: SchedulerTimers;
  /** the session's current workspace and tool states */
  current(): { workspace: MemfsWorkspace } & SavedState;
  delays?: { delayMs?: number; maxWaitMs?: number };
}

export interface Restored extends SavedState {
  workspace: MemfsWorkspace;
}

export function createWorkerPersistence(deps: WorkerPersistDeps) {
  const { timers, report } = deps;
  let store = deps.store;
  let id: string | undefined;
  let writable = false;
  /** the next save first keeps the stored record as `previous:` (the workspace was just replaced) */
  let keepPrevious = false;
  /** the stored record holds the learner's work (restored, or changed since): worth keeping on a reset */
  let worthKeeping = false;
  let scheduler: SaveScheduler | undefined;

  const write = async (key: string, record: WorkspaceRecord) => {
    await store.set(key, record);
    return record.files.byteLength;
  };

  async function save() {
    if (!id || !writable) return;
    report({ kind: "saving" });
    try {
      const { workspace, ...state } = deps.current();
      const record = encodeRecord(workspace, state, Date.now());
      if (keepPrevious) {
        const before = await store.get<unknown>(recordKey(id));
        if (before !== undefined) await store.set(previousKey(id), before);
        keepPrevious = false;
      }
      const bytes = await write(recordKey(id), record);
      report({ kind: "saved", at: record.savedAt, bytes });
    } catch (error) {
      report({ kind: "not_saved", reason: failureOf(error), detail: messageOf(error) });
      throw error;
    }
  }

  /** Reads the record asked for; puts a bad one aside (copied under a key of its own, never deleted). */
  async function restore(key: string): Promise<{ outcome: RestoreOutcome; restored?: Restored }> {
    let value: unknown;
    try {
      value = await store.get<unknown>(key);
    } catch (error) {
      return { outcome: { kind: "unavailable", detail: messageOf(error) } };
    }
    if (value === undefined) return { outcome: { kind: "fresh" } };
    const decoded = decodeRecord(value);
    if (decoded.ok) {
      const { record, workspace } = decoded;
      return {
        outcome: { kind: "restored", savedAt: record.savedAt, bytes: record.files.byteLength },
        restored: { workspace, tools: record.tools, ...(record.learner ? { learner: record.learner } : {}) },
      };
    }
    const aside = asideKey(id ?? "", Date.now());
    try {
      await store.set(aside, value);
    } catch {
      // Could not copy it aside: then this tab must not overwrite it either.
      writable = false;
    }
    return {
      outcome:
        decoded.problem === "newer"
          ? { kind: "newer", asideKey: aside, version: decoded.version }
          : { kind: "corrupt", asideKey: aside, detail: decoded.detail },
    };
  }

  return {
    /** The page's `open`: resolves with the restored workspace (or none: the preset loads). */
    async open(command: Extract<PersistCommand, { type: "open" }>): Promise<Restored | undefined> {
      id = command.id;
      writable = command.mode === "write";
      if (command.failWrites === "quota") store = failingWrites(deps.store);
      scheduler = createSaveScheduler(save, timers, deps.delays);
      if (!command.restore) {
        // A replaced worker: its files come with init, and are saved as soon as the session has them.
        if (!writable) report({ kind: "not_saved", reason: "read-only" });
        return undefined;
      }
      const { outcome, restored } = await restore(recordKey(id));
      worthKeeping = restored !== undefined;
      report({ kind: "restore", outcome });
      if (outcome.kind === "unavailable") writable = false;
      // Nothing usable was stored: the preset the session starts from is saved, so the indicator can say
      // "saved" and a reload finds this workspace (a bad record is already kept aside).
      if (writable && !restored) scheduler.changed();
      if (!writable)
        report({
          kind: "not_saved",
          reason: outcome.kind === "unavailable" ? "unavailable" : "read-only",
          ...(outcome.kind === "unavailable" ? { detail: outcome.detail } : {}),
        });
      return restored;
    },

    /** The session reported a new state (`reason` as onSnapshot gives it, or "tools"). */
    changed(reason: string) {
      if (!scheduler || !writable) return;
      // A first visit's scenario replacing the preset leaves nothing worth bringing back.
      if (reason === "reset") keepPrevious = worthKeeping;
      else worthKeeping = true;
      // The indicator says "saving" from the change on, not from the write: a reload in between would
      // lose the change, and "saved" must not be shown while one waits.
      report({ kind: "saving" });
      scheduler.changed();
    },

    async command(command: Exclude<PersistCommand, { type: "open" }>) {
      if (command.type === "flush") {
        await scheduler?.flush();
        report({ kind: "flushed", token: command.token });
      } else if (command.type === "copy_to") {
        try {
          const { workspace, ...state } = deps.current();
          await write(recordKey(command.id), encodeRecord(workspace, state, Date.now()));
          report({ kind: "copied", token: command.token, ok: true });
        } catch (error) {
          report({
            kind: "copied",
            token: command.token,
            ok: false,
            reason: failureOf(error),
            detail: messageOf(error),
          });
        }
      } else {
        report({ kind: "restored_previous", token: command.token, ok: await bringBack() });
      }
    },
  };

  /** The record from before the last reset becomes the record again (once); this worker saves no more. */
  async function bringBack(): Promise<boolean> {
    if (!id || !writable || !scheduler) return false;
    await scheduler.flush();
    const previous = await store.get<unknown>(previousKey(id)).catch(() => undefined);
    if (previous === undefined || !decodeRecord(previous).ok) return false;
    try {
      await store.set(recordKey(id), previous);
      await store.del(previousKey(id));
    } catch {
      return false;
    }
    // The page reloads to show it; a save from this worker in between would undo it.
    scheduler.hold();
    writable = false;
    return true;
  }
}

export type WorkerPersistence = ReturnType<typeof createWorkerPersistence>;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
