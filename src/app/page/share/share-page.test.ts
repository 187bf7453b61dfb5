import type { SessionCommand, SharedWork } from "@agent/protocol";
import { parseScenario } from "@agent/scenario";
import { createStore, immediate } from "@state/store";
import type { Picked } from "@ui/Share/share-handle";
import { unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MAX_IMPORT_BYTES } from "../../common/share/import-rules";
import { decodeLink, SAFE_LINK_LENGTH } from "./link-codec";
import { createShareHandle, linkFor, type SharePageDeps } from "./share-page";

const KEY = "sk-test-0123456789abcdefghijklmnop";

function setup(shared: SharedWork = { files: { "a.txt": "a" }, tools: { active: ["read"] } }) {
  const sent: SessionCommand[] = [];
  const downloads: { name: string; data: Uint8Array | string }[] = [];
  const loading = createStore<string | null>(null, immediate);
  const deps: SharePageDeps = {
    host: {
      send: (c) => void sent.push(c),
      request: (async () => shared) as never,
    },
    paths: () => ["a.txt", "src/", "src/b.ts"],
    preset: { "a.txt": "a" },
    redact: (t) => t.replaceAll(KEY, "[key]"),
    download: (name, _type, data) => void downloads.push({ name, data }),
    pageUrl: () => "http://127.0.0.1:4173/#old",
    scenarioLoading: loading,
  };
  const handle = createShareHandle(deps);
  return { handle, sent, downloads, loading, deps };
}

const file = (path: string, size: number, reads: string[] = []): Picked => ({
  path,
  kind: "file",
  size,
  read: async () => {
    reads.push(path);
    return new Uint8Array(size);
  },
});

describe("the page's share handle", () => {
  it("reads only what fits: a 49 MB file and a 0-byte file go in, a file past 50 MB in all is never read", async () => {
    const { handle, sent } = setup();
    const reads: string[] = [];
    const big = 49 * 1024 * 1024;
    const prepared = await handle.preparePicked([
      file("big.bin", big, reads),
      file("empty.txt", 0, reads),
      file("more.bin", 2 * 1024 * 1024, reads),
      { path: "folder", kind: "dir" },
      file("../escape.txt", 1, reads),
      file("a.txt", 1, reads),
    ]);
    expect(reads).toEqual(["big.bin", "empty.txt", "a.txt"]);
    expect(prepared.report).toMatchObject({ files: 3, folders: 1, bytes: big + 1, overwrites: ["a.txt"] });
    expect(prepared.report.skipped).toEqual([
      { path: "more.bin", reason: "tooLarge" },
      { path: "../escape.txt", reason: "escapes" },
    ]);
    expect(sent).toEqual([]);
    prepared.commit();
    expect(sent[0]?.type).toBe("import_files");
    expect(big).toBeLessThan(MAX_IMPORT_BYTES);
  });

  it("refuses a zip bigger than the limit without reading it, and a bomb with nothing sent", async () => {
    const { handle, sent } = setup();
    let read = false;
    const tooBig = await handle.prepareZip({
      size: MAX_IMPORT_BYTES + 1,
      read: async () => {
        read = true;
        return new Uint8Array(0);
      },
    });
    expect(tooBig.report.refused).toBe("tooLarge");
    expect(read).toBe(false);
    const bomb = zipSync({ "z.bin": new Uint8Array(2 * 1024 * 1024) });
    const refused = await handle.prepareZip({ size: bomb.length, read: async () => bomb });
    expect(refused.report.refused).toBe("bomb");
    refused.commit();
    expect(sent).toEqual([]);
  });

  it("a link past the safe length is refused with its length; a short one keeps the page's address", () => {
    expect(linkFor("http://x/page#old", "share=1.abc")).toEqual({
      ok: true,
      url: "http://x/page#share=1.abc",
      length: 25,
    });
    const long = linkFor("http://x/", `share=1.${"a".repeat(SAFE_LINK_LENGTH)}`);
    expect(long).toMatchObject({ ok: false, reason: "tooLong" });
  });

  it("makes a link from the session's state and opens it after the first scenario has loaded", async () => {
    const { handle, sent, loading } = setup({
      files: { "a.txt": "a", "b.txt": "b" },
      tools: { active: ["read"] },
    });
    const made = await handle.makeLink();
    if (!made.ok) throw new Error("expected a link");
    expect(made.url.startsWith("http://127.0.0.1:4173/#share=1.")).toBe(true);
    const opened = await handle.readLink(new URL(made.url).hash);
    if (!opened?.ok) throw new Error("expected it to open");
    // Counted against the recipient's workspace, which here already holds the same work.
    expect(opened.summary).toMatchObject({ files: 2, changes: { added: [], changed: [], removed: [] } });
    expect(await opened.open(async () => false)).toBe(false);
    expect(sent).toEqual([]);
    loading.set("seed-prompts.json");
    const loaded = opened.open(async () => true);
    await new Promise((r) => setTimeout(r, 10));
    expect(sent).toEqual([]);
    loading.set(null);
    expect(await loaded).toBe(true);
    expect(sent[0]).toMatchObject({ type: "load_shared", shared: { files: { "a.txt": "a", "b.txt": "b" } } });
  });

  it("says what a link changes in the recipient's workspace, by name, never counting a folder", async () => {
    const sender = setup({
      files: { "a.txt": "a", "b.txt": "new", d: { dir: true }, "d/e": { dir: true }, "d/e/f.txt": "f" },
      tools: { active: ["read"] },
    });
    const made = await sender.handle.makeLink();
    if (!made.ok) throw new Error("expected a link");
    const recipient = setup({
      files: { "a.txt": "a", "b.txt": "old", "mine.txt": "m" },
      tools: { active: [] },
    });
    const opened = await recipient.handle.readLink(new URL(made.url).hash);
    if (!opened?.ok) throw new Error("expected it to open");
    expect(opened.summary.changes).toEqual({
      added: ["d/e/f.txt"],
      changed: ["b.txt"],
      removed: ["mine.txt"],
    });
  });

  it("does not ask to replace a file the import holds byte for byte", async () => {
    const { handle } = setup({ files: { "a.txt": "a", "b.txt": "b" }, tools: { active: [] } });
    const zip = zipSync({ "a.txt": new TextEncoder().encode("a"), "b.txt": new TextEncoder().encode("B") });
    const prepared = await handle.prepareZip({ size: zip.length, read: async () => zip });
    expect(prepared.report.overwrites).toEqual(["b.txt"]);
  });

  it("a link opened as a new workspace is kept for the next load, handed back once, then forgotten", async () => {
    const tab = new Map<string, string>();
    const storage = {
      getItem: (k: string) => tab.get(k) ?? null,
      setItem: (k: string, v: string) => void tab.set(k, v),
      removeItem: (k: string) => void tab.delete(k),
    };
    const first = setup({ files: { "a.txt": "a", "b.txt": "b" }, tools: { active: ["read"] } });
    const made = await first.handle.makeLink();
    if (!made.ok) throw new Error("expected a link");
    const withTab = (h: typeof first) => createShareHandle({ ...h.deps, tab: storage });
    const opened = await withTab(first).readLink(new URL(made.url).hash);
    if (!opened?.ok) throw new Error("expected it to open");
    opened.keepForNextLoad();
    expect(first.sent).toEqual([]);
    // The next load (the new workspace): the kept link, already answered, loads without a question.
    const next = setup();
    const kept = await withTab(next).takeKeptLink();
    if (!kept?.ok) throw new Error("expected the kept link");
    expect(kept.summary).toMatchObject({ files: 2, changes: { added: ["b.txt"], changed: [], removed: [] } });
    expect(await withTab(next).takeKeptLink()).toBeNull();
  });

  it("never puts a key the page holds into a zip or a link", async () => {
    const leaky: SharedWork = {
      files: { "notes.md": `my key is ${KEY}` },
      tools: { active: ["read"] },
      scenario: parseScenario({ title: KEY, steps: [{ user: `use ${KEY}` }] }),
    };
    const { handle, downloads } = setup(leaky);
    await handle.exportZip();
    const zip = unzipSync(downloads[0]?.data as Uint8Array);
    expect(new TextDecoder().decode(zip["notes.md"])).toBe("my key is [key]");
    const made = await handle.makeLink();
    if (!made.ok) throw new Error("expected a link");
    const opened = decodeLink(new URL(made.url).hash, { "a.txt": "a" });
    expect(JSON.stringify(opened)).not.toContain(KEY);
    expect(JSON.stringify(opened)).toContain("[key]");
  });

  it("exports the workspace as a zip download", async () => {
    const { handle, downloads } = setup();
    await handle.exportZip();
    expect(downloads[0]?.name).toMatch(/^pi-playground-workspace-.*\.zip$/);
    expect(downloads[0]?.data).toBeInstanceOf(Uint8Array);
  });

  it("a scenario file that does not parse says why and loads nothing", async () => {
    const { handle, sent } = setup();
    const bad = await handle.openScenarioFile({ name: "mine.json", size: 6, text: async () => "{ nope" });
    expect(bad).toMatchObject({ ok: false });
    expect(bad.ok ? "" : bad.detail).toContain("mine.json");
    expect(sent).toEqual([]);
    const text = JSON.stringify({ title: "Mine", steps: [{ user: "hi" }] });
    const good = await handle.openScenarioFile({ name: "m.json", size: text.length, text: async () => text });
    const huge = await handle.openScenarioFile({
      name: "big.json",
      size: 6 * 1024 * 1024,
      text: async () => text,
    });
    expect(huge).toMatchObject({ ok: false });
    expect(good).toEqual({ ok: true, title: "Mine" });
    expect(sent.map((c) => c.type)).toEqual(["scenario_load"]);
  });
});

describe("a link's tools of someone else's", () => {
  it("are offered only after the learner says yes to the link, and never sent to the session to register", async () => {
    const wc = { name: "wc", source: "export default function (pi) {}", enabled: true };
    const shared: SharedWork = {
      files: { "a.txt": "a" },
      tools: { active: ["read", "wc"] },
      learner: { tools: [wc], handlers: { bash: "mini-pi" } },
    };
    const sent: SessionCommand[] = [];
    const offered: unknown[] = [];
    const handle = createShareHandle({
      host: { send: (c) => void sent.push(c), request: (async () => shared) as never },
      paths: () => [],
      preset: { "a.txt": "a" },
      redact: (t) => t,
      download: () => {},
      pageUrl: () => "http://x/",
      offerTools: (tools) => void offered.push(...tools),
    });
    const made = await handle.makeLink();
    if (!made.ok) throw new Error("expected a link");
    const opened = await handle.readLink(new URL(made.url).hash);
    if (!opened?.ok) throw new Error("expected it to open");
    expect(opened.summary.learnerTools).toEqual([{ name: "wc", source: wc.source }]);
    await opened.open(async () => false);
    expect(offered).toEqual([]);
    await opened.open(async () => true);
    expect(offered).toEqual([wc]);
    expect(sent.map((c) => c.type)).toEqual(["load_shared"]);
  });
});

describe("a .zip's tools of someone else's", () => {
  const wc = { name: "wc", source: "export default function (pi) {}", enabled: true };

  it("leave in their own entry, and come back as offers while the files are imported", async () => {
    const shared: SharedWork = {
      files: { "a.txt": "a" },
      tools: { active: ["read"] },
      learner: { tools: [wc], handlers: {} },
    };
    const downloads: Uint8Array[] = [];
    const sent: SessionCommand[] = [];
    const offered: unknown[] = [];
    const handle = createShareHandle({
      host: { send: (c) => void sent.push(c), request: (async () => shared) as never },
      paths: () => [],
      preset: {},
      redact: (t) => t,
      download: (_n, _t, data) => void downloads.push(data as Uint8Array),
      pageUrl: () => "http://x/",
      offerTools: (tools) => void offered.push(...tools),
    });
    await handle.exportZip();
    const names = Object.keys(unzipSync(downloads[0]!));
    expect(names.sort()).toEqual([".pi-playground/learner-tools.json", "a.txt"]);
    const zip = downloads[0]!;
    const prepared = await handle.prepareZip({ size: zip.byteLength, read: async () => zip });
    expect(prepared.report).toMatchObject({ files: 1 });
    expect(offered).toEqual([]);
    prepared.commit();
    expect(offered).toEqual([wc]);
    const imported = sent.find((c) => c.type === "import_files");
    expect(imported?.type === "import_files" && imported.entries.map((e) => e.path)).toEqual(["a.txt"]);
  });

  it("an entry of that name that holds no tools is an ordinary file", async () => {
    const zip = zipSync({ ".pi-playground/learner-tools.json": new TextEncoder().encode("not json") });
    const offered: unknown[] = [];
    const handle = createShareHandle({
      host: { send: () => {}, request: (async () => ({})) as never },
      paths: () => [],
      preset: {},
      redact: (t) => t,
      download: () => {},
      pageUrl: () => "http://x/",
      offerTools: (tools) => void offered.push(...tools),
    });
    const prepared = await handle.prepareZip({ size: zip.byteLength, read: async () => zip });
    expect(prepared.report).toMatchObject({ files: 1 });
    prepared.commit();
    expect(offered).toEqual([]);
  });
});
