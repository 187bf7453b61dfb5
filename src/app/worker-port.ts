import type { SessionEvent } from "@agent/events";
import type { PageToWorker, SessionCommand, SessionPort, WorkerToPage } from "@agent/protocol";

/** The page's end of the channel: a module worker that owns the session. */
export function startSessionWorker(): SessionPort & { worker: Worker } {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "pi-session" });
  const listeners = new Set<(event: SessionEvent) => void>();
  worker.onmessage = (message: MessageEvent<WorkerToPage>) => {
    if (message.data.kind === "event") for (const listener of listeners) listener(message.data.event);
  };
  return {
    worker,
    send(command: SessionCommand) {
      worker.postMessage({ kind: "command", command } satisfies PageToWorker);
    },
    onEvent(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
