/**
 * A provider's stream reaches pi-ai in pieces of whole events, one task each. The OpenAI and Anthropic
 * SDKs that pi-ai streams through split what the network hands them into events by copying the rest of
 * the buffer after every event (`data = data.slice(i)`), and look for an event's end by scanning the
 * whole buffer from its start each time a chunk arrives. Both are quadratic: a chunk holding k events
 * costs k copies of itself, and an event arriving in k chunks costs k scans of it. While the page keeps
 * up, chunks are small; once it falls behind, the network hands over everything that waited and a fast
 * stream froze the page within seconds (tasks of 0.4, 0.7, 1, 2.3 and 6 s, measured in a trace); and a
 * 10 MB answer in one event, handed on in 4 KB pieces, took 55 s to reach the transcript.
 *
 * So pieces are cut at event ends (a blank line): small events are grouped up to MAX_PIECE bytes, and an
 * event larger than that is handed on whole once its end has arrived, in one piece. Either way each piece
 * holds whole events, the SDK's scan and copies stay linear, and no task grows with the backlog.
 *
 * Only `text/event-stream` answers are cut; the bytes are the same, in the same order. The page's fetch
 * is wrapped when the provider context's chunk loads, so every SDK pi-ai creates uses it.
 */
import { concatBytes } from "@core/bytes";

export const MAX_PIECE = 4096;

const LF = 10;
const CR = 13;

/** Where events end in `chunk`: the index after each blank line's line feed ("\n\n", "\r\n\r\n"). */
function eventEnds(chunk: Uint8Array, before: { last: number; lastButOne: number }): number[] {
  const ends: number[] = [];
  let [b2, b1] = [before.lastButOne, before.last];
  for (let i = 0; i < chunk.length; i++) {
    const b = chunk[i];
    if (b === LF && (b1 === LF || (b1 === CR && b2 === LF))) ends.push(i + 1);
    [b2, b1] = [b1, b];
  }
  before.lastButOne = b2;
  before.last = b1;
  return ends;
}

/** `body` in pieces of whole events (at most `max` bytes unless one event is larger), each a task apart. */
export function inPieces(
  body: ReadableStream<Uint8Array>,
  max = MAX_PIECE,
  yieldTask: () => Promise<void> = () => new Promise((resolve) => setTimeout(resolve, 0)),
): ReadableStream<Uint8Array> {
  /** bytes since the last piece handed on: whole events, then the start of the next one */
  let held: Uint8Array[] = [];
  let heldBytes = 0;
  /** of `held`, how many bytes are whole events */
  let whole = 0;
  const edge = { last: -1, lastButOne: -1 };
  let first = true;

  const handOn = async (controller: TransformStreamDefaultController<Uint8Array>, bytes: number) => {
    const all = concatBytes(held);
    if (!first) await yieldTask();
    first = false;
    controller.enqueue(all.subarray(0, bytes));
    const rest = all.subarray(bytes);
    held = rest.length > 0 ? [rest] : [];
    heldBytes = rest.length;
    whole = 0;
  };

  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      async transform(chunk, controller) {
        /** where `chunk` starts in what is held */
        let offset = heldBytes;
        held.push(chunk);
        heldBytes += chunk.length;
        for (const end of eventEnds(chunk, edge)) {
          const at = offset + end;
          // The events held before this one fill a piece: hand them on, and this one starts the next.
          if (whole > 0 && at > max) {
            const cut = whole;
            await handOn(controller, cut);
            offset -= cut;
            whole = at - cut;
          } else whole = at;
        }
        // Whole events go on at once (a delta must not wait for the next chunk); a started event waits.
        if (whole > 0) await handOn(controller, whole);
      },
      async flush(controller) {
        if (heldBytes > 0) await handOn(controller, heldBytes);
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
