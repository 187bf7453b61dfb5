/**
 * One end of the channel between a host (the session worker, the exercise worker) and the sandbox that
 * runs the learner's code. Both ends are the same class: either side can call the other, so the host
 * calls a tool's execute, and that execute calls back for a file of the workspace. A call can stream
 * updates to its caller (a tool's onUpdate) and be aborted by it (a tool's signal). Only data crosses:
 * a value that cannot be copied fails the call that carries it, with the reason.
 */
import { decodeThrown, encodeThrown, type WireError } from "./wire-error";

/** A MessagePort, or anything that posts and receives like one (Node's, in tests). */
export interface PortLike {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent) => void) | null;
  close?(): void;
}

export type Wire =
  | { t: "call"; id: number; op: string; args: unknown }
  /** a partial result for the caller's call `id` */
  | { t: "update"; id: number; value: unknown }
  /** the caller gave up on its call `id` (its signal aborted) */
  | { t: "abort"; id: number }
  | { t: "done"; id: number; value: unknown }
  | { t: "fail"; id: number; error: WireError };

export interface ServeContext {
  signal: AbortSignal;
  /** sends a partial result to the caller; throws when it cannot be copied */
  update(value: unknown): void;
}

// biome-ignore lint/suspicious/noExplicitAny: each handler declares its own argument type
export type Handler = (args: any, context: ServeContext) => unknown;

export interface CallOptions {
  signal?: AbortSignal;
  onUpdate?: (value: unknown) => void;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: unknown): void;
  onUpdate?: (value: unknown) => void;
  cleanup(): void;
}

export class RpcPeer {
  private next = 0;
  private readonly waiting = new Map<number, Waiting>();
  private readonly serving = new Map<number, AbortController>();
  private closedWith: Error | undefined;

  constructor(
    private readonly port: PortLike,
    private readonly handlers: Record<string, Handler>,
  ) {
    port.onmessage = (event) => this.receive(event.data as Wire);
  }

  get closed() {
    return this.closedWith !== undefined;
  }

  call<T>(op: string, args: unknown, options: CallOptions = {}): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    const id = ++this.next;
    const { signal, onUpdate } = options;
    return new Promise<T>((resolve, reject) => {
      const abort = () => this.post({ t: "abort", id });
      const cleanup = () => signal?.removeEventListener("abort", abort);
      try {
        this.port.postMessage({ t: "call", id, op, args } satisfies Wire);
      } catch (error) {
        reject(uncopyable(error, "its arguments"));
        return;
      }
      this.waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, onUpdate, cleanup });
      if (signal?.aborted) abort();
      else signal?.addEventListener("abort", abort, { once: true });
    });
  }

  /** Ends the channel: every call waiting for an answer fails with `reason`, every call served is aborted. */
  close(reason: Error) {
    if (this.closedWith) return;
    this.closedWith = reason;
    this.port.onmessage = null;
    this.port.close?.();
    for (const waiting of this.waiting.values()) {
      waiting.cleanup();
      waiting.reject(reason);
    }
    this.waiting.clear();
    for (const controller of this.serving.values()) controller.abort(reason);
    this.serving.clear();
  }

  private receive(message: Wire) {
    if (message.t === "call") return void this.serve(message);
    if (message.t === "abort") return this.serving.get(message.id)?.abort();
    const waiting = this.waiting.get(message.id);
    if (!waiting) return;
    if (message.t === "update") return waiting.onUpdate?.(message.value);
    this.waiting.delete(message.id);
    waiting.cleanup();
    if (message.t === "done") waiting.resolve(message.value);
    else waiting.reject(decodeThrown(message.error));
  }

  private async serve(message: Extract<Wire, { t: "call" }>) {
    const { id, op } = message;
    const handler = Object.hasOwn(this.handlers, op) ? this.handlers[op] : undefined;
    const controller = new AbortController();
    this.serving.set(id, controller);
    const update = (value: unknown) => {
      if (this.closedWith || !this.serving.has(id)) return;
      try {
        this.port.postMessage({ t: "update", id, value } satisfies Wire);
      } catch (error) {
        throw uncopyable(error, "its update");
      }
    };
    try {
      if (!handler) throw new Error(`The other side of the sandbox channel has no "${op}".`);
      const value = await handler(message.args, { signal: controller.signal, update });
      if (!this.serving.delete(id) || this.closedWith) return;
      try {
        this.port.postMessage({ t: "done", id, value } satisfies Wire);
      } catch (error) {
        this.post({ t: "fail", id, error: encodeThrown(uncopyable(error, "its answer")) });
      }
    } catch (error) {
      if (this.serving.delete(id)) this.post({ t: "fail", id, error: encodeThrown(error) });
    }
  }

  private post(message: Wire) {
    if (this.closedWith) return;
    try {
      this.port.postMessage(message);
    } catch {
      // Only an abort or an error report gets here; both hold plain data.
    }
  }
}

/** A DataCloneError in words: what could not cross, and what can. */
function uncopyable(error: unknown, what: string): Error {
  const detail = error instanceof Error ? error.message : String(error);
  return new Error(
    `The call could not send ${what} across the sandbox boundary (${detail}): only plain data crosses it (no functions, class instances or signals).`,
  );
}
