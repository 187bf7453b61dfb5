/// <reference lib="webworker" />
// The session worker: owns the session so that nothing a tool does can freeze the page, and so that a
// runaway call can be ended by terminating the worker.
import type { PageToWorker } from "@agent/protocol";
import { loadJustBash } from "@backends/memfs/bash/index";
import { createEventBatcher } from "./event-batcher";
import { createBrowserImageResizer } from "./image-resizer";
import { createPacer } from "./pacer";
import { createProviderClient } from "./provider-client";
import { PlaygroundSession } from "./session";
import { createPlaygroundTools } from "./tools";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const pacer = createPacer();
const channel = createEventBatcher((message) => {
  if (message.kind === "event") pacer.sent(message.event.seq);
  else if (message.kind === "events") pacer.sent(message.events[message.events.length - 1].seq);
  scope.postMessage(message);
});
const post = channel.post;
// Model mode's requests go to the page, which holds the key; their events come back as provider_event.
const provider = createProviderClient(post);
// read fits large images with the browser's own codecs (createImageBitmap + OffscreenCanvas).
const imageResizer = createBrowserImageResizer();
const session = new PlaygroundSession(channel.event, {
  complete: provider.complete,
  createTools: (workspace, queue) => createPlaygroundTools(workspace, queue, { imageResizer }),
  // The host keeps the latest files: after terminating a stuck worker it starts a new one with them.
  // The learner's tool files ride along: a restarted worker registers them again.
  onSnapshot: (files, reason, learnerTools) => post({ kind: "snapshot", files, reason, learnerTools }),
  // A scenario step waits for the page to take in what the last one sent (flow control, see pacer.ts).
  pace: (signal) => {
    channel.flush();
    return pacer.caughtUp(signal);
  },
});

scope.onmessage = (message: MessageEvent<PageToWorker>) => {
  const data = message.data;
  if (data.kind === "ack") return pacer.acked(data.seq);
  // Answered here, not by the session: a pong only says the thread is free (learner-tools/watchdog.ts).
  if (data.kind === "ping") return post({ kind: "pong", id: data.id });
  if (data.kind === "command") return session.handle(data.command);
  if (data.kind === "provider_event") return provider.receive(data);
  // Most answers are at hand; the next model request waits for the model driver's chunk.
  void (async () => {
    try {
      post({ kind: "reply", id: data.id, result: await session.answer(data.request) });
    } catch (error) {
      post({ kind: "reply", id: data.id, error: error instanceof Error ? error.message : String(error) });
    }
  })();
};

// The bash engine (~350 KB gzip) is its own chunk. Fetch it in the background once the session is up, so
// neither the first bash call nor a restarted (spare) worker waits for it; a failure here is retried by
// the first bash call, which reports it.
setTimeout(() => {
  loadJustBash().catch(() => {});
}, 1500);
