/**
 * The session worker's saving: restores the workspace the page asked for before the session starts, then
 * saves it after changes (save-scheduler.ts) as one record (record.ts), rewriting only the chunks that
 * changed (record-writer.ts). A record that cannot be read is kept aside and the preset loads; a save
 * that fails (a full disk) leaves the last good record as it was, since each save is one IndexedDB
 * transaction, which lands whole or not at all. It reports codes (PersistStatus), never
 * sentences.
 */
import type { PersistCommand, PersistStatus, RestoreOutcome, SavedState } from "@agent/persist-protocol";
import type { MemfsWorkspace } from "@backends/memfs/workspace";
import { copyRecord, deleteRecord } from "../../common/persist/record-keys";
import {
  asideKey,
  failingWrites,
  failureOf,
  type KeyValueStore,
  previousKey,
  recordKey,
} from "../../common/persist/storage";
import { pickState } from "./record";
import { readRecord } from "./record-store";
import { createRecordWriter, type RecordWriter, writeFullRecord } from "./record-writer";
import { createSaveScheduler, type SaveScheduler, type SchedulerTimers } from "./save-scheduler";

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
  let writer: RecordWriter | undefined;
  /** counts the session's changes: a save that ends after a newer one must not say "saved" */
  let changes = 0;

  async function save() {
    if (!id || !writable || !writer) return;
    report({ kind: "saving" });
    const holds = changes;
    try {
      const { workspace, ...state } = deps.current();
      if (keepPrevious) {
        await copyRecord(store, recordKey(id), previousKey(id));
        keepPrevious = false;
      }
      const at = Date.now();
      const { bytes } = await writer.save(workspace, state, at);
      // A change that came during the write is not in this record: the indicator stays at "saving" (a
      // reload now would lose it) until the save that follows holds it.
      if (changes === holds) report({ kind: "saved", at, bytes });
    } catch (error) {
      report({ kind: "not_saved", reason: failureOf(error), detail: messageOf(error) });
      throw error;
    }
  }

  /** Reads the record asked for; puts a bad one aside (copied under a key of its own, never deleted). */
  async function restore(key: string): Promise<{ outcome: RestoreOutcome; restored?: Restored }> {
    let read: Awaited<ReturnType<typeof readRecord>>;
    try {
      read = await readRecord(store, key);
    } catch (error) {
      return { outcome: { kind: "unavailable", detail: messageOf(error) } };
    }
    if (read.kind === "none") return { outcome: { kind: "fresh" } };
    if (read.kind === "ok") {
      const { head, workspace, layout } = read;
      // A version 2 record's layout lets the next save rewrite only what changes; an older record is
      // written afresh (as version 2) by the next save.
      if (head.version === 2 && layout) writer?.adopt(workspace, head.chunks, layout);
      const bytes = head.version === 2 ? head.chunks.reduce((n, c) => n + c.bytes, 0) : head.files.byteLength;
      return {
        outcome: { kind: "restored", savedAt: head.savedAt, bytes },
        restored: { workspace, ...pickState(head) },
      };
    }
    const aside = asideKey(id ?? "", Date.now());
    try {
      await copyRecord(store, key, aside);
    } catch {
      // Could not copy it aside: then this tab must not overwrite it either.
      writable = false;
    }
    return {
      outcome:
        read.kind === "newer"
          ? { kind: "newer", asideKey: aside, version: read.version }
          : { kind: "corrupt", asideKey: aside, detail: read.detail },
    };
  }

  return {
    /** The page's `open`: resolves with the restored workspace (or none: the preset loads). */
    async open(command: Extract<PersistCommand, { type: "open" }>): Promise<Restored | undefined> {
      id = command.id;
      writable = command.mode === "write";
      if (command.failWrites === "quota") store = failingWrites(deps.store);
      scheduler = createSaveScheduler(save, timers, deps.delays);
      writer = createRecordWriter(store, recordKey(id));
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
      changes++;
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
          await writeFullRecord(store, recordKey(command.id), workspace, state, Date.now());
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
    const previous = await readRecord(store, previousKey(id)).catch(() => undefined);
    if (previous?.kind !== "ok") return false;
    try {
      await copyRecord(store, previousKey(id), recordKey(id));
      await deleteRecord(store, previousKey(id));
    } catch {
      return false;
    }
    writer?.forget();
    // The page reloads to show it; a save from this worker in between would undo it.
    scheduler.hold();
    writable = false;
    return true;
  }
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
