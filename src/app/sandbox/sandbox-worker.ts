/// <reference lib="webworker" />
// The sandbox worker: the one thread where a learner's code runs in the browser. A sandboxed iframe
// starts it from a Blob (src/app/page/sandbox/frame.ts), so it has the iframe's opaque origin and its
// CSP: no IndexedDB, no cache, no cookies of ours, and no fetch. It gets two ports: one to its host
// (the session or exercise worker, which answers for the workspace) and one the page pings, to see
// whether the learner's code holds this thread.
import { serveSandbox } from "./serve";

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (message: MessageEvent) => {
  const [host, ping] = message.ports;
  if (!host || !ping) return;
  scope.onmessage = null;
  ping.onmessage = (event) => ping.postMessage(event.data);
  serveSandbox(host);
};
