/**
 * The decoders of what comes from outside the page (a share link, a .zip, the learner tools they carry),
 * under inputs no honest page makes: for any input they answer with a value or a refusal and never
 * throw, and they stay within their caps. The bombs are counted in bytes the inflater produced (every
 * Inflate the decoders make is wrapped here), not in time, so the bound holds on a slow machine too.
 */
import type { ImportEntry } from "@agent/protocol";
import fc from "fast-check";
import { deflateSync, zipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import {
  MAX_TOOL_SOURCE,
  MAX_TOOLS,
  readSavedLearner,
  readTravellingTools,
} from "../../common/learner-tools/saved";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES, MAX_LINK_BYTES } from "../../common/share/limits";
import { deflateBomb, zipOf } from "./bombs.test-support";
import { decodeLink, encodeLink, inflateCapped, LINK_PREFIX, toBase64Url } from "./link-codec";
import { MAX_RATIO, RATIO_FLOOR, readZip } from "./zip-read";

/** Bytes every Inflate made since the last reset, and the most held by any one of them. */
const inflated = vi.hoisted(() => ({ bytes: 0 }));
vi.mock("fflate", async (load) => {
  const real = await load<typeof import("fflate")>();
  class CountingInflate extends real.Inflate {
    constructor(ondata?: import("fflate").FlateStreamHandler) {
      super((chunk, final) => {
        inflated.bytes += chunk.length;
        ondata?.(chunk, final);
      });
    }
  }
  return { ...real, Inflate: CountingInflate };
});

/** The most one 4,096-byte piece of deflate can unpack to (deflate's ratio tops out near 1,032:1). */
const ONE_PIECE = 4096 * 1032 + 32 * 1024;
const RUNS = { numRuns: 200 };

const linkOf = (deflated: Uint8Array) => `${LINK_PREFIX}1.${toBase64Url(deflated)}`;

describe("bombs", () => {
  it("the hand-made deflate unpacks to what it says (checked small)", () => {
    const out = inflateCapped(deflateBomb(100_000), 1e6);
    expect(out.ok && out.bytes.length).toBe(1 + Math.ceil(100_000 / 258) * 258);
    expect(out.ok && out.bytes.every((b) => b === 0)).toBe(true);
  });

  it("a 2 MB link that would unpack to 300 MB is refused at the cap, naming it, holding at most the cap and one piece", () => {
    const bomb = deflateBomb(300 * 1024 * 1024);
    const link = linkOf(bomb);
    expect(link.length).toBeGreaterThan(2_000_000);
    inflated.bytes = 0;
    const started = performance.now();
    expect(decodeLink(link, {})).toEqual({ ok: false, problem: "tooLarge", limit: MAX_LINK_BYTES });
    const ms = performance.now() - started;
    expect(inflated.bytes).toBeGreaterThan(MAX_LINK_BYTES);
    expect(inflated.bytes).toBeLessThanOrEqual(MAX_LINK_BYTES + ONE_PIECE);
    console.info(`link bomb: refused after ${inflated.bytes} bytes unpacked in ${ms.toFixed(0)} ms`);
  });

  it("a small link that would unpack to 200 MB is refused whole: no files dropped, no tools applied", () => {
    const bomb = deflateBomb(200 * 1024 * 1024);
    inflated.bytes = 0;
    const decoded = decodeLink(linkOf(bomb), { "a.txt": "kept" });
    expect(decoded).toEqual({ ok: false, problem: "tooLarge", limit: MAX_LINK_BYTES });
    expect(inflated.bytes).toBeLessThanOrEqual(MAX_LINK_BYTES + ONE_PIECE);
  });

  it("a zip entry whose index lies about its size stops one piece past what the index said", () => {
    const zip = zipOf("zeros.bin", deflateBomb(300 * 1024 * 1024), 1000);
    inflated.bytes = 0;
    const started = performance.now();
    expect(readZip(zip)).toMatchObject({ refused: "bomb", entries: [] });
    const ms = performance.now() - started;
    expect(inflated.bytes).toBeLessThanOrEqual(1000 + ONE_PIECE);
    console.info(`zip bomb (lying index): refused after ${inflated.bytes} bytes in ${ms.toFixed(0)} ms`);
  });

  it("a zip entry that says it is huge is refused from its index, before a byte is unpacked", () => {
    const zip = zipOf("zeros.bin", deflateBomb(1024 * 1024), MAX_IMPORT_BYTES + 1);
    inflated.bytes = 0;
    expect(readZip(zip)).toMatchObject({ refused: "tooLarge", entries: [] });
    expect(inflated.bytes).toBe(0);
  });

  it("a zip entry within the size limit but past the ratio is refused one piece past the ratio", () => {
    const packed = deflateBomb(40 * 1024 * 1024);
    const zip = zipOf("zeros.bin", packed, 40 * 1024 * 1024 + 1);
    inflated.bytes = 0;
    expect(readZip(zip)).toMatchObject({ refused: "bomb" });
    const allowed = Math.max(RATIO_FLOOR, MAX_RATIO * packed.length);
    expect(inflated.bytes).toBeLessThanOrEqual(allowed + ONE_PIECE);
  });
});

/** Bytes a fuzzer may send: often deflate-looking, sometimes a real link or zip with bytes changed. */
const mutated = (base: Uint8Array) =>
  fc
    .array(fc.tuple(fc.nat({ max: Math.max(0, base.length - 1) }), fc.integer({ min: 0, max: 255 })), {
      maxLength: 8,
    })
    .chain((edits) =>
      fc.nat({ max: base.length }).map((cut) => {
        const copy = base.slice(0, Math.max(1, cut));
        for (const [at, value] of edits) if (at < copy.length) copy[at] = value;
        return copy;
      }),
    );

const sampleLink = encodeLink(
  {
    files: { "a.txt": "hello", "b/c.bin": { base64: "AAEC" }, l: { symlink: "a.txt" }, d: { dir: true } },
    tools: { active: ["read", "bash"] },
    learner: { tools: [{ name: "wc", source: "export default () => {}", enabled: true }], handlers: {} },
  },
  {},
);

const isRefusal = (v: unknown) =>
  typeof v === "object" && v !== null && (v as { ok?: unknown }).ok === false && "problem" in v;

describe("share link decode, any input", () => {
  it("any text after share=: null, a refusal or a link within the limits; never a throw", () => {
    const fragment = fc.oneof(
      fc.string({ maxLength: 300 }).map((s) => `share=${s}`),
      fc.string({ maxLength: 300 }).map((s) => `share=1.${s}`),
      fc.uint8Array({ maxLength: 600 }).map((b) => linkOf(b)),
      mutated(new TextEncoder().encode(sampleLink)).map((b) => new TextDecoder().decode(b)),
    );
    fc.assert(
      fc.property(fragment, (text) => {
        const decoded = decodeLink(text, { "x.txt": "x" });
        if (decoded === null) return;
        if (!decoded.ok) {
          expect(isRefusal(decoded)).toBe(true);
          return;
        }
        expect(Object.keys(decoded.shared.files).length).toBeLessThanOrEqual(MAX_IMPORT_ENTRIES);
        expect(decoded.shared.learner?.tools.length ?? 0).toBeLessThanOrEqual(MAX_TOOLS);
      }),
      RUNS,
    );
  });

  it("any JSON in a well-packed link: a refusal or a link of checked fields; never a throw", () => {
    const payload = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          put: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 })),
          del: fc.array(fc.oneof(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 1 }))),
          tools: fc.record({ active: fc.array(fc.string({ maxLength: 8 })) }),
          scenario: fc.jsonValue({ maxDepth: 3 }),
          learner: fc.jsonValue({ maxDepth: 3 }),
        },
        { requiredKeys: ["put", "del", "tools"] },
      ),
    );
    fc.assert(
      fc.property(payload, (value) => {
        const json = new TextEncoder().encode(JSON.stringify(value));
        const decoded = decodeLink(linkOf(deflateSync(json)), {});
        expect(decoded).not.toBeNull();
        if (decoded && !decoded.ok) expect(isRefusal(decoded)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("zip read, any input", () => {
  const sampleZip = zipSync({
    "a.txt": new TextEncoder().encode("hello ".repeat(50)),
    "dir/b.bin": new Uint8Array([0, 1, 2, 3]),
    "../up.txt": new Uint8Array([1]),
  });

  it("any bytes: entries within the limits or a refusal code; never a throw", () => {
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 2000 }), mutated(sampleZip));
    fc.assert(
      fc.property(bytes, (zip) => {
        inflated.bytes = 0;
        const read = readZip(zip);
        if (read.refused) {
          expect(read.entries).toEqual([]);
          return;
        }
        expect(read.entries.length).toBeLessThanOrEqual(MAX_IMPORT_ENTRIES);
        const total = read.entries.reduce(
          (sum: number, e: ImportEntry) => sum + (e.kind === "file" ? e.data.byteLength : 0),
          0,
        );
        expect(total).toBeLessThanOrEqual(MAX_IMPORT_BYTES);
        expect(inflated.bytes).toBeLessThanOrEqual(MAX_IMPORT_BYTES + ONE_PIECE);
      }),
      RUNS,
    );
  });

  it("any set of names: each kept path is one an import may write, the rest are listed with a reason", () => {
    const names = fc.dictionary(
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("../x", "/abs", "a\\b", "a//b", "./a", "ok/x")),
      fc.uint8Array({ maxLength: 30 }),
      { maxKeys: 10 },
    );
    fc.assert(
      fc.property(names, (files) => {
        let zip: Uint8Array;
        try {
          zip = zipSync(files);
        } catch {
          return; // a name fflate cannot write is not a zip to read
        }
        const read = readZip(zip);
        expect(read.refused).toBeUndefined();
        for (const e of read.entries) {
          expect(e.path.split("/")).not.toContain("..");
          expect(e.path.startsWith("/")).toBe(false);
        }
      }),
      RUNS,
    );
  });
});

describe("saved and travelling learner tools, any input", () => {
  const entry = fc.record(
    {
      name: fc.oneof(fc.string({ maxLength: 70 }), fc.constantFrom("wc", "read", "t1")),
      source: fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue({ maxDepth: 1 })),
      enabled: fc.oneof(fc.boolean(), fc.jsonValue({ maxDepth: 0 })),
      replaces: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 5 })),
      disabledReason: fc.oneof(fc.constantFrom("blocked", "failed"), fc.string({ maxLength: 5 })),
    },
    { requiredKeys: [] },
  );
  const value = fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.record(
      {
        tools: fc.oneof(fc.array(entry, { maxLength: 60 }), fc.jsonValue({ maxDepth: 1 })),
        handlers: fc.oneof(
          fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 0 })),
          fc.jsonValue(),
        ),
      },
      { requiredKeys: [] },
    ),
  );

  it("either reads whole within the limits or says why (a sentence, and a code for a limit)", () => {
    fc.assert(
      fc.property(value, (v) => {
        for (const read of [readSavedLearner(v), readTravellingTools(v)]) {
          if (!read.ok) {
            expect(typeof read.problem).toBe("string");
            if (read.code)
              expect(read.limit).toBe(read.code === "tooManyTools" ? MAX_TOOLS : MAX_TOOL_SOURCE);
            continue;
          }
          expect(read.value.tools.length).toBeLessThanOrEqual(MAX_TOOLS);
          for (const t of read.value.tools) expect(t.source.length).toBeLessThanOrEqual(MAX_TOOL_SOURCE);
        }
      }),
      RUNS,
    );
  });
});
