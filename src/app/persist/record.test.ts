import { createMemfsWorkspace, snapshotWorkspace } from "@backends/memfs/workspace";
import { describe, expect, it } from "vitest";
import { checksum, decodeRecord, encodeRecord, RECORD_VERSION } from "./record";

const tools = { read: "active", bash: "hidden", grep: "off" } as const;

function sample() {
  return createMemfsWorkspace({
    "notes.txt": "héllo\n",
    "bin/blob.bin": { base64: "AAEC/f7/" },
    "empty/": { dir: true },
    "link.txt": { symlink: "notes.txt" },
    "zero.txt": "",
  });
}

describe("workspace record", () => {
  it("brings back text, binary, empty folders, symlinks and 0-byte files exactly, with the tool states", () => {
    const workspace = sample();
    const record = encodeRecord(workspace, { tools }, 1234);
    expect(record.version).toBe(RECORD_VERSION);
    const decoded = decodeRecord(structuredClone(record));
    if (!decoded.ok) throw new Error(`not decoded: ${JSON.stringify(decoded)}`);
    expect(decoded.record.tools).toEqual(tools);
    expect(decoded.record.savedAt).toBe(1234);
    expect(snapshotWorkspace(decoded.workspace)).toEqual(snapshotWorkspace(workspace));
    expect(String(decoded.workspace.fs.readlinkSync("/workspace/link.txt"))).toBe("notes.txt");
  });

  it("keeps its own copy of the bytes, not a view of the encoder's shared buffer", () => {
    const a = encodeRecord(sample(), { tools }, 1);
    const copy = a.files.slice();
    encodeRecord(createMemfsWorkspace({ "other.txt": "x".repeat(5000) }), { tools }, 2);
    expect(a.files).toEqual(copy);
    expect(a.files.byteOffset).toBe(0);
    expect(a.files.buffer.byteLength).toBe(a.files.byteLength);
  });

  it("says a record from a newer page is newer, and keeps its version", () => {
    const record = { ...encodeRecord(sample(), { tools }, 1), version: RECORD_VERSION + 1 };
    expect(decodeRecord(record)).toEqual({ ok: false, problem: "newer", version: RECORD_VERSION + 1 });
  });

  it.each([
    ["not an object", "garbage"],
    ["another format", { format: "something-else", version: 1 }],
    ["a version zero", { ...encodeRecord(sample(), { tools }, 1), version: 0 }],
    ["bad tool states", { ...encodeRecord(sample(), { tools }, 1), tools: { read: "maybe" } }],
    [
      "files that are not a snapshot",
      {
        ...encodeRecord(sample(), { tools }, 1),
        files: new Uint8Array([1, 2]),
        check: checksum(new Uint8Array([1, 2])),
      },
    ],
    [
      "one byte changed",
      (() => {
        const r = encodeRecord(sample(), { tools }, 1);
        const files = r.files.slice();
        files[20] ^= 1;
        return { ...r, files };
      })(),
    ],
  ])("says a record with %s is corrupt", (_name, value) => {
    const decoded = decodeRecord(value);
    expect(decoded.ok).toBe(false);
    if (!decoded.ok) expect(decoded.problem).toBe("corrupt");
  });

  it("says a truncated snapshot is corrupt instead of restoring part of it", () => {
    const record = encodeRecord(sample(), { tools }, 1);
    const decoded = decodeRecord({ ...record, files: record.files.slice(0, record.files.length - 3) });
    expect(decoded).toMatchObject({ ok: false, problem: "corrupt" });
  });

  it("refuses an entry name that would escape its folder", () => {
    const record = encodeRecord(createMemfsWorkspace({ abc: "x" }), { tools }, 1);
    const files = record.files.slice();
    // "abc" → "../": same length, so the CBOR stays well formed
    const at = files.findIndex((b, i) => b === 0x61 && files[i + 1] === 0x62 && files[i + 2] === 0x63);
    files.set([0x2e, 0x2e, 0x2f], at);
    expect(decodeRecord({ ...record, files, check: checksum(files) })).toMatchObject({
      ok: false,
      problem: "corrupt",
    });
  });
});

describe("the learner's tools in a record", () => {
  const learner = {
    tools: [{ name: "wc", source: "export default function (pi) {}", enabled: true }],
    handlers: { read: "mini-pi" },
  };

  it("are kept beside the files and read back as they were", () => {
    const decoded = decodeRecord(structuredClone(encodeRecord(sample(), { tools, learner }, 1)));
    if (!decoded.ok) throw new Error(`not decoded: ${JSON.stringify(decoded)}`);
    expect(decoded.record.learner).toEqual(learner);
  });

  it("a record from before they were kept still reads; a damaged list makes the record unreadable, with why", () => {
    expect(decodeRecord(encodeRecord(sample(), { tools }, 1)).ok).toBe(true);
    const bad = { ...encodeRecord(sample(), { tools }, 1), learner: { tools: [{ name: "wc" }] } };
    expect(decodeRecord(bad)).toMatchObject({ ok: false, problem: "corrupt" });
    const out = decodeRecord(bad);
    expect(!out.ok && out.problem === "corrupt" && out.detail).toContain("wc tool has no source text");
  });
});
