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

/** The page's end of the channel: a module worker that owns the session, replaceable when stuck. */
export function startSessionWorker(options: SessionHostOptions = {}): SessionHost {
  const spawn = options.spawn ?? spawnWorker;
  const startSandbox = options.sandbox ?? createSandboxFrame;
  /** the current worker's sandbox, once it asked for one: replaced with it */
  let sandbox: SandboxFrame | undefined;
  const spareDelayMs = options.spareDelayMs ?? 1000;
  const scheduleAck = options.scheduleAck ?? ((send: () => void) => setTimeout(send, 0));
  const listeners = new Set<(event: SessionEvent) => void>();
  let snapshot: SessionSnapshot | null = null;
  const persistListeners = new Set<(status: PersistStatus) => void>();
  let opened: Extract<PersistCommand, { type: "open" }> | undefined;
  /** pings sent to the current worker and not yet answered, by id */
  const pings = new Map<number, () => void>();
  let pingCount = 0;
  let worker = spawn();
  let spare: WorkerLike | undefined;
  let spareTimer: ReturnType<typeof setTimeout> | undefined;
  /** requests sent to the current worker and not yet answered, by id */
  const pending = new Map<number, { resolve: (value: never) => void; reject: (error: Error) => void }>();
  let requests = 0;

  const warmSpare = () => {
    if (spareDelayMs < 0 || spare || spareTimer !== undefined) return;
    spareTimer = setTimeout(() => {
      spareTimer = undefined;
      spare ??= spawn();
    }, spareDelayMs);
  };

  /** the current worker's provider requests in flight, by its request id: their aborts */
  let streams = new Map<number, () => void>();

  const attach = (w: WorkerLike) => {
    const mine = new Map<number, () => void>();
    streams = mine;
    // The newest event received from this worker and not yet acknowledged (one acknowledgement per frame).
    let unacked = -1;
    const acknowledge = (seq: number) => {
      const scheduled = unacked >= 0;
      unacked = Math.max(unacked, seq);
      if (scheduled) return;
      scheduleAck(() => {
        const ack = unacked;
        unacked = -1;
        if (w === worker) w.postMessage({ kind: "ack", seq: ack } satisfies PageToWorker);
      });
    };
    w.onmessage = (message: MessageEvent<WorkerToPage>) => {
      // A message from a worker we already replaced must not reach the stores.
      if (w !== worker) return;
      warmSpare();
      const data = message.data;
      if (data.kind === "event") {
        for (const listener of listeners) listener(data.event);
        acknowledge(data.event.seq);
      } else if (data.kind === "events") {
        for (const event of data.events) for (const listener of listeners) listener(event);
        acknowledge(data.events[data.events.length - 1].seq);
      } else if (data.kind === "provider_request" && options.provider) {
        const id = data.id;
        const abort = options.provider.start(data, (reply) => {
          if (w !== worker) return false;
          if (reply.kind === "provider_event" && ["done", "error"].includes(reply.event.type))
            mine.delete(id);
          w.postMessage(reply);
          return true;
        });
        mine.set(id, abort);
      } else if (data.kind === "provider_request") {
        // No provider context on this page: the run ends with that, instead of waiting for the idle limit.
        w.postMessage({
          kind: "provider_event",
          id: data.id,
          event: errorStopEvent(
            data.model,
            "error",
            "Model mode is not available on this page: it has no provider context to hold a key.",
          ),
        } satisfies PageToWorker);
      } else if (data.kind === "provider_abort") {
        mine.get(data.id)?.();
        mine.delete(data.id);
      } else if (data.kind === "snapshot")
        snapshot = {
          files: data.files,
          reason: data.reason,
          ...(data.learnerTools ? { learnerTools: data.learnerTools } : {}),
        };
      else if (data.kind === "persist") for (const listener of persistListeners) listener(data.status);
      else if (data.kind === "sandbox_request")
        startSandbox().then(
          (frame) => {
            // A worker replaced meanwhile needs it no more.
            if (w !== worker) return frame.dispose();
            sandbox?.dispose();
            sandbox = frame;
            w.postMessage({ kind: "sandbox_port" } satisfies PageToWorker, [frame.port]);
          },
          (error: unknown) => {
            const reason = error instanceof Error ? error.message : String(error);
            const answer = `The page could not start the sandbox for your code (${reason}). Reload the page to try again.`;
            if (w === worker) w.postMessage({ kind: "sandbox_port", error: answer } satisfies PageToWorker);
          },
        );
      else if (data.kind === "pong") {
        pings.get(data.id)?.();
        pings.delete(data.id);
      } else if (data.kind === "reply") {
        const waiting = pending.get(data.id);
        pending.delete(data.id);
        if (data.error !== undefined) waiting?.reject(new Error(data.error));
        else waiting?.resolve(data.result as never);
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      const error = e.message || "unknown error";
      const message = `The session worker failed: ${error}. Reload the page to start over.`;
      const about = { code: "workerFailed", error } as const;
      for (const listener of listeners)
        listener({ type: "session_error", message, about, seq: 0, ts: Date.now() } as SessionEvent);
    };
  };
  attach(worker);

  const send = (command: SessionCommand) => {
    // A backend switch to the page's WebContainer hands the worker its end of the channel.
    const port = command.type === "set_backend" ? command.port : undefined;
    worker.postMessage({ kind: "command", command } satisfies PageToWorker, port ? [port] : []);
  };

  return {
    send,
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    request<T extends SessionRequest>(request: T) {
      const id = ++requests;
      return new Promise<SessionReplies[T["type"]]>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ kind: "request", id, request } satisfies PageToWorker);
      });
    },
    lastSnapshot: () => snapshot,
    ping() {
      const id = ++pingCount;
      const answered = new Promise<void>((resolve) => {
        pings.set(id, resolve);
        worker.postMessage({ kind: "ping", id } satisfies PageToWorker);
      });
      return sandbox ? Promise.all([answered, sandbox.ping()]).then(() => {}) : answered;
    },
    restart(init) {
      worker.onmessage = null;
      worker.terminate();
      // The learner's code it ran goes with it, even a loop: the new worker asks for a sandbox of its own.
      sandbox?.dispose();
      sandbox = undefined;
      // Its provider requests have no one to answer to.
      for (const abort of streams.values()) abort();
      // The worker that would have answered is gone; the asker can ask the new one.
      for (const waiting of pending.values())
        waiting.reject(new Error("The session worker was replaced before it answered: ask again."));
      pending.clear();
      // A stuck worker's pings are never answered; the new worker's are new pings.
      pings.clear();
      worker = spare ?? spawn();
      spare = undefined;
      attach(worker);
      // The new worker keeps saving the same workspace, starting from init's files (newer than the record).
      if (opened)
        worker.postMessage({
          kind: "persist",
          command: { ...opened, restore: false },
        } satisfies PageToWorker);
      send(init);
    },
    persist(command) {
      if (command.type === "open") opened = command;
      worker.postMessage({ kind: "persist", command } satisfies PageToWorker);
    },
    onPersist(listener) {
      persistListeners.add(listener);
      return () => persistListeners.delete(listener);
    },
  };
}
