import { createPrefsStore, parsePrefs } from "@state/prefs";
import { createSelectionStore } from "@state/selection";
import { createSessionStores } from "@state/session-stores";
import { createFrameScheduler, createStore, immediate } from "@state/store";
import { App } from "@ui/App/App";
import type { ScenarioEntry, SessionHandle } from "@ui/session-context";
import { SessionContext } from "@ui/session-context";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@ui/styles.css";
import { createAckScheduler } from "./ack-scheduler";
import { fetchScenario, loadScenarioList } from "./scenarios";
import { startSessionWorker } from "./worker-port";

// One render per animation frame however fast the worker talks: every store's notification waits for the
// same frame callback, so React renders and lays out the page once per frame, not once per store.
// The flush runs in a task of its own just after the frame, not inside the frame's callback: React's
// commit and the browser's layout and paint of it then come as two tasks, each well under 50 ms during a
// 10,000-event burst, where one task did both (up to ~90 ms) and input waited for all of it.
const afterFrame = (() => {
  const channel = new MessageChannel();
  const queue: (() => void)[] = [];
  channel.port1.onmessage = () => queue.shift()?.();
  return (run: () => void) =>
    requestAnimationFrame(() => {
      queue.push(run);
      channel.port2.postMessage(null);
    });
})();
// Heavy panels (event list, transcript, timeline) redraw at most every HEAVY_GAP_MS between them.
const HEAVY_GAP_MS = 100;
const perFrame = createFrameScheduler(afterFrame, { heavyGapMs: HEAVY_GAP_MS });
const PREFS_KEY = "pi-playground:prefs";
/**
 * How long a call gets to honour abort before the page replaces the worker. Issue 4 wants an abort to take
 * effect within 200 ms; timers and rendering add up to ~40 ms, and a call that can see the signal (a
 * sleeping bash loop, a grep walk) ends within ~60 ms in Chromium, so 150 ms leaves room on both sides.
 */
const ABORT_GRACE_MS = 150;

// Events are acknowledged once the frame that shows them is drawn: a scenario played with no pauses then
// runs at the pace the page can show it (pacer.ts, ack-scheduler.ts).
const host = startSessionWorker({ scheduleAck: createAckScheduler(document, afterFrame) });
// The event list, transcript and timeline take turns when all three changed (see FrameScheduler.heavy).
const stores = createSessionStores({ capacity: 10_000, schedule: perFrame, heavy: () => perFrame.heavy() });
host.onEvent((event) => {
  perFrame.activity();
  stores.ingest(event);
});

// What the user changes by hand (prefs, the selection) is shown at once, in the same task as the key or
// click: one change at a time needs no batching, and a frame's delay made the page feel (and test) laggy.
const prefs = createPrefsStore(parsePrefs(readStoredPrefs()), immediate);
const applyPrefs = () => {
  const p = prefs.getSnapshot();
  document.documentElement.dataset.theme = p.theme;
  document.documentElement.dataset.projector = String(p.projector);
  try {
    localStorage.setItem(PREFS_KEY, JSON.stringify(p));
  } catch {
    // private mode or a full quota: the settings just do not survive a reload
  }
};
prefs.subscribe(applyPrefs);
applyPrefs();

function readStoredPrefs(): unknown {
  try {
    return JSON.parse(localStorage.getItem(PREFS_KEY) ?? "null");
  } catch {
    return null;
  }
}

const scenarios = createStore<readonly ScenarioEntry[]>([], perFrame);
const scenarioLoading = createStore<string | null>(null, immediate);
let scenarioRequests = 0;
void loadScenarioList().then(scenarios.set, (error: Error) =>
  stores.notice(`The scenario list could not be loaded: ${error.message}`),
);

function abort() {
  const pending = stores.status.getSnapshot().runningCalls;
  host.send({ type: "abort" });
  if (pending.length === 0) return;
  setTimeout(() => {
    const stuck = stores.status.getSnapshot().runningCalls.filter((id) => pending.includes(id));
    if (stuck.length === 0) return;
    const snapshot = host.lastSnapshot();
    const tools = Object.fromEntries(stores.dispatch.getSnapshot().tools.map((t) => [t.name, t.state]));
    host.restart(snapshot ? { type: "init", files: snapshot.files, tools } : { type: "init", tools });
    stores.abandonRunning(Date.now());
    stores.notice(
      `The running call (${stuck.join(", ")}) did not stop within ${ABORT_GRACE_MS} ms of the abort, ` +
        "because the bash engine cannot check the abort signal in the middle of a command. The page ended the " +
        `session worker, started a new one and restored the workspace ${
          snapshot ? `from the last snapshot (taken after ${snapshot.reason})` : "from the preset"
        }. Anything that call wrote is lost.`,
    );
  }, ABORT_GRACE_MS);
}

const session: SessionHandle = {
  stores,
  prefs,
  selection: createSelectionStore(immediate),
  scenarios,
  scenarioLoading,
  send: (command) => host.send(command),
  abort,
  async loadScenario(file) {
    // The last pick wins, not the last fetch to finish: the first scenario (loaded on the first visit)
    // arriving after one the user picked meanwhile would otherwise replace it.
    const request = ++scenarioRequests;
    scenarioLoading.set(file);
    try {
      const scenario = await fetchScenario(file);
      if (request === scenarioRequests) host.send({ type: "scenario_load", scenario });
    } catch (error) {
      if (request === scenarioRequests)
        stores.notice(`The scenario ${file} could not be loaded: ${(error as Error).message}`);
    } finally {
      // A Play pressed from now on reaches the worker after the load, so it plays the scenario picked.
      if (request === scenarioRequests) scenarioLoading.set(null);
    }
  },
  exportEvents() {
    const { events } = stores.events.latest();
    const blob = new Blob([events.map((e) => JSON.stringify(e)).join("\n")], {
      type: "application/x-ndjson",
    });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `pi-playground-events-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  },
};
host.send({ type: "init" });

if (import.meta.env.DEV) (window as unknown as { playground: SessionHandle }).playground = session;

const root = document.getElementById("root");
if (!root) throw new Error('index.html must contain <div id="root">.');
createRoot(root).render(
  <StrictMode>
    <SessionContext.Provider value={session}>
      <App />
    </SessionContext.Provider>
  </StrictMode>,
);
