import { createMemfsWorkspace, type MemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { describe, expect, it } from "vitest";
import { deleteRecord } from "../../common/persist/record-keys";
import { failingWrites } from "../../common/persist/storage";
import { memoryStore } from "../../common/persist/storage.test-support";
import type { RecordHead } from "./record";
import { readRecord } from "./record-store";
import { CHUNK_BYTES, createRecordWriter } from "./record-writer";

const state = { tools: { read: "active", edit: "off" } } as const;
const KEY = "record:w";
const ROOT = "/workspace";

/** ~40 files of 20 KB in four folders: several chunks. */
function large(): MemfsWorkspace {
  const files: Record<string, string | { symlink: string } | { dir: true }> = {};
  for (let i = 0; i < 40; i++) files[`d${i % 4}/f${i}.txt`] = `${i}`.repeat(20_000);
  files["empty/"] = { dir: true };
  files.link = { symlink: "d0/f0.txt" };
  return createMemfsWorkspace(files);
}

/** The workspace as comparable lines (comparing megabytes of typed arrays element by element is slow). */
function lines(workspace: MemfsWorkspace): string[] {
  return snapshotWorkspace(workspace).entries.map((e) =>
    e.kind === "file" ? `${e.path} ${Buffer.from(e.data).toString("base64")}` : JSON.stringify(e),
  );
}

async function roundTrip(store: ReturnType<typeof memoryStore>, workspace: MemfsWorkspace) {
  const read = await readRecord(store, KEY);
  if (read.kind !== "ok") throw new Error(`not read: ${JSON.stringify(read)}`);
  expect(lines(read.workspace)).toEqual(lines(workspace));
  return read;
}

/** The chunk keys a save wrote (their values changed identity in the store). */
function changedKeys(before: Map<string, unknown>, after: Map<string, unknown>) {
  return [...after.keys()].filter((k) => before.get(k) !== after.get(k)).sort();
}

describe("the record writer", () => {
  it("writes everything first, then only the chunk holding an edited file and the head", async () => {
    const store = memoryStore();
    const workspace = large();
    const writer = createRecordWriter(store, KEY);
    const first = await writer.save(workspace, state, 1);
    expect(first.full).toBe(true);
    const head = store.map.get(KEY) as RecordHead;
    expect(head.chunks.length).toBeGreaterThan(2);

    const before = new Map(store.map);
    workspace.fs.writeFileSync(`${ROOT}/d1/f5.txt`, "edited");
    const second = await writer.save(workspace, state, 2);
    expect(second.full).toBe(false);
    expect(second.written).toBeLessThan(CHUNK_BYTES * 1.2);
    expect(changedKeys(before, store.map)).toHaveLength(2); // one chunk and the head
    await roundTrip(store, workspace);
  });

  it("keeps up with creates, deletes, renames of folders, symlinks and tool states", async () => {
    const store = memoryStore();
    const workspace = large();
    const writer = createRecordWriter(store, KEY);
    await writer.save(workspace, state, 1);
    const { fs } = workspace;
    fs.renameSync(`${ROOT}/d2`, `${ROOT}/moved`);
    fs.rmSync(`${ROOT}/d3`, { recursive: true });
    fs.mkdirSync(`${ROOT}/new/deeper`, { recursive: true });
    fs.writeFileSync(`${ROOT}/new/deeper/n.bin`, new Uint8Array([0, 1, 255]));
    fs.unlinkSync(`${ROOT}/link`);
    fs.symlinkSync("moved", `${ROOT}/link`);
    fs.rmdirSync(`${ROOT}/empty`);
    const tools = { tools: { read: "off" } } as const;
    expect((await writer.save(workspace, tools, 2)).full).toBe(false);
    const read = await roundTrip(store, workspace);
    expect(read.head.tools).toEqual(tools.tools);
    // and again on top of those
    fs.writeFileSync(`${ROOT}/moved/f2.txt`, "again");
    expect((await writer.save(workspace, tools, 3)).full).toBe(false);
    await roundTrip(store, workspace);
  });

  it("drops a chunk whose files are all gone, and deletes its key", async () => {
    const store = memoryStore();
    const workspace = large();
    const writer = createRecordWriter(store, KEY);
    await writer.save(workspace, state, 1);
    const keysBefore = store.map.size;
    for (const dir of ["d0", "d1", "d2", "d3"]) workspace.fs.rmSync(`${ROOT}/${dir}`, { recursive: true });
    await writer.save(workspace, state, 2);
    expect(store.map.size).toBeLessThan(keysBefore);
    await roundTrip(store, workspace);
  });

  it("writes everything again for another volume (a reset) and removes the chunks no longer used", async () => {
    const store = memoryStore();
    const writer = createRecordWriter(store, KEY);
    await writer.save(large(), state, 1);
    const small = createMemfsWorkspace({ "only.txt": "1" });
    expect((await writer.save(small, state, 2)).full).toBe(true);
    expect([...store.map.keys()].sort()).toEqual([KEY, `${KEY}#0`]);
    await roundTrip(store, small);
  });

  it("after a failed save (a full disk) the record stays whole and the next save writes everything", async () => {
    const store = memoryStore();
    const workspace = large();
    await createRecordWriter(store, KEY).save(workspace, state, 1);
    const before = new Map(store.map);
    const failing = createRecordWriter(failingWrites(store), KEY);
    workspace.fs.writeFileSync(`${ROOT}/d0/f0.txt`, "lost?");
    await expect(failing.save(workspace, state, 2)).rejects.toThrow(/quota/);
    expect(changedKeys(before, store.map)).toEqual([]);

    const writer = createRecordWriter(store, KEY);
    await writer.save(workspace, state, 3);
    await expect(writer.save(workspace, state, 4)).resolves.toMatchObject({ full: false });
    await roundTrip(store, workspace);
  });

  it("a record read back is adopted: the first save after a restore writes only what changed", async () => {
    const store = memoryStore();
    await createRecordWriter(store, KEY).save(large(), state, 1);
    const read = await readRecord(store, KEY);
    if (read.kind !== "ok" || read.head.version !== 2 || !read.layout) throw new Error("not read");
    const writer = createRecordWriter(store, KEY);
    writer.adopt(read.workspace, read.head.chunks, read.layout);
    read.workspace.fs.writeFileSync(`${ROOT}/d3/added.txt`, "new");
    const saved = await writer.save(read.workspace, state, 2);
    expect(saved.full).toBe(false);
    await roundTrip(store, read.workspace);
  });

  it("leaves no chunk behind that the stored head no longer names (a damaged head, say)", async () => {
    const store = memoryStore();
    store.map.set(KEY, "a damaged head");
    store.map.set(`${KEY}#7`, new Uint8Array([1]));
    store.map.set(`${KEY}0#0`, "another record's chunk");
    await createRecordWriter(store, KEY).save(createMemfsWorkspace({ "a.txt": "a" }), state, 1);
    expect([...store.map.keys()].sort()).toEqual([KEY, `${KEY}#0`, `${KEY}0#0`]);
    await deleteRecord(store, KEY);
    expect([...store.map.keys()]).toEqual([`${KEY}0#0`]);
  });

  it("puts a large file in a chunk of its own, so editing a small file beside it does not rewrite it", async () => {
    const store = memoryStore();
    const workspace = createMemfsWorkspace({
      "a.txt": "small",
      "b.log": "x".repeat(CHUNK_BYTES * 2),
      "c.txt": "c",
    });
    const writer = createRecordWriter(store, KEY);
    await writer.save(workspace, state, 1);
    expect((store.map.get(KEY) as RecordHead).chunks).toHaveLength(3);
    workspace.fs.writeFileSync(`${ROOT}/a.txt`, "edited");
    expect((await writer.save(workspace, state, 2)).written).toBeLessThan(100);
    workspace.fs.writeFileSync(`${ROOT}/new.log`, "y".repeat(CHUNK_BYTES));
    await writer.save(workspace, state, 3);
    workspace.fs.writeFileSync(`${ROOT}/c.txt`, "edited");
    expect((await writer.save(workspace, state, 4)).written).toBeLessThan(100);
    await roundTrip(store, workspace);
  });
});
