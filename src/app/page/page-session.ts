/**
 * The page's side of the session, without the DOM: what Esc does when a call ignores abort, which of two
 * scenario picks wins, what an export holds and how preferences are kept. main.tsx wires it to the real
 * worker, timers, storage and download; the tests wire it to fakes.
 *
 * What the page itself does to the session (replacing a stuck worker, a notice) goes into the same event
 * stream as the session's own events, so the stores stay a pure fold and an export replays to the same
 * picture.
 */
import { redactSecrets } from "@agent/drivers/redact";
import { exportEvents, type NoticeAbout, type SessionEvent, type SessionEventBody } from "@agent/events";
import type { Scenario } from "@agent/scenario";
import { scenarioFileName } from "@agent/scenario-record";
import type { Confirmations, Question } from "@state/confirmations";
import type { PrefsStore } from "@state/prefs";
import type { SessionStores } from "@state/session-stores";
import { createStore, immediate, type Scheduler } from "@state/store";
import type { UnsavedEdits } from "@state/unsaved-edits";
import type { ScenarioEntry, SessionHandle } from "@ui/session-context";
import type { SessionHost } from "./worker-client";

/**
 * How long a call gets to honour abort before the page replaces the worker. An abort should take effect
 * within 200 ms; timers and rendering add up to ~40 ms, and a call that can see the signal (a sleeping
 * bash loop, a grep walk) ends within ~60 ms in Chromium, so 150 ms leaves room on both sides.
 */
export const ABORT_GRACE_MS = 150;

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PageSessionDeps {
  host: Pick<SessionHost, "send" | "request" | "restart" | "lastSnapshot">;
  stores: SessionStores;
  timers: Timers;
  now: () => number;
  fetchScenario(file: string): Promise<Scenario>;
  /** fetches a scenario by its address (a `?scenario=` link); rejects with one line saying why not */
  fetchScenarioUrl?(url: string): Promise<Scenario>;
  /** the keys the page holds: masked in anything it hands out, should one have got into it */
  secrets?: () => readonly string[];
  loadScenarioList(): Promise<readonly ScenarioEntry[]>;
  /** hands a finished file to the user (the page: a download link) */
  download(name: string, type: string, text: string): void;
  /** the scenario list store's scheduler (the page: once per frame) */
  schedule?: Scheduler;
  /** the questions asked before the learner's work is thrown away (the page: an in-page dialog) */
  confirmations: Confirmations;
  /** the files with unsaved typing in the editor */
  unsaved: UnsavedEdits;
}

/** How long a restart waits for a running run to end after aborting it, before it loads anyway. */
export const RESTART_WAIT_MS = 1000;

/** What would be lost, asked before a reset or a scenario replaces the workspace; null when nothing. */
export function unsavedQuestion(
  paths: readonly string[],
  action: "restart" | "pick" | "reset",
): Question | null {
  return paths.length === 0 ? null : { about: { kind: "unsaved", action, paths: [...paths] } };
}

export type PageSession = Omit<SessionHandle, "prefs" | "selection"> & {
  /** a page event (worker_replaced, notice): stamped and folded like the session's */
  emit(body: SessionEventBody): void;
  /** a notice from the page (numbered with the page's others), in the transcript and the narrator */
  notice(text: string): void;
  /**
   * Opens a `?scenario=<url>` link: asks first when the editor has unsaved edits, then fetches the file
   * and loads it. A link that cannot be fetched or parsed is a notice, and nothing changes. Resolves true
   * when the scenario was sent to the session.
   */
  openScenarioLink(url: string): Promise<boolean>;
  /** a share link being opened: the first visit's own pick waits for it and gives way if it loaded */
  holdFirstPick(opening: Promise<boolean>): void;
  /** a session event from the worker: folded into the stores */
  ingest(event: SessionEvent): void;
};

export function createPageSession(deps: PageSessionDeps): PageSession {
  const { host, stores, timers } = deps;
  // Page events take the seq of the last session event before them: they do not advance its count.
  let lastSeq = 0;
  let notices = 0;
  const emit = (body: SessionEventBody) =>
    stores.ingest({ ...body, seq: lastSeq, ts: deps.now() } as SessionEvent);
  const notice = (text: string, about?: NoticeAbout) =>
    emit({ type: "notice", id: ++notices, text, ...(about ? { about } : {}) });

  const scenarios = createStore<readonly ScenarioEntry[]>([], deps.schedule ?? immediate);
  const scenarioLoading = createStore<string | null>(null, immediate);
  let scenarioRequests = 0;
  /** a link being opened (or opened): the first visit's own pick waits for it and gives way if it loaded */
  let link: Promise<boolean> | null = null;
  deps.loadScenarioList().then(scenarios.set, (error: Error) =>
    notice(`The scenario list could not be loaded: ${error.message}. Reload the page to try again.`, {
      code: "listFailed",
      error: error.message,
    }),
  );

  /** What to ask before unsaved editor work is lost, or null when there is none. */
  function question(action: "restart" | "pick" | "reset"): Question | null {
    return unsavedQuestion(deps.unsaved.getSnapshot(), action);
  }

  /** Aborts a running run and waits (up to RESTART_WAIT_MS) for it to end, so a clean start stays clean. */
  function stopRun(): Promise<void> {
    if (!stores.status.getSnapshot().running) return Promise.resolve();
    abort();
    return new Promise((resolve) => {
      let unsubscribe = () => {};
      const done = () => {
        unsubscribe();
        timers.clearTimeout(timer);
        resolve();
      };
      const timer = timers.setTimeout(done, RESTART_WAIT_MS);
      unsubscribe = stores.status.subscribe(() => {
        if (!stores.status.getSnapshot().running) done();
      });
    });
  }

  function abort() {
    const pending = stores.status.getSnapshot().runningCalls;
    host.send({ type: "abort" });
    if (pending.length === 0) return;
    timers.setTimeout(() => {
      const stuck = stores.status.getSnapshot().runningCalls.filter((id) => pending.includes(id));
      if (stuck.length === 0) return;
      const snapshot = host.lastSnapshot();
      const tools = Object.fromEntries(stores.dispatch.getSnapshot().tools.map((t) => [t.name, t.state]));
      const handlers = Object.fromEntries(
        stores.dispatch.getSnapshot().tools.map((t) => [t.name, t.handler ?? "pi"]),
      );
      // The new worker numbers its events on from the last one the page saw: an export has no two alike.
      const seqFrom = lastSeq;
      // The drill in force goes on in the new worker (a fresh one starts with none).
      const active = stores.drills.getSnapshot().active;
      const drill = active === "off" ? {} : { drill: active };
      host.restart(
        snapshot
          ? {
              type: "init",
              files: snapshot.files,
              tools,
              handlers,
              seqFrom,
              ...drill,
              learnerTools: snapshot.learnerTools,
            }
          : { type: "init", tools, handlers, seqFrom, ...drill },
      );
      const reason = `did not stop within ${ABORT_GRACE_MS} ms of the abort`;
      emit({ type: "worker_replaced", reason, toolCallIds: stuck });
      notice(
        `The running call (${stuck.join(", ")}) ${reason}, because the bash engine cannot check the abort ` +
          "signal in the middle of a command. The page ended the session worker, started a new one and " +
          `restored the workspace ${
            snapshot ? `from the last snapshot (taken after ${snapshot.reason})` : "from the preset"
          }. Anything that call wrote is lost.`,
        {
          code: "workerReplaced",
          calls: stuck.join(", "),
          ms: ABORT_GRACE_MS,
          from: snapshot ? "snapshot" : "preset",
          ...(snapshot ? { reason: snapshot.reason } : {}),
        },
      );
    }, ABORT_GRACE_MS);
  }

  return {
    stores,
    scenarios,
    scenarioLoading,
    emit,
    notice,
    send: (command) => host.send(command),
    readFile: (path) => host.request({ type: "read_file", path }),
    runCompromise: (id) => host.request({ type: "compromise_demo", id }),
    listVolume: () => host.request({ type: "list_volume" }),
    abort,
    confirmations: deps.confirmations,
    unsaved: deps.unsaved,
    async resetFiles() {
      const ask = question("reset");
      if (ask && !(await deps.confirmations.ask(ask))) return false;
      host.send({ type: "reset_workspace", preset: "default" });
      return true;
    },
    async loadScenario(file, options = {}) {
      // The first visit's own pick gives way to a link that loaded; after one that failed it keeps the
      // history, so the sentence saying why stays on the page.
      const linkFailed = options.initial && link ? !(await link) : false;
      if (options.initial && link && !linkFailed) return false;
      // Only a question waits: without one the pick is counted at once (the last pick wins, below).
      const ask = question(options.restart ? "restart" : "pick");
      if (ask && !(await deps.confirmations.ask(ask))) return false;
      // The last pick wins, not the last fetch to finish: the first scenario (loaded on the first visit)
      // arriving after one the user picked meanwhile would otherwise replace it.
      const request = ++scenarioRequests;
      scenarioLoading.set(file);
      try {
        const scenario = await deps.fetchScenario(file);
        if (request === scenarioRequests) await stopRun();
        if (request === scenarioRequests)
          host.send({
            type: "scenario_load",
            scenario,
            keepHistory: options.keepHistory === true || linkFailed,
          });
      } catch (error) {
        if (request === scenarioRequests)
          notice(
            `The scenario ${file} could not be loaded: ${(error as Error).message}. Pick it again to retry.`,
            { code: "loadFailed", file, error: (error as Error).message },
          );
      } finally {
        // A Play pressed from now on reaches the worker after the load, so it plays the scenario picked.
        if (request === scenarioRequests) scenarioLoading.set(null);
      }
      return true;
    },
    openScenarioLink(url) {
      const opening = (async () => {
        const ask = question("pick");
        if (ask && !(await deps.confirmations.ask(ask))) return false;
        const request = ++scenarioRequests;
        scenarioLoading.set(url);
        try {
          if (!deps.fetchScenarioUrl) throw new Error("this page cannot open links");
          const scenario = await deps.fetchScenarioUrl(url);
          if (request !== scenarioRequests) return false;
          await stopRun();
          host.send({ type: "scenario_load", scenario });
          return true;
        } catch (error) {
          notice(
            `The scenario link ${url} could not be opened, so the page kept what it had: ${(error as Error).message}.`,
            { code: "linkFailed", url, error: (error as Error).message },
          );
          return false;
        } finally {
          if (request === scenarioRequests) scenarioLoading.set(null);
        }
      })();
      link = opening;
      return opening;
    },
    holdFirstPick(opening) {
      link = opening;
    },
    async saveScenario() {
      try {
        const scenario = await host.request({ type: "save_scenario" });
        // The session never holds a key; this is the last check before the file leaves the page.
        const text = redactSecrets(`${JSON.stringify(scenario, null, 2)}\n`, deps.secrets?.() ?? []);
        deps.download(scenarioFileName(scenario.title ?? ""), "application/json", text);
      } catch (error) {
        notice(`The conversation could not be saved as a scenario: ${(error as Error).message}.`, {
          code: "saveFailed",
          error: (error as Error).message,
        });
      }
    },
    exportEvents() {
      const stamp = new Date(deps.now()).toISOString().replace(/[:.]/g, "-");
      deps.download(
        `pi-playground-events-${stamp}.jsonl`,
        "application/x-ndjson",
        exportEvents(stores.events.latest().events),
      );
    },
    ingest(event) {
      lastSeq = event.seq;
      stores.ingest(event);
    },
  };
}

export const PREFS_KEY = "pi-playground:prefs";
/** A resize drag changes the columns on every pointermove: storage is written once the changes pause. */
export const PREFS_WRITE_DELAY_MS = 300;

/** Reads the stored preferences (anything: parsePrefs keeps what is valid), or null. */
export function readStoredPrefs(storage: Pick<Storage, "getItem"> | null): unknown {
  try {
    return JSON.parse(storage?.getItem(PREFS_KEY) ?? "null");
  } catch {
    return null;
  }
}

/** Keeps `prefs` in storage, written once changes pause; returns a flush for page hide. */
export function persistPrefs(prefs: PrefsStore, storage: Pick<Storage, "setItem"> | null, timers: Timers) {
  let pending: unknown;
  const write = () => {
    pending = undefined;
    try {
      storage?.setItem(PREFS_KEY, JSON.stringify(prefs.getSnapshot()));
    } catch {
      // private mode or a full quota: the settings just do not survive a reload
    }
  };
  prefs.subscribe(() => {
    if (pending !== undefined) timers.clearTimeout(pending);
    pending = timers.setTimeout(write, PREFS_WRITE_DELAY_MS);
  });
  return () => {
    if (pending === undefined) return;
    timers.clearTimeout(pending);
    write();
  };
}
