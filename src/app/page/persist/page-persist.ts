/**
 * The page's side of saved workspaces: which workspace this tab opens (the tab's last, else the last
 * used, else a new one), whether it may save it (a Web Lock per workspace: a second tab on the same one
 * opens it read-only and says so), the list of named workspaces, and the save indicator's state. The
 * worker restores and saves (worker-persist.ts); switching workspaces saves, then reloads the page into
 * the other one, which is the one path that already restores everything.
 */
import type { PersistCommand, PersistMode, PersistStatus } from "@agent/persist-protocol";
import type { Confirmations } from "@state/confirmations";
import { createStore } from "@state/store";
import type {
  WorkspaceEntry,
  WorkspacesHandle,
  WorkspacesProblem,
  WorkspacesView,
} from "@ui/Workspaces/types";
import { copyRecord, deleteRecord } from "../../common/persist/record-keys";
import {
  failureOf,
  INDEX_KEY,
  type KeyValueStore,
  previousKey,
  recordKey,
} from "../../common/persist/storage";

export const TAB_KEY = "pi-playground:workspace";
export const LAST_KEY = "pi-playground:last-workspace";
/** Tests only: every save fails as on a full disk (there is no quick way to fill a real quota). */
export const FAIL_WRITES_KEY = "pi-playground:test:fail-writes";
export const lockName = (id: string) => `pi-playground-workspace:${id}`;
/** How long the page waits for the worker to finish a save before it reloads anyway. */
export const FLUSH_WAIT_MS = 3000;

export interface PagePersistDeps {
  store: KeyValueStore;
  host: { persist(command: PersistCommand): void; onPersist(listener: (s: PersistStatus) => void): void };
  /** navigator.locks, where the browser has it */
  locks?: Pick<LockManager, "request">;
  /** this tab's storage (sessionStorage) and the browser's (localStorage) */
  tab: Pick<Storage, "getItem" | "setItem"> | null;
  shared: Pick<Storage, "getItem" | "setItem"> | null;
  reload(): void;
  now(): number;
  newId(): string;
  /** navigator.storage, where the browser has it */
  storage?: Pick<StorageManager, "estimate" | "persist">;
  confirmations: Confirmations;
  /** the page's reset (asks about unsaved editor typing itself) and whether there is such typing */
  resetFiles(): Promise<boolean>;
  hasUnsavedEdits(): boolean;
  /** words in the page's language (namespace `workspaces`) */
  t(key: string, values?: Record<string, unknown>): string;
  setTimeout(run: () => void, ms: number): unknown;
}

export function createPagePersistence(deps: PagePersistDeps) {
  const { store, host } = deps;
  const view = createStore<WorkspacesView>({
    current: null,
    list: [],
    mode: "write",
    save: { kind: "starting" },
    restore: null,
    usage: null,
    persisted: null,
    canBringBack: false,
    problem: null,
    busy: false,
  });
  const patch = (p: Partial<WorkspacesView>) => view.set({ ...view.getSnapshot(), ...p });
  const problem = (code: WorkspacesProblem["code"], detail?: string) =>
    patch({ problem: { code, ...(detail ? { detail } : {}) }, busy: false });

  let tokens = 0;
  const answers = new Map<number, (s: PersistStatus) => void>();
  host.onPersist((status) => {
    if ("token" in status) {
      answers.get(status.token)?.(status);
      answers.delete(status.token);
      return;
    }
    if (status.kind === "restore") {
      const { outcome } = status;
      patch({ restore: outcome });
      // What came back is what is stored: saved, until the next change.
      if (outcome.kind === "restored" && view.getSnapshot().mode === "write")
        patch({ save: { kind: "saved", at: outcome.savedAt, bytes: outcome.bytes } });
    } else if (status.kind === "saving") patch({ save: { kind: "saving" } });
    else if (status.kind === "saved") {
      patch({ save: { kind: "saved", at: status.at, bytes: status.bytes } });
      void refreshExtras();
    } else if (status.kind === "not_saved") patch({ save: status });
  });

  /** Sends a command the worker answers by token; resolves with the answer (or null after the wait). */
  function ask(command: (token: number) => PersistCommand): Promise<PersistStatus | null> {
    const token = ++tokens;
    return new Promise((resolve) => {
      answers.set(token, resolve);
      deps.setTimeout(() => {
        if (answers.delete(token)) resolve(null);
      }, FLUSH_WAIT_MS);
      host.persist(command(token));
    });
  }
  const flush = () => ask((token) => ({ type: "flush", token }));

  async function readIndex(): Promise<WorkspaceEntry[]> {
    const list = await store.get<unknown>(INDEX_KEY);
    return Array.isArray(list) ? list.filter(isEntry) : [];
  }
  async function writeIndex(list: WorkspaceEntry[]) {
    await store.set(INDEX_KEY, list);
    const current = view.getSnapshot().current;
    patch({ list, current: list.find((w) => w.id === current?.id) ?? current });
  }

  async function refreshExtras() {
    const id = view.getSnapshot().current?.id;
    const [usage, previous] = await Promise.all([
      deps.storage?.estimate().catch(() => undefined),
      id && view.getSnapshot().mode === "write"
        ? store.get(previousKey(id)).catch(() => undefined)
        : Promise.resolve(undefined),
    ]);
    patch({
      canBringBack: previous !== undefined,
      ...(usage ? { usage: { used: usage.usage ?? 0, quota: usage.quota ?? 0 } } : {}),
    });
  }

  /** true: this tab holds the workspace's lock (until it closes); false: another tab does. */
  function holdLock(id: string): Promise<boolean> {
    const locks = deps.locks;
    if (!locks) return Promise.resolve(true); // no Web Locks: nothing to coordinate with (docs/persistence.md)
    return new Promise((resolve) => {
      locks
        .request(lockName(id), { ifAvailable: true }, (lock) => {
          resolve(lock !== null);
          return lock ? new Promise<void>(() => {}) : undefined;
        })
        .catch(() => resolve(true));
    });
  }

  /** Is the workspace open in some tab (this one included)? Asked before deleting it. */
  function inUse(id: string): Promise<boolean> {
    const locks = deps.locks;
    if (!locks) return Promise.resolve(id === view.getSnapshot().current?.id);
    return new Promise((resolve) => {
      locks
        .request(lockName(id), { ifAvailable: true }, (lock) => {
          resolve(lock === null);
          return undefined;
        })
        .catch(() => resolve(false));
    });
  }

  function remember(id: string) {
    try {
      deps.tab?.setItem(TAB_KEY, id);
      deps.shared?.setItem(LAST_KEY, id);
    } catch {
      // storage disabled: the next load opens the first workspace in the list
    }
  }

  async function goTo(id: string, beforeReload?: () => void) {
    patch({ busy: true });
    if (view.getSnapshot().mode === "write") await flush();
    remember(id);
    beforeReload?.();
    deps.reload();
  }

  const entry = (name: string): WorkspaceEntry => ({ id: deps.newId(), name, createdAt: deps.now() });

  const handle: WorkspacesHandle = {
    view,
    async create(name, beforeReload) {
      if (!name.trim()) return problem("emptyName");
      try {
        const added = entry(name.trim());
        await writeIndex([...(await readIndex()), added]);
        await goTo(added.id, beforeReload);
      } catch (error) {
        problem(failureOf(error), messageOf(error));
      }
    },
    async rename(id, name) {
      if (!name.trim()) return problem("emptyName");
      try {
        await writeIndex((await readIndex()).map((w) => (w.id === id ? { ...w, name: name.trim() } : w)));
      } catch (error) {
        problem(failureOf(error), messageOf(error));
      }
    },
    async duplicate(id, name) {
      try {
        if (id === view.getSnapshot().current?.id && view.getSnapshot().mode === "write") await flush();
        const copy = entry(name);
        await copyRecord(store, recordKey(id), recordKey(copy.id));
        await writeIndex([...(await readIndex()), copy]);
      } catch (error) {
        problem(failureOf(error), messageOf(error));
      }
    },
    async remove(id) {
      if (await inUse(id)) return problem("inUse");
      try {
        await deleteRecord(store, recordKey(id));
        await deleteRecord(store, previousKey(id));
        await writeIndex((await readIndex()).filter((w) => w.id !== id));
      } catch (error) {
        problem(failureOf(error), messageOf(error));
      }
    },
    switchTo: (id) => goTo(id),
    async openAsCopy(name) {
      patch({ busy: true });
      const copy = entry(name);
      const answer = await ask((token) => ({ type: "copy_to", id: copy.id, token }));
      if (answer?.kind !== "copied" || !answer.ok) {
        const reason = answer?.kind === "copied" ? answer.reason : undefined;
        return problem(
          reason === "quota" ? "quota" : "copyFailed",
          answer?.kind === "copied" ? answer.detail : undefined,
        );
      }
      try {
        await writeIndex([...(await readIndex()), copy]);
      } catch (error) {
        return problem(failureOf(error), messageOf(error));
      }
      remember(copy.id);
      deps.reload();
    },
    async bringBack() {
      patch({ busy: true });
      const answer = await ask((token) => ({ type: "restore_previous", token }));
      if (answer?.kind === "restored_previous" && answer.ok) deps.reload();
      else problem("nothingToBringBack");
    },
    dismissProblem: () => patch({ problem: null }),
  };

  return {
    handle,
    view,
    /** the worker saves what waits to be saved now (resolves with its answer, or null after the wait) */
    flush,
    /**
     * Picks this tab's workspace, takes its lock (or opens it read-only) and tells the worker; the page
     * sends `init` after this, so the worker has restored the files before the session starts.
     */
    async start(): Promise<{ id: string; mode: PersistMode }> {
      let list: WorkspaceEntry[] = [];
      try {
        list = await readIndex();
      } catch {
        // IndexedDB refused on the page: the worker finds the same and says the work is not saved.
      }
      const known = (id: string | null | undefined) => list.find((w) => w.id === id);
      let current = known(read(deps.tab, TAB_KEY)) ?? known(read(deps.shared, LAST_KEY)) ?? list[0];
      if (!current) {
        current = entry(deps.t("firstName"));
        list = [current];
        await store.set(INDEX_KEY, list).catch(() => {});
      }
      const mode: PersistMode = (await holdLock(current.id)) ? "write" : "read-only";
      if (mode === "write") remember(current.id);
      patch({ current, list, mode });
      const failWrites =
        read(deps.shared, FAIL_WRITES_KEY) === "quota" ? ({ failWrites: "quota" } as const) : {};
      host.persist({ type: "open", id: current.id, mode, restore: true, ...failWrites });
      void deps.storage
        ?.persist()
        .then((persisted) => patch({ persisted }))
        .catch(() => {});
      void refreshExtras();
      return { id: current.id, mode };
    },
    /** "Reset files": asks first (the files can be brought back once), then the page's own reset. */
    async resetToPreset(): Promise<boolean> {
      // With unsaved editor typing the page's own question comes, and it says what is lost.
      if (!deps.hasUnsavedEdits() && view.getSnapshot().mode === "write") {
        const yes = await deps.confirmations.ask({
          title: deps.t("reset.title"),
          text: deps.t("reset.text"),
          confirm: deps.t("reset.confirm"),
          cancel: deps.t("reset.cancel"),
        });
        if (!yes) return false;
        // The record then holds what the reset replaces: that is what "bring back" brings back.
        await flush();
      }
      return deps.resetFiles();
    },
  };
}

function read(storage: Pick<Storage, "getItem"> | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is WorkspaceEntry {
  const w = value as WorkspaceEntry | null;
  return typeof w?.id === "string" && typeof w.name === "string" && typeof w.createdAt === "number";
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));
