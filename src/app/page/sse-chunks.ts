/**
 * A provider's stream reaches pi-ai in small pieces, one task each. The OpenAI and Anthropic SDKs that
 * pi-ai streams through split what the network hands them into events by copying the rest of the buffer
 * after every event (`data = data.slice(i)`): a chunk holding k events costs k copies of itself, its size
 * squared. While the page keeps up, chunks are small; once it falls behind (a busy moment, a slow
 * machine), the network hands over everything that waited, the next chunk takes longer still, and a fast
 * stream froze the page within seconds (tasks of 0.4, 0.7, 1, 2.3 and 6 s, measured in a trace). Cut into
 * pieces of at most MAX_PIECE bytes, with a task boundary between them, the cost is linear and no task
 * grows with the backlog.
 *
 * Only `text/event-stream` answers are cut; the bytes are the same, in the same order. The page's fetch
 * is wrapped when the provider context's chunk loads, so every SDK pi-ai creates uses it.
 */
export const MAX_PIECE = 4096;

/** `body` in pieces of at most `max` bytes, each after a task boundary (`yieldTask`). */
export function inPieces(
  body: ReadableStream<Uint8Array>,
  max = MAX_PIECE,
  yieldTask: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): ReadableStream<Uint8Array> {
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        for (let at = 0; at < chunk.length; at += max) {
          if (at > 0) await yieldTask();
          controller.enqueue(chunk.subarray(at, at + max));
        }
      },
    }),
  );
}

/** `fetch`, with event streams handed on in pieces. */
export function withSmallSsePieces(fetchFn: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await fetchFn(input, init);
    if (!response.body || !response.headers.get("content-type")?.includes("text/event-stream"))
      return response;
    const cut = new Response(inPieces(response.body), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(cut, "url", { value: response.url });
    return cut;
  };
}

let installed = false;
/** Wraps the page's fetch once (the provider context's chunk calls this when it loads). */
export function installSmallSsePieces(scope: { fetch: typeof fetch }) {
  if (installed || typeof scope.fetch !== "function") return;
  installed = true;
  scope.fetch = withSmallSsePieces(scope.fetch.bind(scope));
}
