import { describe, expect, it } from "vitest";
import { inPieces, withSmallSsePieces } from "./sse-chunks";

const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

async function read(stream: ReadableStream<Uint8Array>) {
  const pieces: Uint8Array[] = [];
  for await (const piece of stream as unknown as AsyncIterable<Uint8Array>) pieces.push(piece);
  return pieces;
}

describe("event streams reach pi-ai in small pieces", () => {
  it("cuts a large chunk into pieces of at most the limit, the same bytes in order, a task apart", async () => {
    const data = bytes(10_000);
    let yields = 0;
    const pieces = await read(
      inPieces(new Response(data).body as ReadableStream<Uint8Array>, 4096, async () => {
        yields++;
      }),
    );
    expect(pieces.map((p) => p.length)).toEqual([4096, 4096, 1808]);
    expect(yields).toBe(2);
    expect(Uint8Array.from(pieces.flatMap((p) => [...p]))).toEqual(data);
  });

  it("cuts only event streams; other answers pass through as they are", async () => {
    const sse = new Response(bytes(9000), {
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
    expect(await wrapped("http://127.0.0.1/other")).toBe(json);
  });
});
