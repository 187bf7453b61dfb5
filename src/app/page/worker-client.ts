import { errorStopEvent } from "@agent/drivers/provider-errors";
import type { LearnerToolEntry, SessionEvent } from "@agent/events";
import type { PersistCommand, PersistStatus } from "@agent/persist-protocol";
import type {
  PageToWorker,
  SessionCommand,
  SessionPort,
  SessionReplies,
  SessionRequest,
  WorkerToPage,
} from "@agent/protocol";
import type { ScenarioFiles } from "@agent/scenario";
import { isolated } from "@state/store";
import { createSandboxFrame, type SandboxFrame } from "./sandbox/frame";

export interface SessionHost extends SessionPort {
  /** the workspace as of the last completed call, reset or editor write, with the learner's tool files */
  lastSnapshot(): SessionSnapshot | null;
  /**
   * resolves when the current worker answers (its thread is free), and its sandbox too when it has one
   * (the thread the learner's code runs on); never, while either is stuck
   */
  ping(): Promise<void>;
  /**
   * Ends the worker (whatever it is doing) and starts a fresh one. The new session starts from `init`
   * (typically the last snapshot's files), so the page can recover from a call that ignores abort.
   */
  restart(init: Extract<SessionCommand, { type: "init" }>): void;
  /** the saved workspace's commands (an `open` is sent again, without restoring, to a replacing worker) */
  persist(command: PersistCommand): void;
  onPersist(listener: (status: PersistStatus) => void): () => void;
}

/** What a worker last said the session holds: enough to start a new worker where this one was. */
export interface SessionSnapshot {
  files: ScenarioFiles;
  reason: string;
  learnerTools?: LearnerToolEntry[];
}

/** The part of a Worker the host uses (tests pass a fake). */
export type WorkerLike = Pick<Worker, "postMessage" | "terminate" | "onmessage" | "onerror">;

export interface SessionHostOptions {
  spawn?: () => WorkerLike;
  /**
   * How long after the current worker first answers a spare one is started. Loading the worker's code
   * and building a session takes about half a second in Chromium; a spare that is already loaded makes a
   * restart after a stuck call answer at once instead. Negative: no spare.
   */
  spareDelayMs?: number;
  /**
   * When to acknowledge received events (flow control: a playing scenario waits for it before its next
   * step, see pacer.ts). The page passes "after the next frame has been drawn"; the default is the next task.
   */
  scheduleAck?: (send: () => void) => void;
  /** model mode: the context that holds the key and makes the worker's provider requests (the page) */
  provider?: ProviderContext;
  /** sees every command on its way to the worker (the page remembers the scenario it loads) */
  onSend?: (command: SessionCommand) => void;
  /** starts a sandbox for the learner's code when a worker asks for one (a sandboxed iframe by default) */
  sandbox?: () => Promise<SandboxFrame>;
}

/** Makes one provider request for the worker; `reply` is false once that worker is gone. Returns its abort. */
export interface ProviderContext {
  start(
    request: Extract<WorkerToPage, { kind: "provider_request" }>,
    reply: (message: PageToWorker) => boolean,
  ): () => void;
}

function spawnWorker(): WorkerLike {
  return new Worker(new URL("../worker/worker.ts", import.meta.url), { type: "module", name: "pi-session" });
}

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };

/**
 * The page's end of the channel: a module worker that owns the session, replaceable when stuck. Every
 * message from a worker already replaced is dropped, so a stuck worker's late words never reach the stores.
 */
class SessionWorkerClient implements SessionHost {
  private readonly spawn: () => WorkerLike;
  private readonly spareDelayMs: number;
  private readonly scheduleAck: (send: () => void) => void;
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private readonly persistListeners = new Set<(status: PersistStatus) => void>();
  private snapshot: SessionSnapshot | null = null;
  /** the saved workspace this page opened: a replacing worker is told to keep saving it */
  private opened: Extract<PersistCommand, { type: "open" }> | undefined;
  /** pings sent to the current worker and not yet answered, by id */
  private readonly pings = new Map<number, () => void>();
  private pingCount = 0;
  /** requests sent to the current worker and not yet answered, by id */
  private readonly pending = new Map<number, Pending>();
  private requests = 0;
  /** the current worker's provider requests in flight, by its request id: their aborts */
  private streams = new Map<number, () => void>();
  private worker: WorkerLike;
  private spare: WorkerLike | undefined;
  private spareTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly startSandbox: () => Promise<SandboxFrame>;
  /** the current worker's sandbox, once it asked for one: replaced with it */
  private sandbox: SandboxFrame | undefined;

  constructor(private readonly options: SessionHostOptions = {}) {
    this.spawn = options.spawn ?? spawnWorker;
    this.spareDelayMs = options.spareDelayMs ?? 1000;
    this.scheduleAck = options.scheduleAck ?? ((send: () => void) => setTimeout(send, 0));
    this.startSandbox = options.sandbox ?? createSandboxFrame;
    this.worker = this.spawn();
    this.attach(this.worker);
  }

  send(command: SessionCommand) {
    this.options.onSend?.(command);
    // A backend switch to the page's WebContainer hands the worker its end of the channel.
    const port = command.type === "set_backend" ? command.port : undefined;
    this.worker.postMessage({ kind: "command", command } satisfies PageToWorker, port ? [port] : []);
  }

  onEvent(listener: (event: SessionEvent) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  request<T extends SessionRequest>(request: T) {
    const id = ++this.requests;
    return new Promise<SessionReplies[T["type"]]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ kind: "request", id, request } satisfies PageToWorker);
    });
  }

  lastSnapshot() {
    return this.snapshot;
  }

  ping() {
    const id = ++this.pingCount;
    const answered = new Promise<void>((resolve) => {
      this.pings.set(id, resolve);
      this.worker.postMessage({ kind: "ping", id } satisfies PageToWorker);
    });
    return this.sandbox ? Promise.all([answered, this.sandbox.ping()]).then(() => {}) : answered;
  }

  restart(init: Extract<SessionCommand, { type: "init" }>) {
    this.worker.onmessage = null;
    this.worker.terminate();
    // The learner's code it ran goes with it, even a loop: the new worker asks for a sandbox of its own.
    this.sandbox?.dispose();
    this.sandbox = undefined;
    // Its provider requests have no one to answer to.
    for (const abort of this.streams.values()) abort();
    // The worker that would have answered is gone; the asker can ask the new one.
    for (const waiting of this.pending.values())
      waiting.reject(new Error("The session worker was replaced before it answered: ask again."));
    this.pending.clear();
    // A stuck worker's pings are never answered; the new worker's are new pings.
    this.pings.clear();
    this.worker = this.spare ?? this.spawn();
    this.spare = undefined;
    this.attach(this.worker);
    // The new worker keeps saving the same workspace, starting from init's files (newer than the record).
    if (this.opened)
      this.worker.postMessage({
        kind: "persist",
        command: { ...this.opened, restore: false },
      } satisfies PageToWorker);
    this.send(init);
  }

  persist(command: PersistCommand) {
    if (command.type === "open") this.opened = command;
    this.worker.postMessage({ kind: "persist", command } satisfies PageToWorker);
  }

  onPersist(listener: (status: PersistStatus) => void) {
    this.persistListeners.add(listener);
    return () => this.persistListeners.delete(listener);
  }

  private warmSpare() {
    if (this.spareDelayMs < 0 || this.spare || this.spareTimer !== undefined) return;
    this.spareTimer = setTimeout(() => {
      this.spareTimer = undefined;
      this.spare ??= this.spawn();
    }, this.spareDelayMs);
  }

  private attach(w: WorkerLike) {
    const streams = new Map<number, () => void>();
    this.streams = streams;
    // The newest event received from this worker and not yet acknowledged (one acknowledgement per frame).
    let unacked = -1;
    const acknowledge = (seq: number) => {
      const scheduled = unacked >= 0;
      unacked = Math.max(unacked, seq);
      if (scheduled) return;
      this.scheduleAck(() => {
        const ack = unacked;
        unacked = -1;
        if (w === this.worker) w.postMessage({ kind: "ack", seq: ack } satisfies PageToWorker);
      });
    };
    w.onmessage = (message: MessageEvent<WorkerToPage>) => {
      // A message from a worker we already replaced must not reach the stores.
      if (w !== this.worker) return;
      this.warmSpare();
      const data = message.data;
      if (data.kind === "event") {
        this.deliver([data.event]);
        acknowledge(data.event.seq);
      } else if (data.kind === "events") {
        this.deliver(data.events);
        acknowledge(data.events[data.events.length - 1].seq);
      } else if (data.kind === "provider_request") this.startProvider(w, streams, data);
      else if (data.kind === "provider_abort") {
        streams.get(data.id)?.();
        streams.delete(data.id);
      } else if (data.kind === "sandbox_request") this.startSandboxFor(w);
      else this.answer(data);
    };
    w.onerror = (e) => {
      e.preventDefault();
      const error = e.message || "unknown error";
      const message = `The session worker failed: ${error}. Reload the page to start over.`;
      const about = { code: "workerFailed", error } as const;
      this.deliver([{ type: "session_error", message, about, seq: 0, ts: Date.now() } as SessionEvent]);
    };
  }

  private deliver(events: readonly SessionEvent[]) {
    // A listener that throws on one event must not cost the others (or the rest of the batch) theirs.
    for (const event of events) for (const listener of this.listeners) isolated(() => listener(event));
  }

  /** A model request from worker `w`: the provider context makes it, and its answers go back while `w` lives. */
  private startProvider(
    w: WorkerLike,
    streams: Map<number, () => void>,
    request: Extract<WorkerToPage, { kind: "provider_request" }>,
  ) {
    const { id } = request;
    if (!this.options.provider) {
      // No provider context on this page: the run ends with that, instead of waiting for the idle limit.
      w.postMessage({
        kind: "provider_event",
        id,
        event: errorStopEvent(
          request.model,
          "error",
          "Model mode is not available on this page: it has no provider context to hold a key.",
        ),
      } satisfies PageToWorker);
      return;
    }
    const abort = this.options.provider.start(request, (reply) => {
      if (w !== this.worker) return false;
      if (reply.kind === "provider_event" && ["done", "error"].includes(reply.event.type)) streams.delete(id);
      w.postMessage(reply);
      return true;
    });
    streams.set(id, abort);
  }

  /** Worker `w` runs a learner's code: a sandboxed frame of its own, whose port goes to `w` while it lives. */
  private startSandboxFor(w: WorkerLike) {
    this.startSandbox().then(
      (frame) => {
        // A worker replaced meanwhile needs it no more.
        if (w !== this.worker) return frame.dispose();
        this.sandbox?.dispose();
        this.sandbox = frame;
        w.postMessage({ kind: "sandbox_port" } satisfies PageToWorker, [frame.port]);
      },
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        const answer = `The page could not start the sandbox for your code (${reason}). Reload the page to try again.`;
        if (w === this.worker) w.postMessage({ kind: "sandbox_port", error: answer } satisfies PageToWorker);
      },
    );
  }

  /** The worker's other messages: a snapshot, the saved workspace's status, a pong, a reply. */
  private answer(data: WorkerToPage) {
    if (data.kind === "snapshot")
      this.snapshot = {
        files: data.files,
        reason: data.reason,
        ...(data.learnerTools ? { learnerTools: data.learnerTools } : {}),
      };
    else if (data.kind === "persist") for (const listener of this.persistListeners) listener(data.status);
    else if (data.kind === "pong") {
      this.pings.get(data.id)?.();
      this.pings.delete(data.id);
    } else if (data.kind === "reply") {
      const waiting = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (data.error !== undefined) waiting?.reject(new Error(data.error));
      else waiting?.resolve(data.result as never);
    }
  }
}

/** Starts the session worker (the client spawns it at once) and returns the page's end of its channel. */
export function startSessionWorker(options: SessionHostOptions = {}): SessionHost {
  return new SessionWorkerClient(options);
}
