/// <reference lib="webworker" />
// The session worker: owns the session so that nothing a tool does can freeze the page, and so that a
// runaway call can be ended by terminating the worker.
import type { PageToWorker } from "@agent/protocol";
import { loadJustBash } from "@backends/memfs/bash/index";
import { idbStore } from "../common/persist/storage";
import { runCompromiseDemo } from "./compromises/run-demo";
import { createEventBatcher } from "./event-batcher";
import { createBrowserImageResizer } from "./image-resizer";
import { createPacer } from "./pacer";
import { createWorkerPersistence, type Restored } from "./persist/worker-persist";
import { Playground } from "./playground";
import { createProviderClient } from "./provider-client";
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
// The session and its features; each command goes to the feature that owns it (playground.ts, commands.ts).
// The learner's code runs in a sandbox the page starts on request (a sandboxed iframe's worker), never on
// this thread: the session reaches it through the port the page hands over (sandbox/link.ts).
let sandboxAnswer: { resolve(port: MessagePort): void; reject(error: Error): void } | undefined;
const askForSandbox = () =>
  new Promise<MessagePort>((resolve, reject) => {
    sandboxAnswer = { resolve, reject };
    post({ kind: "sandbox_request" });
  });

const playground = new Playground(channel.event, {
  complete: provider.complete,
  createTools: (backendOf, queue, wrap) => createPlaygroundTools(backendOf, queue, { imageResizer }, wrap),
  // The host keeps the latest files: after terminating a stuck worker it starts a new one with them.
  // The same moments (after a call that changed files, an editor write, a reset) are when to save. The
  // learner's tool files ride along: a restarted worker registers them again.
  onSnapshot: (files, reason, learnerTools) => {
    post({ kind: "snapshot", files, reason, learnerTools });
    persistence.changed(reason);
  },
  // A scenario step waits for the page to take in what the last one sent (flow control, see pacer.ts).
  pace: (signal) => {
    channel.flush();
    return pacer.caughtUp(signal);
  },
  sandbox: askForSandbox,
});

// The saved workspace (persist/): restored before the session starts, saved after changes.
const persistence = createWorkerPersistence({
  store: idbStore(),
  report: (status) => post({ kind: "persist", status }),
  timers: {
    setTimeout: (run, ms) => setTimeout(run, ms),
    clearTimeout: (handle) => clearTimeout(handle as number),
    now: () => performance.now(),
  },
  current: () => ({ ...playground.share.kept(), breakpoints: playground.debugger.list() }),
});
/** the workspace read back from storage, waiting for init */
let restored: Restored | undefined;
/** while the saved workspace is read back, the page's next messages (init first) wait their turn */
let waiting: PageToWorker[] | undefined;

scope.onmessage = (message: MessageEvent<PageToWorker>) => {
  if (message.data.kind === "sandbox_port") {
    const [port] = message.ports;
    if (port) sandboxAnswer?.resolve(port);
    else sandboxAnswer?.reject(new Error(message.data.error ?? "The page sent no sandbox."));
    sandboxAnswer = undefined;
    return;
  }
  if (waiting) waiting.push(message.data);
  else receive(message.data);
};

function receive(data: PageToWorker) {
  if (data.kind === "persist") {
    if (data.command.type !== "open") return void persistence.command(data.command);
    const queue: PageToWorker[] = [];
    waiting = queue;
    const restore = data.command.restore;
    void persistence.open(data.command).then((found) => {
      restored = found;
      waiting = undefined;
      for (const next of queue) receive(next);
      // A replaced worker's files came with its init: saved now, so the record is as fresh as they are.
      if (!restore) persistence.changed("restart");
    });
    return;
  }
  if (data.kind === "ack") return pacer.acked(data.seq);
  // Answered here, not by the session: a pong only says the thread is free (learner-tools/watchdog.ts).
  if (data.kind === "ping") return post({ kind: "pong", id: data.id });
  if (data.kind === "command" && data.command.type === "init" && restored) {
    const found = restored;
    restored = undefined;
    // This browser's own record: its tools register again without asking, on the handlers they had.
    const learner = found.learner
      ? { learnerTools: found.learner.tools, handlers: found.learner.handlers }
      : {};
    // A record from before there was a choice of pi version was made on 0.73.1.
    void playground.init(
      {
        ...data.command,
        tools: found.tools,
        ...learner,
        ...(found.breakpoints ? { breakpoints: found.breakpoints } : {}),
      },
      found.workspace,
      found.pi ?? "0.73.1",
    );
    return;
  }
  if (data.kind === "command") {
    playground.handle(data.command);
    // Tool states are saved with the files; a change to them needs a save of its own.
    if (
      data.command.type === "set_tool_state" ||
      data.command.type === "set_tool_handler" ||
      data.command.type === "set_pi_version" ||
      data.command.type === "set_breakpoints"
    )
      persistence.changed("tools");
    return;
  }
  if (data.kind === "provider_event" || data.kind === "provider_events") return provider.receive(data);
  if (data.kind === "sandbox_port") return;

  // Most answers are at hand; the next model request waits for the model driver's chunk. "Show me" runs
  // two fresh sessions of its own, never the learner's, so it is answered here and not by the playground.
  const { request } = data;
  void (async () => {
    try {
      const result =
        request.type === "compromise_demo"
          ? await runCompromiseDemo(request.id)
          : await playground.answer(request);
      post({ kind: "reply", id: data.id, result });
    } catch (error) {
      post({ kind: "reply", id: data.id, error: error instanceof Error ? error.message : String(error) });
    }
  })();
}

// The bash engine (~350 KB gzip) is its own chunk. Fetch it in the background once the session is up, so
// neither the first bash call nor a restarted (spare) worker waits for it; a failure here is retried by
// the first bash call, which reports it.
setTimeout(() => {
  loadJustBash().catch(() => {});
}, 1500);
