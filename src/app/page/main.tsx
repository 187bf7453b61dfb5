import { createConfirmations } from "@state/confirmations";
import { createPrefsStore, parsePrefs } from "@state/prefs";
import { createSelectionStore } from "@state/selection";
import { createSessionStores } from "@state/session-stores";
import { createFrameScheduler, immediate } from "@state/store";
import { createUnsavedEdits } from "@state/unsaved-edits";
import { App } from "@ui/App/App";
import { createI18n, I18nextProvider, loadLanguage, loadNamespaces } from "@ui/i18n";
import { type Language, pickLanguage } from "@ui/i18n/languages";
import { ReplaySession } from "@ui/Replay/ReplaySession";
import { type PageHandles, SessionProviders } from "@ui/SessionProviders/SessionProviders";
import { linkQuestion } from "@ui/Share/link-question";
import { UpdateContext } from "@ui/UpdateNotice/UpdateNotice";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "@ui/styles.css";
import { redactSecrets } from "@agent/drivers/redact";
import { idbStore } from "../common/persist/storage";
import { createAckScheduler } from "./ack-scheduler";
import { createPageBackendPicker } from "./backend-page-browser";
import { embedFromQuery } from "./embed/query";
import { createEventsReplay } from "./events-import";
import { createLearnerToolsHandle } from "./learner-tools/page-tools";
import { createWatchdog } from "./learner-tools/watchdog";
import { createExercisesHandle } from "./lessons/page-exercises";
import { createLoadedScenario } from "./loaded-scenario";
import { PageSession } from "./page-session";
import { browserTabs, PagePersistence } from "./persist/page-persist";
import { piVersionFromQuery } from "./pi-query";
import { persistPrefs, readStoredPrefs } from "./prefs-storage";
import { createModelHandle } from "./provider-page";
import { createScenarioLinks } from "./scenario-link";
import { createScenarioMemory } from "./scenario-memory";
import { fetchScenario, fetchScenarioUrl, loadScenarioList } from "./scenarios";
import { registerServiceWorker } from "./service-worker";
import { createLazyShareHandle } from "./share/share-lazy";
import { createCompareHandle } from "./side-by-side/compare-page";
import { startSessionWorker } from "./worker-client";

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
const timers = {
  setTimeout: (run: () => void, ms: number) => window.setTimeout(run, ms),
  clearTimeout: (handle: unknown) => window.clearTimeout(handle as number),
};
// `?embed=` makes the page a widget inside another page's iframe (docs/embedding.md). A widget never
// touches what the learner keeps for the page itself: no settings, language or workspace is read or saved.
const embed = embedFromQuery(window.location.search);
const storage = (() => {
  if (embed) return null;
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled: the settings just do not survive a reload
  }
})();

// Model mode's provider context: the key and the requests that carry it stay here, never in the worker.
const model = createModelHandle(storage);
// Events are acknowledged once the frame that shows them is drawn: a scenario played with no pauses then
// runs at the pace the page can show it (pacer.ts, ack-scheduler.ts).
// Every scenario load passes loadedScenario, wherever it came from: Restart loads the last one again.
const loadedScenario = createLoadedScenario();
const host = startSessionWorker({
  scheduleAck: createAckScheduler(document, afterFrame),
  provider: model.provider,
  onSend: (command) => loadedScenario.sent(command),
});
// The event list, transcript and timeline take turns when all three changed (see FrameScheduler.heavy).
const stores = createSessionStores({ capacity: 10_000, schedule: perFrame, heavy: () => perFrame.heavy() });
const page = new PageSession({
  host,
  stores,
  timers,
  now: Date.now,
  fetchScenario,
  fetchScenarioUrl,
  loadedScenario: loadedScenario.last,
  secrets: model.secrets,
  loadScenarioList,
  schedule: perFrame,
  confirmations: createConfirmations(),
  unsaved: createUnsavedEdits(),
  download,
});
function download(name: string, type: string, data: string | Uint8Array) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([data as BlobPart], { type }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}
host.onEvent((event) => {
  perFrame.activity();
  page.ingest(event);
});
// A learner's tool that holds the worker's thread is ended like a bash command that ignores Esc.
const watchdog = createWatchdog({
  host,
  stores,
  timers,
  now: Date.now,
  emit: (body) => page.emit(body),
  notice: (text) => page.notice(text),
});

// What the user changes by hand (prefs, the selection) is shown at once, in the same task as the key or
// click: one change at a time needs no batching, and a frame's delay made the page feel (and test) laggy.
const prefs = createPrefsStore(
  parsePrefs(embed ? { theme: embed.theme ?? undefined } : readStoredPrefs(storage)),
  immediate,
);
const showPrefs = () => {
  const p = prefs.getSnapshot();
  document.documentElement.dataset.theme = p.theme;
  document.documentElement.dataset.projector = String(p.projector);
};
prefs.subscribe(showPrefs);
showPrefs();
const savePrefs = persistPrefs(prefs, storage, timers);
window.addEventListener("pagehide", savePrefs);

// The page's language: the learner's last pick, else the browser's preferences (docs/i18n.md).
const LANGUAGE_KEY = "pi-playground.language";
const i18n = createI18n(
  pickLanguage(embed ? embed.language : storage?.getItem(LANGUAGE_KEY), navigator.languages),
);
// English comes with the page; another language's strings are a chunk of their own, fetched now, in
// parallel with the worker's start. The first render and the workspace's first name wait for them (a short
// blank, never a flash of English); if they cannot be fetched the page goes on in English.
const languageReady = loadLanguage(i18n, i18n.language as Language).catch(() => {});
const showLanguage = (language: string) => {
  document.documentElement.lang = language;
};
showLanguage(i18n.language);
i18n.on("languageChanged", (language) => {
  showLanguage(language);
  try {
    storage?.setItem(LANGUAGE_KEY, language);
  } catch {
    // private mode or a full quota: the choice just does not survive a reload
  }
});

// The saved workspace (docs/persistence.md): which one this tab opens and whether it may save it. The
// worker restores it before the session starts, so `init` waits for this; the workspace's own files then
// replace the first visit's scenario, which is not loaded over them.
const persistence = new PagePersistence({
  store: idbStore(),
  host,
  locks: navigator.locks,
  tabs: browserTabs(),
  tab: (() => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  })(),
  shared: storage,
  reload: () => window.location.reload(),
  now: Date.now,
  newId: () => `w-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  storage: navigator.storage,
  confirmations: page.confirmations,
  resetFiles: () => page.resetFiles(),
  hasUnsavedEdits: () => page.unsaved.getSnapshot().length > 0,
  t: (key, values) => i18n.t(key, { ns: "workspaces", ...values }),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
});
// Which scenario each workspace had: after a reload restores one, the player names it (not replayed
// over the restored files).
const scenarioMemory = createScenarioMemory({
  storage,
  workspace: persistence.view,
  status: stores.status,
  scenarios: page.scenarios,
});
// `?pi=` picks the version the session starts on (over a saved workspace's own).
const piQuery = piVersionFromQuery(window.location.search);
const started = languageReady
  .then(() => (embed ? undefined : persistence.start()))
  .catch(() => {})
  .then(() => {
    host.send({ type: "init", ...(piQuery.kind === "version" ? { piVersion: piQuery.version } : {}) });
    if (piQuery.kind === "unknown") {
      const { value, known } = piQuery;
      const say = () =>
        page.notice(
          `The address asks for pi ${value}, which the playground cannot imitate, so the page ignored it. Use ?pi= with one of: ${known}.`,
          { code: "unknownPiVersion", value, known },
        );
      say();
      // A first visit's scenario starts the conversation afresh, notices included, whenever it arrives:
      // the address's notice is said again after that first clear (once).
      const off = host.onEvent((event) => {
        if (event.type !== "session_cleared") return;
        off();
        say();
      });
    }
  });
// A save waiting for its delay is made now: the tab may be closing (best effort: a reload can end the
// worker before the write lands, which the indicator shows as "saving…").
const flushOnHide = () => host.persist({ type: "flush", token: 0 });
window.addEventListener("pagehide", flushOnHide);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") flushOnHide();
});

// A link's tool files are offered here and wait for the learner's Accept.
const learnerTools = createLearnerToolsHandle({ host, watchdog });

const backends = createPageBackendPicker(
  (command) => host.send(command),
  (request) => host.request(request),
);
const handles: PageHandles = {
  session: page.handle(persistence.resetToPreset),
  // A restored workspace is what the learner left: the first visit's scenario is not loaded over it.
  scenarios: page.scenariosHandle(scenarioMemory.restored, (file, options) =>
    options?.initial && persistence.view.getSnapshot().restore?.kind === "restored"
      ? Promise.resolve(false)
      : // A widget's first scenario is the one its address names.
        page.loadScenario(options?.initial && embed?.scenario ? embed.scenario : file, options),
  ),
  prefs,
  selection: createSelectionStore(immediate),
  confirmations: page.confirmations,
  unsaved: page.unsaved,
  workspaces: persistence.handle,
  // Files in and out and share links: nothing reaches the session before it passed every check.
  share: createLazyShareHandle({
    host,
    paths: () => stores.files.getSnapshot().paths,
    redact: (text) => redactSecrets(text, model.secrets()),
    download,
    pageUrl: () => window.location.href,
    scenarioLoading: page.scenarioLoading,
    holdFirstPick: (opening) => page.holdFirstPick(opening),
    offerTools: learnerTools.offer,
    // A link opened as a new workspace waits here while the page reloads into that workspace.
    tab: (() => {
      try {
        return window.sessionStorage;
      } catch {
        return null;
      }
    })(),
  }),
  backends,
  // "Compare backends": fresh sessions in a worker of their own, never the learner's session.
  compare: createCompareHandle({
    fetchScenario,
    loadedScenario: () => host.request({ type: "share_state" }).then((state) => state.scenario),
    currentFiles: () => host.lastSnapshot()?.files,
    picker: backends,
    preview: model.provider.preview,
  }),
  learnerTools,
  exercises: createExercisesHandle({ check: (source) => host.request({ type: "compile_tool", source }) }),
  // An events file shown in the panels: folded into stores of its own, the live ones untouched.
  replay: createEventsReplay({
    createStores: () =>
      createSessionStores({ capacity: 10_000, schedule: perFrame, heavy: () => perFrame.heavy() }),
    secrets: model.secrets,
    // A pi session file's call run again on the learner's workspace, to compare with pi's answer.
    rerun: (call) => import("./pi-session/rerun").then((m) => m.rerunCall(host, call)),
    loadScenario: (scenario) => host.send({ type: "scenario_load", scenario }),
  }),
  model: {
    ...model.handle,
    // The session builds the next request; the provider context has pi-ai turn it into the exact body.
    preview: (choice) => host.request({ type: "model_request", model: choice }).then(model.provider.preview),
  },
};
// Each real request's body (key masked) becomes a page event, so the Request tab is a fold like the rest.
model.provider.onSent((sent) => page.emit({ type: "model_request_sent", ...sent }));

// A presenter's link (`?scenario=<url>`) opens that scenario in place of the first one; so does going
// back or forward to such a link in the same page. Over the learner's work it asks first, as a share link
// does (scenario-link.ts).
const tabStorage = (() => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
})();
const scenarioLinks = createScenarioLinks({
  open: (url, consent) => page.openScenarioLink(url, consent),
  address: {
    search: () => window.location.search,
    replace: (search) =>
      window.history.replaceState(
        window.history.state,
        "",
        window.location.pathname + search + window.location.hash,
      ),
  },
  restored: () => {
    const restore = persistence.view.getSnapshot().restore;
    return restore === null ? null : restore.kind === "restored";
  },
  onRestore: (listener) => persistence.view.subscribe(listener),
  workspaces: {
    names: () => persistence.view.getSnapshot().list.map((w) => w.name),
    create: persistence.handle.create,
  },
  question: (summary, canOpenAsNew) =>
    linkQuestion((key, values) => i18n.t(key, { ns: "share", ...values }), summary, canOpenAsNew),
  choose: page.confirmations.choose,
  newName: () => i18n.t("open.newName", { ns: "share" }),
  flush: persistence.flush,
  presetFiles: () => import("../common/presets/index").then((p) => p.PRESETS.default ?? {}),
  currentFiles: () => host.request({ type: "share_state" }).then((state) => state.files),
  tab: tabStorage,
  setTimeout: (run, ms) => window.setTimeout(run, ms),
});
if (!embed) {
  void started.then(() => {
    void scenarioLinks.openKept();
    void scenarioLinks.openFromAddress(false);
  });
  window.addEventListener("popstate", () => void scenarioLinks.openFromAddress(true));
}

if (import.meta.env.DEV) (window as unknown as { playground: PageHandles }).playground = handles;

// Offline after the first visit; a new deployment waits for the learner's Reload (docs/offline.md).
const update = registerServiceWorker(`${import.meta.env.BASE_URL}sw.js`);

const root = document.getElementById("root");
if (!root) throw new Error('index.html must contain <div id="root">.');
if (embed)
  void Promise.all([import("./embed/embed-page"), loadNamespaces(["embed"]), languageReady]).then(([m]) =>
    m.startEmbedPage({
      query: embed,
      handles,
      i18n,
      root: createRoot(root),
      onEvent: (listener) => host.onEvent(listener),
      send: (command) => host.send(command),
      load: (file) => void page.loadScenario(file),
      restart: () => void page.loadScenario("", { restart: true }),
    }),
  );
else
  void languageReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <SessionProviders handles={handles}>
            <UpdateContext.Provider value={update}>
              <ReplaySession>
                <App />
              </ReplaySession>
            </UpdateContext.Provider>
          </SessionProviders>
        </I18nextProvider>
      </StrictMode>,
    ),
  );
