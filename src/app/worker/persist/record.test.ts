import { createMemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { describe, expect, it } from "vitest";
import { chunkKey } from "../../common/persist/storage";
import { memoryStore } from "../../common/persist/storage.test-support";
import { encodeChunk } from "./chunk-codec";
import { checksum, RECORD_VERSION, type RecordHead } from "./record";
import { readRecord } from "./record-store";
import { encodeRecordV1 } from "./record-v1";
import { writeFullRecord } from "./record-writer";

const tools = { read: "active", bash: "hidden", grep: "off" } as const;
const KEY = "record:w";

function sample() {
  return createMemfsWorkspace({
    "notes.txt": "héllo\n",
    "bin/blob.bin": { base64: "AAEC/f7/" },
    "empty/": { dir: true },
    "deep/a/b/c.txt": "c",
    "link.txt": { symlink: "notes.txt" },
    "zero.txt": "",
  });
}

async function saved(workspace = sample()) {
  const store = memoryStore();
  await writeFullRecord(store, KEY, workspace, { tools }, 1234);
  return { store, workspace, head: store.map.get(KEY) as RecordHead };
}

describe("workspace record", () => {
  it("brings back text, binary, empty folders, symlinks and 0-byte files exactly, with the tool states", async () => {
    const { store, workspace, head } = await saved();
    expect(head.version).toBe(RECORD_VERSION);
    const read = await readRecord(store, KEY);
    if (read.kind !== "ok") throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(read.head.tools).toEqual(tools);
    expect(read.head.savedAt).toBe(1234);
    expect(snapshotWorkspace(read.workspace)).toEqual(snapshotWorkspace(workspace));
    expect(String(read.workspace.fs.readlinkSync("/workspace/link.txt"))).toBe("notes.txt");
  });

  it("reads a record saved in version 1 (one CBOR snapshot), the same files and tools", async () => {
    const store = memoryStore();
    const workspace = sample();
    await store.set(KEY, encodeRecordV1(workspace, { tools }, 77));
    const read = await readRecord(store, KEY);
    if (read.kind !== "ok") throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(read.head.version).toBe(1);
    expect(read.head.tools).toEqual(tools);
    expect(snapshotWorkspace(read.workspace)).toEqual(snapshotWorkspace(workspace));
  });

  it("still finds damage in a version 1 record", async () => {
    const store = memoryStore();
    const v1 = encodeRecordV1(sample(), { tools }, 1);
    const files = v1.files.slice();
    files[20] ^= 1;
    await store.set(KEY, { ...v1, files });
    expect(await readRecord(store, KEY)).toMatchObject({ kind: "corrupt" });
  });

  it("says a record from a newer page is newer, and keeps its version", async () => {
    const { store, head } = await saved();
    await store.set(KEY, { ...head, version: RECORD_VERSION + 1 });
    expect(await readRecord(store, KEY)).toEqual({ kind: "newer", version: RECORD_VERSION + 1 });
  });

  it("answers none when nothing is stored", async () => {
    expect(await readRecord(memoryStore(), KEY)).toEqual({ kind: "none" });
  });

  const damaged: [string, (s: ReturnType<typeof memoryStore>, head: RecordHead) => void][] = [
    ["not an object", (s) => s.map.set(KEY, "garbage")],
    ["another format", (s) => s.map.set(KEY, { format: "something-else", version: 2 })],
    ["a version zero", (s, h) => s.map.set(KEY, { ...h, version: 0 })],
    ["bad tool states", (s, h) => s.map.set(KEY, { ...h, tools: { read: "maybe" } })],
    ["no list of chunks", (s, h) => s.map.set(KEY, { ...h, chunks: "all" })],
    ["a chunk listed twice", (s, h) => s.map.set(KEY, { ...h, chunks: [h.chunks[0], h.chunks[0]] })],
    ["a missing chunk", (s) => s.map.delete(chunkKey(KEY, 0))],
    [
      "one byte changed in a chunk",
      (s) => {
        const bytes = (s.map.get(chunkKey(KEY, 0)) as Uint8Array).slice();
        bytes[bytes.length - 2] ^= 1;
        s.map.set(chunkKey(KEY, 0), bytes);
      },
    ],
    [
      "a chunk cut short",
      (s) => s.map.set(chunkKey(KEY, 0), (s.map.get(chunkKey(KEY, 0)) as Uint8Array).slice(0, -3)),
    ],
  ];
  it.each(damaged)("says a record with %s is corrupt", async (_name, damage) => {
    const { store, head } = await saved();
    damage(store, head);
    expect(await readRecord(store, KEY)).toMatchObject({ kind: "corrupt" });
  });

  it("says a chunk cut short with a matching hash is corrupt instead of restoring part of it", async () => {
    const { store, head } = await saved();
    const bytes = (store.map.get(chunkKey(KEY, 0)) as Uint8Array).slice(0, -3);
    store.map.set(chunkKey(KEY, 0), bytes);
    store.map.set(KEY, { ...head, chunks: [{ n: 0, bytes: bytes.length, check: checksum(bytes) }] });
    expect(await readRecord(store, KEY)).toMatchObject({ kind: "corrupt" });
  });

  it.each(["../outside.txt", "/etc/passwd", "a/../../b", "a//b"])(
    "refuses an entry named %s, which would leave the workspace folder",
    async (path) => {
      const { store, head } = await saved(createMemfsWorkspace({}));
      const bytes = encodeChunk([{ kind: "file", path, data: new Uint8Array([1]) }]);
      store.map.set(chunkKey(KEY, 0), bytes);
      store.map.set(KEY, { ...head, chunks: [{ n: 0, bytes: bytes.length, check: checksum(bytes) }] });
      const read = await readRecord(store, KEY);
      expect(read).toMatchObject({ kind: "corrupt" });
    },
  );
});

describe("the learner's tools in a record", () => {
  const learner = {
    tools: [{ name: "wc", source: "export default function (pi) {}", enabled: true }],
    handlers: { read: "mini-pi" },
  };

  it("are kept beside the files and read back as they were", async () => {
    const store = memoryStore();
    await writeFullRecord(store, KEY, sample(), { tools, learner }, 1);
    const read = await readRecord(store, KEY);
    if (read.kind !== "ok") throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(read.head.learner).toEqual(learner);
  });

  it("a record from before they were kept still reads; a damaged list makes the record unreadable, with why", async () => {
    const { store } = await saved();
    expect((await readRecord(store, KEY)).kind).toBe("ok");
    const head = store.map.get(KEY) as RecordHead;
    store.map.set(KEY, { ...head, learner: { tools: [{ name: "wc" }] } });
    const out = await readRecord(store, KEY);
    expect(out).toMatchObject({ kind: "corrupt" });
    expect(out.kind === "corrupt" && out.detail).toContain("wc tool has no source text");
  });
});

describe("the debugger's breakpoints in a record", () => {
  const breakpoints = [
    { id: "b1", tool: "write", stage: "before_execute" as const },
    { id: "b2", tool: "*", stage: "after_execute" as const, when: "src/" },
  ];

  it("are kept beside the files and read back as they were; a damaged list is refused with why", async () => {
    const store = memoryStore();
    await writeFullRecord(store, KEY, sample(), { tools, breakpoints }, 1);
    const read = await readRecord(store, KEY);
    if (read.kind !== "ok") throw new Error(`not read: ${JSON.stringify(read)}`);
    expect(read.head.breakpoints).toEqual(breakpoints);
    const head = store.map.get(KEY) as RecordHead;
    store.map.set(KEY, { ...head, breakpoints: [{ id: "b1", tool: "write", stage: "sometime" }] });
    const out = await readRecord(store, KEY);
    expect(out.kind === "corrupt" && out.detail).toContain("its breakpoints are not valid");
  });
});
