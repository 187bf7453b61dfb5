import type { PersistCommand, PersistStatus } from "@agent/persist-protocol";
import { createConfirmations } from "@state/confirmations";
import { describe, expect, it } from "vitest";
import { INDEX_KEY, recordKey } from "../../common/persist/storage";
import { memoryStore } from "../../common/persist/storage.test-support";
import { LAST_KEY, PagePersistence } from "./page-persist";

function webStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

/** Locks shared by the "tabs" of one test: a held name is refused to the others. */
function lockManager() {
  const held = new Set<string>();
  return {
    held,
    request: ((name: string, _options: unknown, callback: (lock: unknown) => unknown) => {
      const free = !held.has(name);
      const result = callback(free ? { name } : null);
      if (free && result instanceof Promise) held.add(name);
      return Promise.resolve(result);
    }) as unknown as LockManager["request"],
  };
}

/** A BroadcastChannel between the "tabs" of one test: a message reaches every other tab. */
function tabsChannel() {
  const listeners: ((m: unknown) => void)[] = [];
  return () => {
    let mine: ((m: unknown) => void) | undefined;
    return {
      post: (m: unknown) => {
        for (const l of listeners) if (l !== mine) l(structuredClone(m));
      },
      listen: (on: (m: unknown) => void) => {
        mine = on;
        listeners.push(on);
      },
    };
  };
}

function setup(
  shared = memoryStore(),
  locks = lockManager(),
  local = webStorage(),
  tabs?: ReturnType<typeof tabsChannel>,
) {
  const sent: PersistCommand[] = [];
  let listener: (s: PersistStatus) => void = () => {};
  const confirmations = createConfirmations();
  let reloads = 0;
  let resets = 0;
  let ids = 0;
  const persistence = new PagePersistence({
    store: shared,
    host: {
      persist(command) {
        sent.push(command);
        if (command.type === "flush")
          queueMicrotask(() => listener({ kind: "flushed", token: command.token }));
      },
      onPersist: (l) => {
        listener = l;
      },
    },
    locks,
    tabs: tabs?.(),
    tab: webStorage(),
    shared: local,
    reload: () => reloads++,
    now: () => 1000,
    newId: () => `w${++ids}`,
    confirmations,
    resetFiles: async () => {
      resets++;
      return true;
    },
    hasUnsavedEdits: () => false,
    t: (key) => (key === "firstName" ? "Workspace 1" : key),
    setTimeout: () => 0,
  });
  return {
    persistence,
    sent,
    confirmations,
    store: shared,
    locks,
    local,
    status: (s: PersistStatus) => listener(s),
    reloads: () => reloads,
    resets: () => resets,
  };
}

describe("the page's saved workspaces", () => {
  it("a first visit creates Workspace 1, takes its lock and opens it for writing", async () => {
    const t = setup();
    expect(await t.persistence.start()).toEqual({ id: "w1", mode: "write" });
    expect(await t.store.get(INDEX_KEY)).toEqual([{ id: "w1", name: "Workspace 1", createdAt: 1000 }]);
    expect(t.sent[0]).toEqual({ type: "open", id: "w1", mode: "write", restore: true });
    expect(t.locks.held.has("pi-playground-workspace:w1")).toBe(true);
    expect(t.local.map.get(LAST_KEY)).toBe("w1");
  });

  it("a second tab on the same workspace opens it read-only", async () => {
    const store = memoryStore();
    const locks = lockManager();
    const local = webStorage();
    await setup(store, locks, local).persistence.start();
    const second = setup(store, locks, local);
    expect(await second.persistence.start()).toEqual({ id: "w1", mode: "read-only" });
    expect(second.sent[0]).toMatchObject({ type: "open", mode: "read-only" });
    expect(second.persistence.view.getSnapshot().mode).toBe("read-only");
  });

  it("a read-only tab hears when the tab that holds the workspace saves it, and can reload to see it", async () => {
    const store = memoryStore();
    const locks = lockManager();
    const local = webStorage();
    const tabs = tabsChannel();
    const first = setup(store, locks, local, tabs);
    await first.persistence.start();
    const second = setup(store, locks, local, tabs);
    await second.persistence.start();
    expect(second.persistence.view.getSnapshot().otherTabSavedAt).toBeNull();
    first.status({ kind: "saved", at: 4242, bytes: 10 });
    expect(second.persistence.view.getSnapshot().otherTabSavedAt).toBe(4242);
    // The writing tab's own view has nothing to hear: only the other tab saves.
    expect(first.persistence.view.getSnapshot().otherTabSavedAt).toBeNull();
    second.persistence.handle.reload();
    expect(second.reloads()).toBe(1);
  });

  it("opens the last workspace used; the test switch makes writes fail", async () => {
    const store = memoryStore();
    await store.set(INDEX_KEY, [
      { id: "a", name: "A", createdAt: 1 },
      { id: "b", name: "B", createdAt: 2 },
    ]);
    const local = webStorage();
    local.setItem(LAST_KEY, "b");
    local.setItem("pi-playground:test:fail-writes", "quota");
    const t = setup(store, lockManager(), local);
    await t.persistence.start();
    expect(t.sent[0]).toEqual({ type: "open", id: "b", mode: "write", restore: true, failWrites: "quota" });
  });

  it("a restored workspace counts as saved; a failed save says why", async () => {
    const t = setup();
    await t.persistence.start();
    t.status({ kind: "restore", outcome: { kind: "restored", savedAt: 5, bytes: 10 } });
    expect(t.persistence.view.getSnapshot().save).toEqual({ kind: "saved", at: 5, bytes: 10 });
    t.status({ kind: "not_saved", reason: "quota", detail: "full" });
    expect(t.persistence.view.getSnapshot().save).toEqual({
      kind: "not_saved",
      reason: "quota",
      detail: "full",
    });
  });

  it("Reset files asks first; no means nothing happens, yes saves what waits and then resets", async () => {
    const t = setup();
    await t.persistence.start();
    const no = t.persistence.resetToPreset();
    expect(t.confirmations.getSnapshot()).toMatchObject({ title: "reset.title" });
    t.confirmations.answer(false);
    expect(await no).toBe(false);
    expect(t.resets()).toBe(0);
    const yes = t.persistence.resetToPreset();
    t.confirmations.answer(true);
    expect(await yes).toBe(true);
    expect(t.sent.some((c) => c.type === "flush")).toBe(true);
    expect(t.resets()).toBe(1);
  });

  it("switching saves, remembers the other workspace for this tab, and reloads", async () => {
    const t = setup();
    await t.persistence.start();
    await t.persistence.handle.create("Second");
    expect(t.reloads()).toBe(1);
    expect(t.sent.at(-1)?.type).toBe("flush");
    expect((await t.store.get<{ name: string }[]>(INDEX_KEY))?.map((w) => w.name)).toEqual([
      "Workspace 1",
      "Second",
    ]);
    expect(t.local.map.get(LAST_KEY)).toBe("w2");
  });

  it("a new workspace's hook runs after the current one is saved and before the reload", async () => {
    const t = setup();
    await t.persistence.start();
    const seen: string[] = [];
    await t.persistence.handle.create("Shared work", () =>
      seen.push(`${t.sent.at(-1)?.type} then reloads ${t.reloads()}`),
    );
    expect(seen).toEqual(["flush then reloads 0"]);
    expect(t.reloads()).toBe(1);
  });

  it("refuses to delete a workspace open in a tab, and deletes one that is not", async () => {
    const t = setup();
    await t.persistence.start();
    await t.persistence.handle.duplicate("w1", "Copy");
    await t.persistence.handle.remove("w1");
    expect(t.persistence.view.getSnapshot().problem?.code).toBe("inUse");
    await t.store.set(recordKey("w2"), { any: 1 });
    await t.persistence.handle.remove("w2");
    expect(await t.store.get(recordKey("w2"))).toBeUndefined();
    expect((await t.store.get<{ id: string }[]>(INDEX_KEY))?.map((w) => w.id)).toEqual(["w1"]);
  });

  it("an empty name is refused with a reason", async () => {
    const t = setup();
    await t.persistence.start();
    await t.persistence.handle.create("  ");
    expect(t.persistence.view.getSnapshot().problem).toEqual({ code: "emptyName" });
    expect(t.reloads()).toBe(0);
  });
});
