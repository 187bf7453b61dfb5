import { describe, expect, it } from "vitest";
import { utf8Decode, utf8Encode } from "./bytes";
import {
  encodeOutputText,
  makeLogPath,
  OutputAccumulator,
  type OutputLogOperations,
} from "./output-accumulator";

function memoryLog(): OutputLogOperations & { files: Map<string, Uint8Array[]>; text(path: string): string } {
  const files = new Map<string, Uint8Array[]>();
  return {
    tempDir: "/tmp",
    files,
    appendFile(path, data) {
      files.set(path, [...(files.get(path) ?? []), data.slice()]);
    },
    text(path) {
      const parts = files.get(path) ?? [];
      const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
      let at = 0;
      for (const p of parts) {
        all.set(p, at);
        at += p.length;
      }
      return utf8Decode(all);
    },
  };
}

const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${from + i}\n`).join("");

describe("OutputAccumulator", () => {
  it("decodes a character split across chunks", () => {
    const acc = new OutputAccumulator({ logOperations: memoryLog() });
    const bytes = utf8Encode("héllo → ok\n");
    acc.append(bytes.subarray(0, 2));
    acc.append(bytes.subarray(2, 12));
    acc.append(bytes.subarray(12));
    acc.finish();
    const snap = acc.snapshot();
    expect(snap.content).toBe("héllo → ok\n");
    expect(snap.truncation.truncated).toBe(false);
    expect(snap.truncation.totalLines).toBe(2);
    expect(snap.fullOutputPath).toBeUndefined();
  });

  it("counts lines from 1 and bytes over the whole stream", () => {
    const acc = new OutputAccumulator({ logOperations: memoryLog() });
    acc.append(utf8Encode("a\nbb"));
    acc.append(utf8Encode("b\né"));
    acc.finish();
    const { truncation } = acc.snapshot();
    expect(truncation.totalLines).toBe(3);
    expect(truncation.totalBytes).toBe(8);
    expect(acc.getLastLineBytes()).toBe(2);
  });

  it("keeps the tail of 3000 lines with totals of the whole stream, as seq 1 3000 in pi", () => {
    const log = memoryLog();
    const acc = new OutputAccumulator({ tempFilePrefix: "pi-bash", logOperations: log });
    acc.append(utf8Encode(lines(1, 3000)));
    acc.finish();
    const snap = acc.snapshot({ persistIfTruncated: true });
    expect(snap.truncation).toMatchObject({
      truncated: true,
      truncatedBy: "lines",
      totalLines: 3001,
      totalBytes: 13893,
      outputLines: 2000,
      outputBytes: 9995,
      maxLines: 2000,
      maxBytes: 51200,
    });
    expect(snap.content.startsWith("1002\n")).toBe(true);
    expect(snap.fullOutputPath).toMatch(/^\/tmp\/pi-bash-[0-9a-f]{16}\.log$/);
  });

  it("opens the log once over a limit and writes every byte, earlier chunks first", async () => {
    const log = memoryLog();
    const acc = new OutputAccumulator({ logOperations: log, maxLines: 5 });
    acc.append(utf8Encode("1\n2\n"));
    acc.append(utf8Encode("3\n"));
    expect(log.files.size).toBe(0);
    acc.append(utf8Encode("4\n5\n6\n"));
    acc.append(utf8Encode("7\n"));
    acc.finish();
    const snap = acc.snapshot();
    await acc.close();
    expect(snap.fullOutputPath).toBeDefined();
    expect(log.text(snap.fullOutputPath as string)).toBe("1\n2\n3\n4\n5\n6\n7\n");
    expect(snap.content).toBe("4\n5\n6\n7\n");
  });

  it("does not open a log for output within the limits", async () => {
    const log = memoryLog();
    const acc = new OutputAccumulator({ logOperations: log });
    acc.append(utf8Encode("small\n"));
    acc.finish();
    expect(acc.snapshot({ persistIfTruncated: true }).fullOutputPath).toBeUndefined();
    await acc.close();
    expect(log.files.size).toBe(0);
  });

  it("bounds the kept tail and drops a partial first line after a trim", () => {
    const acc = new OutputAccumulator({ logOperations: memoryLog(), maxBytes: 100 });
    for (let i = 0; i < 50; i++) acc.append(utf8Encode(`line-${String(i).padStart(3, "0")}-xxxxxxxxxx\n`));
    acc.finish();
    const snap = acc.snapshot();
    expect(snap.truncation.totalLines).toBe(51);
    expect(snap.truncation.truncatedBy).toBe("bytes");
    expect(snap.content.endsWith("line-049-xxxxxxxxxx\n")).toBe(true);
    // every kept line is whole
    for (const line of snap.content.split("\n").filter(Boolean)) expect(line).toMatch(/^line-\d{3}-x{10}$/);
    expect(snap.truncation.outputBytes).toBeLessThanOrEqual(100);
  });

  it("keeps the end of one overlong last line on a character boundary", () => {
    const acc = new OutputAccumulator({ logOperations: memoryLog(), maxBytes: 10 });
    acc.append(utf8Encode("ééééééééééééé"));
    acc.finish();
    const snap = acc.snapshot();
    expect(snap.truncation.lastLinePartial).toBe(true);
    expect(snap.content).toBe("ééééé");
    expect(acc.getLastLineBytes()).toBe(26);
  });

  it("reports a log write failure on close", async () => {
    const acc = new OutputAccumulator({
      maxLines: 1,
      logOperations: {
        tempDir: "/tmp",
        appendFile() {
          throw new Error("ENOSPC: no space left on device");
        },
      },
    });
    acc.append(utf8Encode("a\nb\n"));
    acc.finish();
    await expect(acc.close()).rejects.toThrow("ENOSPC");
  });

  it("refuses output after finish", () => {
    const acc = new OutputAccumulator({ logOperations: memoryLog() });
    acc.finish();
    expect(() => acc.append(utf8Encode("x"))).toThrow("finished");
  });

  it("names logs as pi does", () => {
    const a = makeLogPath("/tmp/", "pi-bash");
    expect(a).toMatch(/^\/tmp\/pi-bash-[0-9a-f]{16}\.log$/);
    expect(makeLogPath("/tmp", "pi-bash")).not.toBe(a);
  });
});

describe("OutputAccumulator decoding, byte by byte", () => {
  it("gives what a streaming TextDecoder gives for any split, invalid bytes included", () => {
    const samples = [
      utf8Encode("a€b😀c\né\n"),
      new Uint8Array([0x61, 0xe2, 0x82, 0x41, 0xff, 0xc3, 0xa9, 0xf0, 0x9f, 0x98]),
      new Uint8Array([0x80, 0x80, 0xc3, 0xe0, 0x80, 0x41, 0xf5, 0x42]),
    ];
    for (const sample of samples) {
      const reference = new TextDecoder().decode(sample);
      for (let cut = 0; cut <= sample.length; cut++) {
        for (let cut2 = cut; cut2 <= sample.length; cut2++) {
          const acc = new OutputAccumulator({ logOperations: memoryLog() });
          acc.append(sample.subarray(0, cut));
          acc.append(sample.subarray(cut, cut2));
          acc.append(sample.subarray(cut2));
          acc.finish();
          const snap = acc.snapshot();
          expect(snap.content, `${sample} split at ${cut}/${cut2}`).toBe(reference);
          expect(snap.truncation.totalBytes).toBe(utf8Encode(reference).length);
        }
      }
    }
  });
});

describe("OutputAccumulator with encodeOutputText chunks", () => {
  const run = (chunks: Uint8Array[]) => {
    const log = memoryLog();
    const acc = new OutputAccumulator({ logOperations: log });
    for (const chunk of chunks) acc.append(chunk);
    acc.finish();
    const snap = acc.snapshot({ persistIfTruncated: true });
    return { snap, log };
  };

  it("gives the same snapshot and log as the plain bytes, truncated or not", async () => {
    const texts = [
      "ok\n",
      `${"line é → 😀\n".repeat(5000)}tail without newline`,
      "x".repeat(60_000),
      "a\ud800b\n", // a lone surrogate: encoded as U+FFFD, so the text is not taken as is
    ];
    for (const text of texts) {
      const hinted = run([encodeOutputText(text), encodeOutputText("err\n")]);
      const plain = run([utf8Encode(text), utf8Encode("err\n")]);
      expect(hinted.snap.content).toBe(plain.snap.content);
      expect({ ...hinted.snap.truncation }).toEqual({ ...plain.snap.truncation });
      expect(Boolean(hinted.snap.fullOutputPath)).toBe(Boolean(plain.snap.fullOutputPath));
      if (hinted.snap.fullOutputPath && plain.snap.fullOutputPath)
        expect(hinted.log.text(hinted.snap.fullOutputPath)).toBe(plain.log.text(plain.snap.fullOutputPath));
    }
    expect(run([encodeOutputText("a\ud800b\n")]).snap.content).toBe("a\uFFFDb\n");
  });

  it("decodes a hinted chunk that follows a partial character", () => {
    const euro = utf8Encode("€");
    const { snap } = run([euro.subarray(0, 2), encodeOutputText("x\n")]);
    // The cut character is invalid once the next chunk starts with "x": as a streaming decoder says.
    expect(snap.content).toBe(new TextDecoder().decode(new Uint8Array([...euro.subarray(0, 2), 0x78, 0x0a])));
  });
});
