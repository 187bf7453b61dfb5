import { describe, expect, it } from "vitest";
import { base64Decode } from "../bytes";
import type { ImageResizer } from "../image/resize";
import { detectImageMime } from "../image/sniff";
import { truncateHead } from "../truncate";
import { FakeFs } from "./fake-fs.test-support";
import { createReadToolDefinition, type ReadToolOptions } from "./read";
import type { TextContent, ToolContext } from "./types";

const CWD = "/w";
// A 2×2 PNG (valid chunks: IHDR, IDAT, IEND).
const PNG = base64Decode(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEklEQVR4AWP4z8DwnwEIGBgYAAB+CP/BCJwv8QAAAABJRU5ErkJggg==",
);

function setup(files: Record<string, string | Uint8Array>, options: Partial<ReadToolOptions> = {}) {
  const fs = new FakeFs(Object.fromEntries(Object.entries(files).map(([k, v]) => [`${CWD}/${k}`, v])));
  const detect = async (path: string) => {
    const bytes = fs.files.get(fs.resolve(path));
    return bytes ? detectImageMime(bytes.subarray(0, 4100)) : null;
  };
  const tool = createReadToolDefinition(CWD, {
    operations: fs.readOps({ detectImageMimeType: detect }),
    ...options,
  });
  const run = (args: Record<string, unknown>, ctx?: ToolContext, signal?: AbortSignal) =>
    tool.execute("t", args as never, signal, undefined, ctx);
  const text = async (args: Record<string, unknown>) => ((await run(args)).content[0] as TextContent).text;
  return { fs, tool, run, text };
}

describe("read: text", () => {
  it("returns the raw text: no line numbers, CR and BOM kept", async () => {
    const { text } = setup({ "a.txt": "\uFEFFone\r\ntwo\r\n" });
    expect(await text({ path: "a.txt" })).toBe("\uFEFFone\r\ntwo\r\n");
  });

  it("treats offset 0, negative or missing as line 1", async () => {
    const { text } = setup({ "a.txt": "1\n2\n3" });
    for (const offset of [undefined, 0, -5, 1]) expect(await text({ path: "a.txt", offset })).toBe("1\n2\n3");
    expect(await text({ path: "a.txt", offset: 3 })).toBe("3");
  });

  it("counts the empty line after a trailing newline in the offset error", async () => {
    const { run } = setup({ "a.txt": "a\nb\nc\n" });
    await expect(run({ path: "a.txt", offset: 5 })).rejects.toThrow(
      "Offset 5 is beyond end of file (4 lines total)",
    );
    await expect(run({ path: "a.txt", offset: 4 })).resolves.toMatchObject({ content: [{ text: "" }] });
  });

  it("says how many lines remain when the user's limit stops early", async () => {
    const { run } = setup({ "a.txt": "1\n2\n3\n4\n5" });
    const result = await run({ path: "a.txt", offset: 2, limit: 2 });
    expect(result.content[0]).toEqual({
      type: "text",
      text: "2\n3\n\n[2 more lines in file. Use offset=4 to continue.]",
    });
    expect(result.details).toBeUndefined();
  });

  it("gives empty content plus the notice for limit 0", async () => {
    const { text } = setup({ "a.txt": "1\n2\n3" });
    expect(await text({ path: "a.txt", limit: 0 })).toBe(
      "\n\n[3 more lines in file. Use offset=1 to continue.]",
    );
  });

  it("truncates at 2000 lines with pi's notice and the whole file's count", async () => {
    const lines = Array.from({ length: 2100 }, (_, i) => `L${i + 1}`).join("\n");
    const { run } = setup({ "big.txt": `${lines}\n` });
    const result = await run({ path: "big.txt" });
    const out = (result.content[0] as TextContent).text;
    expect(out.endsWith("L2000\n\n[Showing lines 1-2000 of 2101. Use offset=2001 to continue.]")).toBe(true);
    expect(result.details?.truncation).toMatchObject({
      truncatedBy: "lines",
      totalLines: 2101,
      outputLines: 2000,
    });
  });

  it("truncates at 50KB and reports from the offset", async () => {
    const line = "x".repeat(99);
    const file = Array.from({ length: 1000 }, () => line).join("\n");
    const { run } = setup({ "wide.txt": file });
    const result = await run({ path: "wide.txt", offset: 11 });
    // 100 bytes per line with its newline: 512 lines fit in 51200 bytes (99 + 511 × 100 = 51199).
    expect((result.content[0] as TextContent).text).toMatch(
      /\n\n\[Showing lines 11-522 of 1000 \(50\.0KB limit\)\. Use offset=523 to continue\.\]$/,
    );
    expect(result.details?.truncation).toMatchObject({
      totalLines: 990,
      outputLines: 512,
      outputBytes: 51199,
    });
  });

  it("shows only the sed hint, with the raw path, when the first selected line is over 50KB", async () => {
    const { run } = setup({ "m.js": `short\n${"é".repeat(30000)}\nend` });
    const result = await run({ path: "./m.js", offset: 2 });
    expect((result.content[0] as TextContent).text).toBe(
      "[Line 2 is 58.6KB, exceeds 50.0KB limit. Use bash: sed -n '2p' ./m.js | head -c 51200]",
    );
    expect(result.details?.truncation).toMatchObject({ firstLineExceedsLimit: true, totalLines: 2 });
  });

  it("counts invalid UTF-8 as pi does (each bad byte becomes a 3-byte U+FFFD)", async () => {
    const bytes = new Uint8Array(60000).fill(0x61);
    for (let i = 100; i < 60000; i += 100) bytes[i] = 0x0a;
    bytes[5] = 0xff; // one invalid byte in line 1
    const { run } = setup({ "bin.txt": bytes });
    const result = await run({ path: "bin.txt" });
    expect(result.details?.truncation).toMatchObject({ totalBytes: 60002, totalLines: 600 });
    expect((result.content[0] as TextContent).text.startsWith("aaaaa\uFFFDaaa")).toBe(true);
  });

  it("passes the backend's error through unchanged", async () => {
    const { run } = setup({});
    await expect(run({ path: "nope.txt" })).rejects.toThrow(
      "ENOENT: no such file or directory, access '/w/nope.txt'",
    );
  });

  it("finds the macOS screenshot name through the backend", async () => {
    const { text } = setup({ "Shot 1.02.03\u202FPM.txt": "found" });
    expect(await text({ path: "Shot 1.02.03 PM.txt" })).toBe("found");
  });

  it("rejects at once when the signal is already aborted", async () => {
    const { run } = setup({ "a.txt": "x" });
    await expect(run({ path: "a.txt" }, undefined, AbortSignal.abort())).rejects.toThrow("Operation aborted");
  });
});

describe("read: images", () => {
  const fits: ImageResizer = {
    async resize({ data, mimeType }) {
      return {
        data: btoa(String.fromCharCode(...data)),
        mimeType,
        originalWidth: 2,
        originalHeight: 2,
        width: 2,
        height: 2,
        wasResized: false,
      };
    },
  };

  it("detects by content: a .png holding text is text, a PNG named .dat is an image", async () => {
    const { run } = setup({ "fake.png": "definitely not a png\n", "real.dat": PNG }, { imageResizer: fits });
    expect((await run({ path: "fake.png" })).content).toEqual([
      { type: "text", text: "definitely not a png\n" },
    ]);
    const image = await run({ path: "real.dat" });
    expect(image.content[0]).toEqual({ type: "text", text: "Read image file [image/png]" });
    expect(image.content[1]).toMatchObject({ type: "image", mimeType: "image/png" });
    expect(image.details).toBeUndefined();
  });

  it("omits the image with pi's note when it cannot be fitted (no resizer)", async () => {
    const { run } = setup({ "p.png": PNG });
    expect((await run({ path: "p.png" })).content).toEqual([
      {
        type: "text",
        text: "Read image file [image/png]\n[Image omitted: could not be resized below the inline image size limit.]",
      },
    ]);
  });

  it("sends the original when resizing is off", async () => {
    const { run } = setup({ "p.png": PNG }, { autoResizeImages: false });
    const result = await run({ path: "p.png" });
    expect(result.content).toHaveLength(2);
    expect(result.content[0]).toEqual({ type: "text", text: "Read image file [image/png]" });
  });

  it("reports a resize with the coordinate note and the new type", async () => {
    const shrink: ImageResizer = {
      async resize() {
        return {
          data: "AAAA",
          mimeType: "image/jpeg",
          originalWidth: 4000,
          originalHeight: 3000,
          width: 2000,
          height: 1500,
          wasResized: true,
        };
      },
    };
    const { run } = setup({ "p.png": PNG }, { imageResizer: shrink });
    expect(((await run({ path: "p.png" })).content[0] as TextContent).text).toBe(
      "Read image file [image/jpeg]\n[Image: original 4000x3000, displayed at 2000x1500. Multiply coordinates by 2.00 to map to original image.]",
    );
  });

  it("warns when the model takes no images, and still returns the image", async () => {
    const { run } = setup({ "p.png": PNG }, { imageResizer: fits });
    const result = await run({ path: "p.png" }, { model: { id: "m", input: ["text"] } });
    expect((result.content[0] as TextContent).text).toBe(
      "Read image file [image/png]\n[Current model does not support images. The image will be omitted from this request.]",
    );
    expect(result.content[1]).toMatchObject({ type: "image" });
  });

  it("reads everything as text when the backend cannot detect images", async () => {
    const fs = new FakeFs({ "/w/p.png": PNG });
    const tool = createReadToolDefinition(CWD, { operations: fs.readOps() });
    const result = await tool.execute("t", { path: "p.png" }, undefined, undefined, undefined);
    expect(result.content).toHaveLength(1);
    expect((result.content[0] as TextContent).text.startsWith("\uFFFDPNG")).toBe(true);
  });
});

describe("read: odd numbers, as pi's Array#slice takes them", () => {
  const ten = Array.from({ length: 10 }, (_, i) => `${i + 1}`).join("\n");

  it("takes a negative limit as counting from the end", async () => {
    const { text } = setup({ "t.txt": ten });
    expect(await text({ path: "t.txt", limit: -2 })).toBe(
      "1\n2\n3\n4\n5\n6\n7\n8\n\n[12 more lines in file. Use offset=-1 to continue.]",
    );
  });

  it("truncates fractional bounds but prints them as given", async () => {
    const { text } = setup({ "t.txt": ten });
    expect(await text({ path: "t.txt", offset: 2.5, limit: 2 })).toBe(
      "2\n3\n\n[6.5 more lines in file. Use offset=4.5 to continue.]",
    );
  });

  it("matches the contract's algorithm on the decoded text for any offset and limit", async () => {
    // The contract's read, on the decoded string (what pi does), as the reference.
    const reference = (text: string, offset?: number, limit?: number) => {
      const all = text.split("\n");
      const start = offset ? Math.max(0, offset - 1) : 0;
      if (start >= all.length) return `Offset ${offset} is beyond end of file (${all.length} lines total)`;
      const end = limit !== undefined ? Math.min(start + limit, all.length) : undefined;
      const t = truncateHead(all.slice(start, end).join("\n"));
      if (t.firstLineExceedsLimit) return "first line too long";
      if (t.truncated)
        return `${t.content} [${start + 1}-${start + t.outputLines} of ${all.length} ${t.truncatedBy}]`;
      if (end !== undefined && end < all.length)
        return `${t.content} [${all.length - end} more, offset=${end + 1}]`;
      return t.content;
    };
    const render = (r: string) =>
      r
        .replace(
          /\n\n\[Showing lines (\S+)-(\S+) of (\d+)( \(50\.0KB limit\))?\. Use offset=\S+ to continue\.\]$/,
          (_, a, b, n, bytes) => ` [${a}-${b} of ${n} ${bytes ? "bytes" : "lines"}]`,
        )
        .replace(
          /\n\n\[(\S+) more lines in file\. Use offset=(\S+) to continue\.\]$/,
          " [$1 more, offset=$2]",
        );
    const line = (i: number) => (i % 7 === 3 ? `w${"x".repeat(400)}` : `l${i}`);
    const ascii = Array.from({ length: 300 }, (_, i) => line(i)).join("\n");
    const files: Record<string, string | Uint8Array> = {
      "ascii.txt": ascii,
      "bad.txt": new Uint8Array([...new TextEncoder().encode(ascii), 0x0a, 0xff, 0xfe]),
      "utf8.txt": `é${ascii}\n€`,
    };
    const { run } = setup(files);
    const decoded = (name: string) => {
      const f = files[name];
      return typeof f === "string" ? f : new TextDecoder().decode(f);
    };
    const args = [
      {},
      { offset: 5 },
      { offset: 200, limit: 30 },
      { limit: 150 },
      { offset: 1.5, limit: 2.5 },
      { limit: -3 },
      { offset: 290, limit: -295 },
      { offset: 300 },
      { offset: 301 },
      { limit: 0 },
      { offset: -4, limit: 1 },
    ];
    for (const name of Object.keys(files)) {
      for (const a of args) {
        let got: string;
        try {
          got = render(((await run({ path: name, ...a })).content[0] as TextContent).text);
        } catch (error) {
          got = (error as Error).message;
        }
        expect(got, `${name} ${JSON.stringify(a)}`).toBe(reference(decoded(name), a.offset, a.limit));
      }
    }
  });
});
