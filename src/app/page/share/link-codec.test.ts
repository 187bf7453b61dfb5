import type { SharedWork } from "@agent/protocol";
import { parseScenario } from "@agent/scenario";
import { deflateSync } from "fflate";
import { describe, expect, it } from "vitest";
import { MAX_TOOL_SOURCE, MAX_TOOLS } from "../../common/learner-tools/saved";
import { MAX_IMPORT_ENTRIES, MAX_LINK_BYTES } from "../../common/share/limits";
import { decodeLink, encodeLink, LINK_PREFIX, toBase64Url } from "./link-codec";

const preset = {
  "package.json": '{"name":"demo"}\n',
  "src/a.ts": "export const a = 1;\n",
  docs: { dir: true },
} as const;
const tools = { active: ["read", "bash"], hidden: ["grep"] };
const scenario = parseScenario({
  title: "Read a file",
  description: "one call",
  steps: [{ user: "read package.json" }],
});

const work: SharedWork = {
  files: {
    "package.json": '{"name":"changed"}\n',
    docs: { dir: true },
    "new.bin": { base64: "AAEC" },
    link: { symlink: "package.json" },
  },
  tools,
  scenario,
};

const encodeRaw = (json: string, version = 1) =>
  `${LINK_PREFIX}${version}.${toBase64Url(deflateSync(new TextEncoder().encode(json)))}`;

describe("share link codec", () => {
  it("round-trips the files, the tools and the scenario, carrying only the changes", () => {
    const fragment = encodeLink(work, preset);
    expect(fragment.startsWith("share=1.")).toBe(true);
    expect(fragment).toMatch(/^share=1\.[A-Za-z0-9_-]+$/);
    const decoded = decodeLink(`#${fragment}`, preset);
    expect(decoded).toEqual({
      ok: true,
      shared: work,
      summary: {
        files: 4,
        changes: { added: ["link", "new.bin"], changed: ["package.json"], removed: ["src/a.ts"] },
        tools: ["read", "bash"],
        scenario: "Read a file",
        learnerTools: [],
      },
    });
  });

  it("carries the learner's tool files and pi/mini-pi handler choices, and reads back nothing else", () => {
    const wc = { name: "wc", source: "export default function (pi) {}", enabled: true };
    const learner = { tools: [wc], handlers: { bash: "mini-pi" } };
    const decoded = decodeLink(encodeLink({ ...work, learner }, preset), preset);
    expect(decoded).toMatchObject({
      ok: true,
      shared: { learner },
      summary: { learnerTools: [{ name: "wc", source: wc.source }] },
    });
    // A hand-made link: history and a learner handler dropped, the file offered switched on.
    const raw = encodeRaw(
      JSON.stringify({
        put: {},
        del: [],
        tools,
        learner: {
          tools: [{ ...wc, enabled: false, disabledReason: "blocked" }],
          handlers: { read: "learner", edit: "mini-pi" },
        },
      }),
    );
    expect(decodeLink(raw, preset)).toMatchObject({
      ok: true,
      shared: { learner: { tools: [wc], handlers: { edit: "mini-pi" } } },
    });
    const bad = encodeRaw(JSON.stringify({ put: {}, del: [], tools, learner: { tools: [{ name: "wc" }] } }));
    expect(decodeLink(bad, preset)).toEqual({ ok: false, problem: "corrupt" });
  });

  it("masks a key in a tool's source like everywhere else in the link", () => {
    const source = 'const key = "sk-secret-123";';
    const learner = { tools: [{ name: "wc", source, enabled: true }], handlers: {} };
    const fragment = encodeLink({ ...work, learner }, preset, (text) =>
      text.replaceAll("sk-secret-123", "***"),
    );
    const decoded = decodeLink(fragment, preset);
    expect(decoded?.ok && decoded.shared.learner?.tools[0]?.source).toBe('const key = "***";');
  });

  it("uses the scenario's own workspace as the base when it has one", () => {
    const own = parseScenario({
      title: "t",
      workspace: { files: { "x.txt": "x" } },
      steps: [{ user: "hi" }],
    });
    const shared: SharedWork = { files: { "x.txt": "x", "y.txt": "y" }, tools, scenario: own };
    const decoded = decodeLink(encodeLink(shared, preset), preset);
    expect(decoded?.ok && decoded.shared.files).toEqual({ "x.txt": "x", "y.txt": "y" });
    expect(decoded?.ok && decoded.summary.changes).toEqual({ added: ["y.txt"], changed: [], removed: [] });
  });

  it("is not a share link: null", () => {
    expect(decodeLink("", preset)).toBeNull();
    expect(decodeLink("#section-2", preset)).toBeNull();
  });

  it("a truncated link says truncated", () => {
    const fragment = encodeLink(work, preset);
    for (const cut of [10, 20, Math.floor(fragment.length / 2), fragment.length - 3])
      expect(decodeLink(fragment.slice(0, cut), preset)).toMatchObject({ ok: false });
    expect(decodeLink(fragment.slice(0, fragment.length - 3), preset)).toEqual({
      ok: false,
      problem: "truncated",
    });
  });

  it("a corrupt link says corrupt", () => {
    const fragment = encodeLink(work, preset);
    const flipped = `${fragment.slice(0, 20)}${fragment[20] === "A" ? "B" : "A"}${fragment.slice(21)}`;
    expect(decodeLink(flipped, preset)).toMatchObject({ ok: false });
    expect(decodeLink("share=1.!!!", preset)).toEqual({ ok: false, problem: "corrupt" });
    expect(decodeLink("share=x.abc", preset)).toEqual({ ok: false, problem: "corrupt" });
    expect(decodeLink(encodeRaw("not json"), preset)).toEqual({ ok: false, problem: "corrupt" });
    expect(decodeLink(encodeRaw('{"put":{"a":{"evil":1}},"del":[],"tools":{"active":[]}}'), preset)).toEqual({
      ok: false,
      problem: "corrupt",
    });
  });

  it("a limit or a refused path is named, never called damaged: asking again would not help", () => {
    const raw = (payload: Record<string, unknown>) =>
      encodeRaw(JSON.stringify({ put: {}, del: [], tools: { active: [] }, ...payload }));
    const tool = (name: string, source = "export default function (pi) {}") => ({ name, source });
    const sixty = Array.from({ length: 60 }, (_, i) => tool(`t${i}`));
    expect(decodeLink(raw({ learner: { tools: sixty } }), preset)).toEqual({
      ok: false,
      problem: "tooManyTools",
      limit: MAX_TOOLS,
    });
    expect(decodeLink(raw({ learner: { tools: [tool("big", "x".repeat(200_000))] } }), preset)).toEqual({
      ok: false,
      problem: "toolTooLong",
      tool: "big",
      limit: MAX_TOOL_SOURCE,
    });
    expect(decodeLink(raw({ put: { "../../etc/evil": "x" } }), preset)).toEqual({
      ok: false,
      problem: "badPath",
      path: "../../etc/evil",
      reason: "escapes",
    });
    expect(decodeLink(raw({ del: ["/etc/passwd"] }), preset)).toMatchObject({
      problem: "badPath",
      reason: "absolute",
    });
    // A file where the workspace needs a folder would stop the load half-way.
    expect(decodeLink(raw({ put: { a: "x", "a/b": "y" } }), preset)).toEqual({
      ok: false,
      problem: "badPath",
      path: "a/b",
      reason: "clash",
    });
    const many = Object.fromEntries(Array.from({ length: MAX_IMPORT_ENTRIES + 1 }, (_, i) => [`f${i}`, ""]));
    expect(decodeLink(raw({ put: many }), preset)).toEqual({
      ok: false,
      problem: "tooMany",
      limit: MAX_IMPORT_ENTRIES,
    });
    const scenarioProblem = decodeLink(raw({ scenario: { steps: "no" } }), preset);
    expect(scenarioProblem).toMatchObject({ ok: false, problem: "badScenario" });
    expect(scenarioProblem?.ok === false && scenarioProblem.detail).toMatch(/^link: steps: found/);
  });

  it("a link that unpacks past the limit is refused while it is unpacked, naming the limit", () => {
    const padded = JSON.stringify({
      put: { "big.txt": "a".repeat(MAX_LINK_BYTES) },
      del: [],
      tools: { active: [] },
    });
    const fragment = encodeRaw(padded);
    expect(fragment.length).toBeLessThan(20_000);
    expect(decodeLink(fragment, preset)).toEqual({ ok: false, problem: "tooLarge", limit: MAX_LINK_BYTES });
    // Just under it, the same kind of link opens whole.
    const under = encodeRaw(
      JSON.stringify({
        put: { "big.txt": "a".repeat(MAX_LINK_BYTES - 100) },
        del: [],
        tools: { active: [] },
      }),
    );
    expect(decodeLink(under, preset)).toMatchObject({
      ok: true,
      summary: { changes: { added: ["big.txt"] } },
    });
  });

  it("carries the pi version it was made on; an unknown one is named, an old link has none", () => {
    const made = decodeLink(encodeLink({ ...work, pi: "0.73.1" }, preset), preset);
    expect(made?.ok && made.shared.pi).toBe("0.73.1");
    const old = decodeLink(encodeLink(work, preset), preset);
    expect(old?.ok && "pi" in old.shared).toBe(false);
    const future = decodeLink(encodeRaw(JSON.stringify({ put: {}, del: [], tools, pi: "9.9.9" })), preset);
    expect(future).toEqual({ ok: false, problem: "unknownPi", detail: "9.9.9" });
  });

  it("a newer version says newer, with its number", () => {
    expect(decodeLink(encodeRaw("{}", 2), preset)).toEqual({ ok: false, problem: "newer", version: 2 });
  });

  it("drops every field it does not know: a link cannot carry keys or preferences", () => {
    const json = JSON.stringify({
      put: {},
      del: [],
      tools: { active: ["read"] },
      prefs: { theme: "dark" },
      apiKey: "sk-x",
    });
    const decoded = decodeLink(encodeRaw(json), preset);
    expect(decoded?.ok && Object.keys(decoded.shared)).toEqual(["files", "tools"]);
  });

  it("masks a key before the text is compressed", () => {
    const key = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";
    const leaky: SharedWork = { files: { "notes.md": `key: ${key}` }, tools };
    const fragment = encodeLink(leaky, {}, (t) => t.replaceAll(key, "••••"));
    const decoded = decodeLink(fragment, {});
    expect(decoded?.ok && JSON.stringify(decoded.shared)).not.toContain(key);
  });
});
