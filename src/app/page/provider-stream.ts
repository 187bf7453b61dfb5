/**
 * What the page's provider context loads on first use: pi-ai's streamSimple (the function pi's agent
 * calls) and the model resolver. A chunk of its own, fetched only when model mode sends or tests. Loading
 * it makes the page's event streams reach pi-ai in small pieces (sse-chunks.ts).
 */
import { installSmallSsePieces } from "./sse-chunks";

installSmallSsePieces(globalThis);

export { resolveModel } from "@agent/drivers/model-spec";
export { parseStreamingJson, streamSimple } from "@mariozechner/pi-ai";
