import { describe, expect, it } from "vitest";
import { inPieces, withSmallSsePieces } from "./sse-chunks";

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

async function read(stream: ReadableStream<Uint8Array>) {
  const pieces: Uint8Array[] = [];
  for await (const piece of stream as unknown as AsyncIterable<Uint8Array>) pieces.push(piece);
  return pieces;
}

describe("event streams reach pi-ai in small pieces", () => {
  const encoder = new TextEncoder();
  const event = (n: number, size: number) => `data: ${String(n).padEnd(size - 8, "x")}\n\n`;
  /** A stream that hands over `chunks` as they are, one read each. */
  const streamOf = (chunks: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
  const text = (pieces: Uint8Array[]) => pieces.map((p) => new TextDecoder().decode(p));

  it("cuts a chunk of many events into pieces of whole events of at most the limit, a task apart", async () => {
    const all = Array.from({ length: 100 }, (_, i) => event(i, 100)).join("");
    let yields = 0;
    const pieces = await read(
      inPieces(streamOf([encoder.encode(all)]), 4096, async () => {
        yields++;
      }),
    );
    expect(pieces.map((p) => p.length)).toEqual([4000, 4000, 2000]);
    expect(yields).toBe(2);
    expect(text(pieces).join("")).toBe(all);
    for (const piece of text(pieces)) expect(piece.endsWith("\n\n")).toBe(true);
  });

  it("hands on a huge event whole, once, when its end arrives (the SDKs rescan a growing event)", async () => {
    const huge = `data: ${"y".repeat(1_000_000)}\n\n`;
    const bytes = encoder.encode(`${event(1, 50)}${huge}${event(2, 50)}`);
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    );
    const pieces = text(await read(inPieces(streamOf(chunks), 4096, async () => {})));
    expect(pieces.join("")).toBe(new TextDecoder().decode(bytes));
    expect(pieces).toContain(huge);
    // No piece holds a part of an event: every one ends where an event ends.
    for (const piece of pieces) expect(piece.endsWith("\n\n")).toBe(true);
  });

  it("finds an event's end split across chunks, CRLF lines too, and hands on a last unfinished event", async () => {
    const sent = "data: a\r\n\r\ndata: b\n\ndata: c";
    const parts = ["data: a\r\n", "\r", "\ndata: b\n", "\ndata: c"].map((p) => encoder.encode(p));
    const pieces = text(await read(inPieces(streamOf(parts), 4096, async () => {})));
    expect(pieces).toEqual(["data: a\r\n\r\n", "data: b\n\n", "data: c"]);
    expect(pieces.join("")).toBe(sent);
  });

  it("cuts only event streams; other answers pass through as they are", async () => {
    const sse = new Response(Array.from({ length: 90 }, (_, i) => event(i, 100)).join(""), {
      headers: { "content-type": "text/event-stream; charset=utf-8" },
    });
    const json = new Response(bytes(9000), { headers: { "content-type": "application/json" } });
    const answers = [sse, json];
    const wrapped = withSmallSsePieces(async () => answers.shift() as Response);
    const cut = await wrapped("http://127.0.0.1/v1/chat/completions");
    expect(cut).not.toBe(sse);
    expect(cut.status).toBe(200);
    expect(cut.headers.get("content-type")).toContain("text/event-stream");
    const pieces = await read(cut.body as ReadableStream<Uint8Array>);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(4096);
    expect(pieces.reduce((n, p) => n + p.length, 0)).toBe(9000);
    expect(pieces.length).toBeGreaterThan(1);
    expect(await wrapped("http://127.0.0.1/other")).toBe(json);
  });
});
