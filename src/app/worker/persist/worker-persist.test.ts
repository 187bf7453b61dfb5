import type { PersistStatus } from "@agent/persist-protocol";
import { createMemfsWorkspace, type MemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { describe, expect, it } from "vitest";
import { chunkKey, type KeyValueStore, previousKey, recordKey } from "../../common/persist/storage";
import { memoryStore } from "../../common/persist/storage.test-support";
import { RECORD_VERSION } from "./record";
import { readRecord } from "./record-store";
import { encodeRecordV1 } from "./record-v1";
import { writeFullRecord } from "./record-writer";
import { createWorkerPersistence } from "./worker-persist";

const tools = { read: "active", bash: "active", edit: "off" } as const;

/** A good record of `workspace` under the key, as the page would have saved it; its stored head. */
async function stored(store: KeyValueStore, key: string, workspace: MemfsWorkspace) {
  await writeFullRecord(store, key, workspace, { tools }, 7);
  return store.get(key);
}

function setup(workspace: MemfsWorkspace = createMemfsWorkspace({ "a.txt": "one" })) {
  const store = memoryStore();
  const statuses: PersistStatus[] = [];
  const state = { workspace, tools: { ...tools } as Record<string, "active" | "hidden" | "off"> };
  const persistence = createWorkerPersistence({
    store,
    report: (s) => statuses.push(s),
    timers: {
      setTimeout: (run) => {
        queueMicrotask(run);
        return 0;
      },
      clearTimeout: () => {},
      now: () => 0,
    },
    current: () => state,
    delays: { delayMs: 0, maxWaitMs: 0 },
  });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
  return { store, statuses, state, persistence, settle };
}

const open = (mode: "write" | "read-only" = "write", extra = {}) =>
  ({ type: "open", id: "w1", mode, restore: true, ...extra }) as const;

describe("the worker's saving", () => {
  it("a first visit finds nothing, then saves after a change; the next visit gets the same files and tools", async () => {
    const t = setup();
    expect(await t.persistence.open(open())).toBeUndefined();
    expect(t.statuses).toContainEqual({ kind: "restore", outcome: { kind: "fresh" } });
    t.state.workspace.fs.writeFileSync("/workspace/b.bin", new Uint8Array([0, 255, 1]));
    t.persistence.changed("editor");
    await t.settle();
    expect(t.statuses.at(-1)).toMatchObject({ kind: "saved" });

    const next = createWorkerPersistence({
      store: t.store,
      report: () => {},
      timers: { setTimeout: () => 0, clearTimeout: () => {}, now: () => 0 },
      current: () => t.state,
    });
    const restored = await next.open(open());
    expect(restored?.tools).toEqual(tools);
    expect(snapshotWorkspace(restored?.workspace as MemfsWorkspace)).toEqual(
      snapshotWorkspace(t.state.workspace),
    );
  });

  it("a damaged record is kept aside untouched, the preset loads, and saving goes on under the record's key", async () => {
    const t = setup();
    const bad = { format: "pi-playground-workspace", version: 1, files: new Uint8Array([9, 9]) };
    await t.store.set(recordKey("w1"), bad);
    expect(await t.persistence.open(open())).toBeUndefined();
    const status = t.statuses.find((s) => s.kind === "restore");
    expect(status).toMatchObject({ outcome: { kind: "corrupt" } });
    const aside = (status as { outcome: { asideKey: string } }).outcome.asideKey;
    expect(await t.store.get(aside)).toEqual(bad);
    t.persistence.changed("reset");
    await t.settle();
    expect(await t.store.get(aside)).toEqual(bad);
    expect(await t.store.get(recordKey("w1"))).toMatchObject({ version: RECORD_VERSION });
  });

  it("a record from a newer page is kept aside, with its version", async () => {
    const t = setup();
    const head = await stored(t.store, recordKey("w1"), t.state.workspace);
    const newer = { ...(head as object), version: RECORD_VERSION + 1 };
    await t.store.set(recordKey("w1"), newer);
    await t.persistence.open(open());
    const status = t.statuses.find((s) => s.kind === "restore") as Extract<
      PersistStatus,
      { kind: "restore" }
    >;
    expect(status.outcome).toMatchObject({ kind: "newer", version: RECORD_VERSION + 1 });
    if (status.outcome.kind === "newer") {
      expect(await t.store.get(status.outcome.asideKey)).toEqual(newer);
      // its chunks are kept aside with it
      expect(await t.store.get(chunkKey(status.outcome.asideKey, 0))).toEqual(
        await t.store.get(chunkKey(recordKey("w1"), 0)),
      );
    }
  });

  it("a full disk: the save says quota, and the last good record stays as it was", async () => {
    const t = setup();
    const good = await stored(t.store, recordKey("w1"), createMemfsWorkspace({ "kept.txt": "safe" }));
    const before = new Map(t.store.map);
    const restored = await t.persistence.open(open("write", { failWrites: "quota" }));
    expect(restored).toBeDefined();
    t.persistence.changed("editor");
    await t.settle();
    expect(t.statuses.at(-1)).toMatchObject({ kind: "not_saved", reason: "quota" });
    expect(await t.store.get(recordKey("w1"))).toEqual(good);
    expect(t.store.map).toEqual(before);
  });

  it("a change during a save keeps the indicator at 'saving' until the save that holds it lands", async () => {
    const t = setup();
    await t.persistence.open(open());
    await t.settle();
    // Writes wait until let go: the first save is still writing when the second change comes.
    const gates: (() => void)[] = [];
    const write = t.store.write.bind(t.store);
    t.store.write = (puts, dels) =>
      new Promise<void>((resolve) => gates.push(resolve)).then(() => write(puts, dels));
    t.statuses.length = 0;
    t.state.workspace.fs.writeFileSync("/workspace/one.txt", "1");
    t.persistence.changed("call");
    await t.settle();
    expect(gates).toHaveLength(1);
    t.state.workspace.fs.writeFileSync("/workspace/two.txt", "2");
    t.persistence.changed("call");
    gates.shift()?.();
    await t.settle();
    // The first save landed, but the record lacks two.txt: "saved" now would let a reload lose it.
    expect(t.statuses.map((s) => s.kind)).not.toContain("saved");
    expect(gates).toHaveLength(1);
    gates.shift()?.();
    await t.settle();
    expect(t.statuses.at(-1)).toMatchObject({ kind: "saved" });
  });
  it("a read-only tab restores but never writes", async () => {
    const t = setup();
    const good = await stored(t.store, recordKey("w1"), createMemfsWorkspace({ "kept.txt": "safe" }));
    expect(await t.persistence.open(open("read-only"))).toBeDefined();
    expect(t.statuses).toContainEqual({ kind: "not_saved", reason: "read-only" });
    t.persistence.changed("editor");
    await t.persistence.command({ type: "flush", token: 1 });
    await t.settle();
    expect(await t.store.get(recordKey("w1"))).toEqual(good);
    expect(t.statuses.some((s) => s.kind === "saved")).toBe(false);
  });

  it("a reset keeps the record before it, which can be brought back once", async () => {
    const t = setup();
    await t.persistence.open(open());
    t.persistence.changed("editor");
    await t.settle();
    const before = await t.store.get(recordKey("w1"));
    t.state.workspace = createMemfsWorkspace({ "preset.txt": "p" });
    t.persistence.changed("reset");
    await t.settle();
    expect(await t.store.get(previousKey("w1"))).toEqual(before);
    await t.persistence.command({ type: "restore_previous", token: 4 });
    expect(t.statuses.at(-1)).toEqual({ kind: "restored_previous", token: 4, ok: true });
    expect(await t.store.get(recordKey("w1"))).toEqual(before);
    expect(await t.store.get(previousKey("w1"))).toBeUndefined();
    // This worker saves no more (the page reloads to show the record brought back).
    t.persistence.changed("editor");
    await t.settle();
    expect(await t.store.get(recordKey("w1"))).toEqual(before);
  });

  it("a first visit's scenario replacing the preset keeps no previous record", async () => {
    const t = setup();
    await t.persistence.open(open());
    await t.settle();
    t.persistence.changed("reset");
    await t.settle();
    expect(await t.store.get(recordKey("w1"))).toBeDefined();
    expect(await t.store.get(previousKey("w1"))).toBeUndefined();
  });

  it("copy_to writes the current state under another workspace's key", async () => {
    const t = setup();
    await t.persistence.open(open("read-only"));
    await t.persistence.command({ type: "copy_to", id: "w2", token: 9 });
    expect(t.statuses.at(-1)).toEqual({ kind: "copied", token: 9, ok: true });
    expect(await t.store.get(recordKey("w2"))).toMatchObject({ tools });
  });

  it("a workspace saved by the previous format (version 1) comes back, and its next save is version 2", async () => {
    const t = setup();
    const old = createMemfsWorkspace({ "old.txt": "from before", "bin/x.bin": { base64: "AP8=" } });
    await t.store.set(recordKey("w1"), encodeRecordV1(old, { tools }, 5));
    const restored = await t.persistence.open(open());
    expect(restored?.tools).toEqual(tools);
    expect(snapshotWorkspace(restored?.workspace as MemfsWorkspace)).toEqual(snapshotWorkspace(old));
    t.state.workspace = restored?.workspace as MemfsWorkspace;
    t.state.workspace.fs.writeFileSync("/workspace/old.txt", "changed");
    t.persistence.changed("editor");
    await t.settle();
    expect(await t.store.get(recordKey("w1"))).toMatchObject({ version: RECORD_VERSION });
    const read = await readRecord(t.store, recordKey("w1"));
    if (read.kind !== "ok") throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(String(read.workspace.fs.readFileSync("/workspace/old.txt"))).toBe("changed");
    expect([...(read.workspace.fs.readFileSync("/workspace/bin/x.bin") as Uint8Array)]).toEqual([0, 255]);
  });

  it("a save after a restore writes only what changed", async () => {
    const t = setup();
    const files: Record<string, string> = {};
    for (let i = 0; i < 30; i++) files[`d${i % 3}/f${i}.txt`] = `${i}`.repeat(30_000);
    await stored(t.store, recordKey("w1"), createMemfsWorkspace(files));
    const restored = await t.persistence.open(open());
    t.state.workspace = restored?.workspace as MemfsWorkspace;
    const before = new Map(t.store.map);
    t.state.workspace.fs.writeFileSync("/workspace/d1/f4.txt", "small now");
    t.persistence.changed("editor");
    await t.settle();
    const saved = t.statuses.at(-1) as Extract<PersistStatus, { kind: "saved" }>;
    expect(saved.kind).toBe("saved");
    // the record's size is reported, not what this save wrote
    expect(saved.bytes).toBeGreaterThan(800_000);
    const rewritten = [...t.store.map.keys()].filter((k) => t.store.map.get(k) !== before.get(k));
    // the head and the one chunk that holds the edited file
    expect(rewritten).toHaveLength(2);
    expect(rewritten).toContain(recordKey("w1"));
    expect(rewritten.find((k) => k !== recordKey("w1"))).toMatch(/^record:w1#\d+$/);
  });
});
