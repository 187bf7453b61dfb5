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
/** What one tab tells the others: it saved workspace `id` at `at`. */
export type TabMessage = { kind: "saved"; id: string; at: number };
const isTabMessage = (m: unknown): m is TabMessage =>
  (m as TabMessage | null)?.kind === "saved" &&
  typeof (m as TabMessage).id === "string" &&
  typeof (m as TabMessage).at === "number";
/** How long the page waits for the worker to finish a save before it reloads anyway. */
export const FLUSH_WAIT_MS = 3000;

export interface PagePersistDeps {
  store: KeyValueStore;
  host: { persist(command: PersistCommand): void; onPersist(listener: (s: PersistStatus) => void): void };
  /** navigator.locks, where the browser has it */
  locks?: Pick<LockManager, "request">;
  /**
   * The other tabs of this browser (a BroadcastChannel, where the browser has one): the tab that saves a
   * workspace says so, and a tab that has it open read-only tells its learner.
   */
  tabs?: { post(message: TabMessage): void; listen(on: (message: unknown) => void): void };
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

const EMPTY_VIEW: WorkspacesView = {
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
  otherTabSavedAt: null,
};

export class PagePersistence {
  readonly view = createStore<WorkspacesView>(EMPTY_VIEW);
  /** what the Workspaces menu gets (ui/Workspaces/types.ts) */
  readonly handle: WorkspacesHandle;
  private readonly store: KeyValueStore;
  private tokens = 0;
  /** commands the worker answers by token, waiting for that answer */
  private readonly answers = new Map<number, (s: PersistStatus) => void>();

  constructor(private readonly deps: PagePersistDeps) {
    this.store = deps.store;
    deps.host.onPersist((status) => this.hear(status));
    deps.tabs?.listen((message) => {
      const { current, mode } = this.view.getSnapshot();
      if (isTabMessage(message) && mode === "read-only" && message.id === current?.id)
        this.patch({ otherTabSavedAt: message.at });
    });
    this.handle = {
      view: this.view,
      create: (name, beforeReload) => this.create(name, beforeReload),
      rename: (id, name) => this.rename(id, name),
      duplicate: (id, name) => this.duplicate(id, name),
      remove: (id) => this.remove(id),
      switchTo: (id) => this.goTo(id),
      reload: () => deps.reload(),
      openAsCopy: (name) => this.openAsCopy(name),
      bringBack: () => this.bringBack(),
      dismissProblem: () => this.patch({ problem: null }),
    };
  }

  /** the worker saves what waits to be saved now (resolves with its answer, or null after the wait) */
  readonly flush = () => this.ask((token) => ({ type: "flush", token }));

  /**
   * Picks this tab's workspace, takes its lock (or opens it read-only) and tells the worker; the page
   * sends `init` after this, so the worker has restored the files before the session starts.
   */
  async start(): Promise<{ id: string; mode: PersistMode }> {
    const { deps } = this;
    let list: WorkspaceEntry[] = [];
    try {
      list = await this.readIndex();
    } catch {
      // IndexedDB refused on the page: the worker finds the same and says the work is not saved.
    }
    const known = (id: string | null | undefined) => list.find((w) => w.id === id);
    let current = known(read(deps.tab, TAB_KEY)) ?? known(read(deps.shared, LAST_KEY)) ?? list[0];
    if (!current) {
      current = this.entry(deps.t("firstName"));
      list = [current];
      await this.store.set(INDEX_KEY, list).catch(() => {});
    }
    const mode: PersistMode = (await this.holdLock(current.id)) ? "write" : "read-only";
    if (mode === "write") this.remember(current.id);
    this.patch({ current, list, mode });
    const failWrites =
      read(deps.shared, FAIL_WRITES_KEY) === "quota" ? ({ failWrites: "quota" } as const) : {};
    deps.host.persist({ type: "open", id: current.id, mode, restore: true, ...failWrites });
    void deps.storage
      ?.persist()
      .then((persisted) => this.patch({ persisted }))
      .catch(() => {});
    void this.refreshExtras();
    return { id: current.id, mode };
  }

  /** "Reset files": asks first (the files can be brought back once), then the page's own reset. */
  readonly resetToPreset = async (): Promise<boolean> => {
    const { deps } = this;
    // With unsaved editor typing the page's own question comes, and it says what is lost.
    if (!deps.hasUnsavedEdits() && this.view.getSnapshot().mode === "write") {
      const yes = await deps.confirmations.ask({
        title: deps.t("reset.title"),
        text: deps.t("reset.text"),
        confirm: deps.t("reset.confirm"),
        cancel: deps.t("reset.cancel"),
      });
      if (!yes) return false;
      // The record then holds what the reset replaces: that is what "bring back" brings back.
      await this.flush();
    }
    return deps.resetFiles();
  };

  private patch(p: Partial<WorkspacesView>) {
    this.view.set({ ...this.view.getSnapshot(), ...p });
  }

  private problem(code: WorkspacesProblem["code"], detail?: string) {
    this.patch({ problem: { code, ...(detail ? { detail } : {}) }, busy: false });
  }

  private failed(error: unknown) {
    this.problem(failureOf(error), messageOf(error));
  }

  /** What the worker says of the saved workspace: an answer to a token, or the save indicator's news. */
  private hear(status: PersistStatus) {
    if ("token" in status) {
      this.answers.get(status.token)?.(status);
      this.answers.delete(status.token);
      return;
    }
    if (status.kind === "restore") {
      const { outcome } = status;
      this.patch({ restore: outcome });
      // What came back is what is stored: saved, until the next change.
      if (outcome.kind === "restored" && this.view.getSnapshot().mode === "write")
        this.patch({ save: { kind: "saved", at: outcome.savedAt, bytes: outcome.bytes } });
    } else if (status.kind === "saving") this.patch({ save: { kind: "saving" } });
    else if (status.kind === "saved") {
      this.patch({ save: { kind: "saved", at: status.at, bytes: status.bytes } });
      const id = this.view.getSnapshot().current?.id;
      if (id) this.deps.tabs?.post({ kind: "saved", id, at: status.at });
      void this.refreshExtras();
    } else if (status.kind === "not_saved") this.patch({ save: status });
  }

  /** Sends a command the worker answers by token; resolves with the answer (or null after the wait). */
  private ask(command: (token: number) => PersistCommand): Promise<PersistStatus | null> {
    const token = ++this.tokens;
    return new Promise((resolve) => {
      this.answers.set(token, resolve);
      this.deps.setTimeout(() => {
        if (this.answers.delete(token)) resolve(null);
      }, FLUSH_WAIT_MS);
      this.deps.host.persist(command(token));
    });
  }

  private async readIndex(): Promise<WorkspaceEntry[]> {
    const list = await this.store.get<unknown>(INDEX_KEY);
    return Array.isArray(list) ? list.filter(isEntry) : [];
  }

  private async writeIndex(list: WorkspaceEntry[]) {
    await this.store.set(INDEX_KEY, list);
    const current = this.view.getSnapshot().current;
    this.patch({ list, current: list.find((w) => w.id === current?.id) ?? current });
  }

  private async refreshExtras() {
    const { current, mode } = this.view.getSnapshot();
    const id = current?.id;
    const [usage, previous] = await Promise.all([
      this.deps.storage?.estimate().catch(() => undefined),
      id && mode === "write"
        ? this.store.get(previousKey(id)).catch(() => undefined)
        : Promise.resolve(undefined),
    ]);
    this.patch({
      canBringBack: previous !== undefined,
      ...(usage ? { usage: { used: usage.usage ?? 0, quota: usage.quota ?? 0 } } : {}),
    });
  }

  /** true: this tab holds the workspace's lock (until it closes); false: another tab does. */
  private holdLock(id: string): Promise<boolean> {
    const locks = this.deps.locks;
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
  private inUse(id: string): Promise<boolean> {
    const locks = this.deps.locks;
    if (!locks) return Promise.resolve(id === this.view.getSnapshot().current?.id);
    return new Promise((resolve) => {
      locks
        .request(lockName(id), { ifAvailable: true }, (lock) => {
          resolve(lock === null);
          return undefined;
        })
        .catch(() => resolve(false));
    });
  }

  private remember(id: string) {
    try {
      this.deps.tab?.setItem(TAB_KEY, id);
      this.deps.shared?.setItem(LAST_KEY, id);
    } catch {
      // storage disabled: the next load opens the first workspace in the list
    }
  }

  private async goTo(id: string, beforeReload?: () => void) {
    this.patch({ busy: true });
    if (this.view.getSnapshot().mode === "write") await this.flush();
    this.remember(id);
    beforeReload?.();
    this.deps.reload();
  }

  private entry(name: string): WorkspaceEntry {
    return { id: this.deps.newId(), name, createdAt: this.deps.now() };
  }

  private async create(name: string, beforeReload?: () => void) {
    if (!name.trim()) return this.problem("emptyName");
    try {
      const added = this.entry(name.trim());
      await this.writeIndex([...(await this.readIndex()), added]);
      await this.goTo(added.id, beforeReload);
    } catch (error) {
      this.failed(error);
    }
  }

  private async rename(id: string, name: string) {
    if (!name.trim()) return this.problem("emptyName");
    try {
      const list = await this.readIndex();
      await this.writeIndex(list.map((w) => (w.id === id ? { ...w, name: name.trim() } : w)));
    } catch (error) {
      this.failed(error);
    }
  }

  private async duplicate(id: string, name: string) {
    try {
      const { current, mode } = this.view.getSnapshot();
      if (id === current?.id && mode === "write") await this.flush();
      const copy = this.entry(name);
      await copyRecord(this.store, recordKey(id), recordKey(copy.id));
      await this.writeIndex([...(await this.readIndex()), copy]);
    } catch (error) {
      this.failed(error);
    }
  }

  private async remove(id: string) {
    if (await this.inUse(id)) return this.problem("inUse");
    try {
      await deleteRecord(this.store, recordKey(id));
      await deleteRecord(this.store, previousKey(id));
      await this.writeIndex((await this.readIndex()).filter((w) => w.id !== id));
    } catch (error) {
      this.failed(error);
    }
  }

  private async openAsCopy(name: string) {
    this.patch({ busy: true });
    const copy = this.entry(name);
    const answer = await this.ask((token) => ({ type: "copy_to", id: copy.id, token }));
    if (answer?.kind !== "copied" || !answer.ok) {
      const copied = answer?.kind === "copied" ? answer : undefined;
      return this.problem(copied?.reason === "quota" ? "quota" : "copyFailed", copied?.detail);
    }
    try {
      await this.writeIndex([...(await this.readIndex()), copy]);
    } catch (error) {
      return this.failed(error);
    }
    this.remember(copy.id);
    this.deps.reload();
  }

  private async bringBack() {
    this.patch({ busy: true });
    const answer = await this.ask((token) => ({ type: "restore_previous", token }));
    if (answer?.kind === "restored_previous" && answer.ok) this.deps.reload();
    else this.problem("nothingToBringBack");
  }
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

/** The other tabs of this browser, through a BroadcastChannel (none where the browser has no such thing). */
export function browserTabs(): PagePersistDeps["tabs"] {
  if (typeof BroadcastChannel === "undefined") return undefined;
  const channel = new BroadcastChannel("pi-playground-workspaces");
  return {
    post: (message) => channel.postMessage(message),
    listen: (on) => channel.addEventListener("message", (event) => on(event.data)),
  };
}
