/**
 * A mock LLM provider on 127.0.0.1 (a random port) for tests: no network, no key. It speaks Anthropic
 * Messages at `/anthropic/v1/messages` and OpenAI chat completions at `/openai/v1/chat/completions`,
 * answers each POST with the next scripted turn (text, thinking, a tool call whose JSON arrives in
 * pieces; or a failure status, a malformed or cut stream, a slow, stalled or trickling one, late headers),
 * answers CORS preflights (or refuses them in `blockCors` mode), and records every request it receives.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { anthropicFrames, errorBody, type MockTurn, openaiFrames } from "./sse";

export type { MockBlock, MockTurn } from "./sse";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** the parsed JSON body (undefined for a preflight) */
  body: unknown;
}

export interface MockProvider {
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  /** base URLs as pi-ai models take them: the Anthropic SDK appends /v1/messages, OpenAI's /chat/completions */
  anthropicBaseUrl: string;
  openaiBaseUrl: string;
  requests: RecordedRequest[];
  /** queue turns; each model request takes the next one */
  script(...turns: MockTurn[]): void;
  /** turns not yet taken */
  pending(): number;
  close(): Promise<void>;
}

export interface MockOptions {
  /** answer preflights and responses without Access-Control-* headers, as a server that blocks browsers */
  blockCors?: boolean;
  /** requests carrying one of these keys get a 401 */
  badKeys?: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startMockProvider(options: MockOptions = {}): Promise<MockProvider> {
  const requests: RecordedRequest[] = [];
  // Each turn keeps its place in its script() call: response ids restart at 1 for every scripted conversation.
  const queue: { turn: MockTurn; n: number }[] = [];
  const open = new Set<ServerResponse>();

  const cors = (req: IncomingMessage): Record<string, string> =>
    options.blockCors
      ? {}
      : {
          "access-control-allow-origin": req.headers.origin ?? "*",
          "access-control-allow-methods": "POST, OPTIONS",
          // Echo what the browser asks for: the SDKs send x-stainless-*, anthropic-* and x-api-key.
          "access-control-allow-headers": String(req.headers["access-control-request-headers"] ?? "*"),
          "access-control-max-age": "600",
        };

  const server = createServer(async (req, res) => {
    const path = req.url ?? "/";
    if (req.method === "OPTIONS") {
      requests.push({ method: "OPTIONS", path, headers: req.headers, body: undefined });
      res.writeHead(options.blockCors ? 403 : 204, cors(req)).end();
      return;
    }
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    requests.push({ method: req.method ?? "", path, headers: req.headers, body });
    // pi-ai 1.6.0 asks Anthropic's beta route, /v1/messages?beta=true: the query does not change the dialect
    const route = path.split("?")[0];
    const dialect = route.endsWith("/v1/messages")
      ? "anthropic"
      : route.endsWith("/chat/completions")
        ? "openai"
        : undefined;
    if (!dialect) {
      res.writeHead(404, { "content-type": "application/json", ...cors(req) });
      res.end(JSON.stringify({ error: { message: `mock provider: no route ${path}` } }));
      return;
    }
    const key = String(req.headers["x-api-key"] ?? req.headers.authorization?.replace(/^Bearer /, "") ?? "");
    const fail = (status: number, text: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers, ...cors(req) });
      res.end(text);
    };
    // A bad key is refused before a turn is taken, as a provider checks the key first.
    if (options.badKeys?.includes(key)) return fail(401, errorBody(dialect, 401, key));
    const next = queue.shift();
    if (!next) return fail(500, '{"error":{"message":"mock provider: no scripted turn left"}}');
    const { turn: current, n } = next;
    if (current.headersDelayMs) {
      open.add(res);
      res.on("close", () => open.delete(res));
      await sleep(current.headersDelayMs);
      if (res.destroyed || req.destroyed) return;
    }
    if (current.status) {
      const wait = current.retryAfterSeconds;
      return fail(
        current.status,
        errorBody(dialect, current.status, key),
        wait === undefined ? {} : { "retry-after": String(wait) },
      );
    }
    const frames = dialect === "anthropic" ? anthropicFrames(current, n) : openaiFrames(current, n);
    // Anthropic frames need their event name, or pi-ai skips them unread.
    const garbage = `${dialect === "anthropic" ? "event: content_block_delta\n" : ""}data: {this is not json\n\n`;
    if (current.failure === "malformed") frames.splice(Math.min(3, frames.length - 1), 0, garbage);
    if (current.failure === "cut") frames.splice(Math.ceil(frames.length / 2));
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...cors(req) });
    open.add(res);
    res.on("close", () => open.delete(res));
    const began = performance.now();
    for (const [i, frame] of frames.entries()) {
      if (current.stallAfterFrames !== undefined && i >= current.stallAfterFrames) return; // stays open, silent
      if (res.destroyed) return;
      if (current.trickle && i >= current.trickle.afterFrames) {
        for (const byte of frame) {
          if (res.destroyed) return;
          res.write(byte);
          await sleep(1000 / current.trickle.bytesPerSecond);
        }
        continue;
      }
      res.write(frame);
      if (current.frameDelayMs) await sleep(current.frameDelayMs);
      if (current.framesPerSecond) {
        // Timers are coarser than a frame at thousands a second: wait only once ahead of the rate.
        const ahead = began + ((i + 1) * 1000) / current.framesPerSecond - performance.now();
        if (ahead >= 4) await sleep(ahead);
      }
    }
    if (current.failure === "cut") res.destroy();
    else res.end();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    anthropicBaseUrl: `${url}/anthropic`,
    openaiBaseUrl: `${url}/openai/v1`,
    requests,
    script: (...turns) => queue.push(...turns.map((turn, i) => ({ turn, n: i + 1 }))),
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
