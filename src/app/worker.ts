/// <reference lib="webworker" />
// The session worker: owns the session so that nothing a tool does can freeze the page, and so that a
// runaway call can be ended by terminating the worker.
import type { PageToWorker, WorkerToPage } from "@agent/protocol";
import { PlaygroundSession } from "./session";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerToPage) => scope.postMessage(message);
const session = new PlaygroundSession((event) => post({ kind: "event", event }), {
  // The host keeps the latest files: after terminating a stuck worker it starts a new one with them.
  onSnapshot: (files, reason) => post({ kind: "snapshot", files, reason }),
});

scope.onmessage = (message: MessageEvent<PageToWorker>) => {
  const { command } = message.data;
  if (command.type === "ping") post({ kind: "pong", id: command.id });
  session.handle(command);
};
