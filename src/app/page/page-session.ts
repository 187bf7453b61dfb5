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
import type { SessionCommand } from "@agent/protocol";
import type { Scenario } from "@agent/scenario";
import { scenarioFileName } from "@agent/scenario-record";
import type { Confirmations, Question } from "@state/confirmations";
import type { SessionStores } from "@state/session-stores";
import { createStore, immediate, type Scheduler, type WritableStore } from "@state/store";
import type { UnsavedEdits } from "@state/unsaved-edits";
import type { ScenarioEntry, ScenariosHandle, SessionHandle } from "@ui/session-context";
import { createRunningCallNames, learnerToolsAmong } from "./stuck-calls";
import type { SessionHost } from "./worker-client";

/**
 * How long a call gets to honour abort before the page looks at why it has not. An abort should take
 * effect within 200 ms; a call that can see the signal (a sleeping bash loop, a grep walk) ends within
 * ~60 ms in Chromium. If by then the worker has not even answered a ping, its thread is busy (a CPU loop the
 * bash engine cannot interrupt, a learner's tool spinning): the page replaces the worker at once.
 */
export const ABORT_GRACE_MS = 150;

/**
 * How long a call whose worker is free gets to end after an abort. A free thread means the call can still
 * see the signal, only slowly (a loaded machine delays every step between the abort and the call's end
 * event); a call still running after this long ignores the signal (a learner's tool awaiting forever).
 */
export const ABORT_DEADLINE_MS = 2_000;

export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface PageSessionDeps {
  host: Pick<SessionHost, "send" | "request" | "restart" | "lastSnapshot" | "ping">;
  stores: SessionStores;
  timers: Timers;
  now: () => number;
  fetchScenario(file: string): Promise<Scenario>;
  /** the scenario the session loaded last, wherever it came from: Restart loads it again */
  loadedScenario?: () => Scenario | null;
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

type Action = "restart" | "pick" | "reset";
type LoadOptions = Parameters<ScenariosHandle["loadScenario"]>[1];

export class PageSession {
  readonly stores: SessionStores;
  readonly confirmations: Confirmations;
  readonly unsaved: UnsavedEdits;
  /** the scenarios shipped with the page (loaded once) */
  readonly scenarios: WritableStore<readonly ScenarioEntry[]>;
  /** the scenario file being fetched after a pick, or null: Play waits for it */
  readonly scenarioLoading = createStore<string | null>(null, immediate);
  private readonly host: PageSessionDeps["host"];
  // Page events take the seq of the last session event before them: they do not advance its count.
  private lastSeq = 0;
  private notices = 0;
  /** the last pick wins, not the last fetch to finish */
  private scenarioRequests = 0;
  /** a link being opened (or opened): the first visit's own pick waits for it and gives way if it loaded */
  private link: Promise<boolean> | null = null;
  /** which tool each running call is: an Esc that cannot stop a learner's tool says so, not bash's reason */
  private readonly callNames = createRunningCallNames();

  constructor(private readonly deps: PageSessionDeps) {
    this.host = deps.host;
    this.stores = deps.stores;
    this.confirmations = deps.confirmations;
    this.unsaved = deps.unsaved;
    this.scenarios = createStore<readonly ScenarioEntry[]>([], deps.schedule ?? immediate);
    deps.loadScenarioList().then(this.scenarios.set, (error: Error) =>
      this.notice(`The scenario list could not be loaded: ${error.message}. Reload the page to try again.`, {
        code: "listFailed",
        error: error.message,
      }),
    );
  }

  /** What the components get of the session (src/ui/session-context.ts); `resetFiles` is the page's. */
  handle(resetFiles: () => Promise<boolean>): SessionHandle {
    return {
      stores: this.stores,
      send: (command) => this.send(command),
      abort: () => this.abort(),
      readFile: (path) => this.host.request({ type: "read_file", path }),
      listVolume: () => this.host.request({ type: "list_volume" }),
      runCompromise: (id) => this.host.request({ type: "compromise_demo", id }),
      resetFiles,
      exportEvents: () => this.exportEvents(),
    };
  }

  /** The scenario parts of the components' handles; `load`: the page's own rule in front of loadScenario. */
  scenariosHandle(
    restored: ScenariosHandle["restored"],
    load: ScenariosHandle["loadScenario"],
  ): ScenariosHandle {
    return {
      scenarios: this.scenarios,
      scenarioLoading: this.scenarioLoading,
      loadScenario: load,
      saveScenario: () => this.saveScenario(),
      restored,
    };
  }

  send(command: SessionCommand): void {
    this.host.send(command);
  }

  /** a page event (worker_replaced, notice): stamped and folded like the session's */
  emit(body: SessionEventBody): void {
    this.stores.ingest({ ...body, seq: this.lastSeq, ts: this.deps.now() } as SessionEvent);
  }

  /** a notice from the page (numbered with the page's others), in the transcript and the narrator */
  notice(text: string, about?: NoticeAbout): void {
    this.emit({ type: "notice", id: ++this.notices, text, ...(about ? { about } : {}) });
  }

  /** a session event from the worker: folded into the stores */
  ingest(event: SessionEvent): void {
    this.lastSeq = event.seq;
    this.callNames.ingest(event);
    this.stores.ingest(event);
  }

  /**
   * Esc / Abort: asks the session, and replaces the worker if a running call ignores it: at once when the
   * worker's thread is busy (no answer to a ping within ABORT_GRACE_MS), else after ABORT_DEADLINE_MS.
   */
  abort(): void {
    const pending = this.stores.status.getSnapshot().runningCalls;
    this.host.send({ type: "abort" });
    if (pending.length === 0) return;
    // Sent after the abort, so the worker has handed the signal on before it answers.
    let threadFree = false;
    void this.host.ping().then(() => {
      threadFree = true;
    });
    const stillRunning = () =>
      this.stores.status.getSnapshot().runningCalls.filter((id) => pending.includes(id));
    this.deps.timers.setTimeout(() => {
      if (stillRunning().length === 0) return;
      if (!threadFree) return this.replaceWorker(stillRunning(), ABORT_GRACE_MS);
      this.deps.timers.setTimeout(() => {
        const stuck = stillRunning();
        if (stuck.length > 0) this.replaceWorker(stuck, ABORT_DEADLINE_MS);
      }, ABORT_DEADLINE_MS - ABORT_GRACE_MS);
    }, ABORT_GRACE_MS);
  }

  private replaceWorker(stuck: string[], waitedMs: number): void {
    const snapshot = this.host.lastSnapshot();
    const tools = this.stores.dispatch.getSnapshot().tools;
    // The new worker numbers its events on from the last one the page saw: an export has no two alike.
    // The drill in force goes on in the new worker (a fresh one starts with none).
    const active = this.stores.drills.getSnapshot().active;
    // ... and on the pi version the old one ran.
    const piVersion = this.stores.status.getSnapshot().piVersion;
    // ... and with the breakpoints it had.
    const { breakpoints } = this.stores.debug.getSnapshot();
    const init = {
      type: "init" as const,
      tools: Object.fromEntries(tools.map((t) => [t.name, t.state])),
      handlers: Object.fromEntries(tools.map((t) => [t.name, t.handler ?? "pi"])),
      seqFrom: this.lastSeq,
      ...(active === "off" ? {} : { drill: active }),
      ...(piVersion ? { piVersion } : {}),
      ...(breakpoints.length > 0 ? { breakpoints: [...breakpoints] } : {}),
    };
    this.host.restart(
      snapshot ? { ...init, files: snapshot.files, learnerTools: snapshot.learnerTools } : init,
    );
    const reason = `did not stop within ${waitedMs} ms of the abort`;
    const learner = learnerToolsAmong(stuck, this.callNames.nameOf, tools);
    this.emit({ type: "worker_replaced", reason, toolCallIds: stuck });
    const why =
      learner.length > 0
        ? `, because the code of your tool ${learner.join(", ")} did not end when the abort came (a tool ` +
          "stops on Esc only if its execute checks the signal it is given, as the countdown template does)"
        : ", because the bash engine cannot check the abort signal in the middle of a command";
    this.notice(
      `The running call (${stuck.join(", ")}) ${reason}${why}. The page ended the session worker, started a ` +
        `new one and restored the workspace ${
          snapshot ? `from the last snapshot (taken after ${snapshot.reason})` : "from the preset"
        }. Anything that call wrote is lost.`,
      {
        code: "workerReplaced",
        calls: stuck.join(", "),
        ms: waitedMs,
        from: snapshot ? "snapshot" : "preset",
        ...(snapshot ? { reason: snapshot.reason } : {}),
        ...(learner.length > 0 ? { cause: "learner" as const, tools: learner.join(", ") } : {}),
      },
    );
  }

  /** Aborts a running run and waits (up to RESTART_WAIT_MS) for it to end, so a clean start stays clean. */
  private stopRun(): Promise<void> {
    const status = this.stores.status;
    if (!status.getSnapshot().running) return Promise.resolve();
    this.abort();
    return new Promise((resolve) => {
      let unsubscribe = () => {};
      const done = () => {
        unsubscribe();
        this.deps.timers.clearTimeout(timer);
        resolve();
      };
      const timer = this.deps.timers.setTimeout(done, RESTART_WAIT_MS);
      unsubscribe = status.subscribe(() => {
        if (!status.getSnapshot().running) done();
      });
    });
  }

  /** What to ask before unsaved editor work is lost, or null when there is none. */
  private question(action: Action): Question | null {
    return unsavedQuestion(this.unsaved.getSnapshot(), action);
  }

  /** puts back the preset files, asking first when the editor has unsaved edits; false when kept */
  async resetFiles(): Promise<boolean> {
    const ask = this.question("reset");
    if (ask && !(await this.confirmations.ask(ask))) return false;
    this.host.send({ type: "reset_workspace", preset: "default" });
    return true;
  }

  /** fetches a scenario file and loads it (src/ui/session-context.ts ScenariosHandle.loadScenario) */
  async loadScenario(file: string, options: LoadOptions = {}): Promise<boolean> {
    // The first visit's own pick gives way to a link that loaded; after one that failed it keeps the
    // history, so the sentence saying why stays on the page.
    const linkFailed = options.initial && this.link ? !(await this.link) : false;
    if (options.initial && this.link && !linkFailed) return false;
    // Only a question waits: without one the pick is counted at once (the last pick wins, below).
    const ask = this.question(options.restart ? "restart" : "pick");
    if (ask && !(await this.confirmations.ask(ask))) return false;
    // Restart is of the scenario loaded (from a file or a link, too), not of the picker's pick.
    const loaded = options.restart ? this.deps.loadedScenario?.() : null;
    if (!loaded && !file) return false;
    // The last pick wins, not the last fetch to finish: the first scenario (loaded on the first visit)
    // arriving after one the user picked meanwhile would otherwise replace it.
    const request = ++this.scenarioRequests;
    const current = () => request === this.scenarioRequests;
    this.scenarioLoading.set(file || (loaded?.title ?? ""));
    try {
      const scenario = loaded ?? (await this.deps.fetchScenario(file));
      if (current()) await this.stopRun();
      if (current())
        this.host.send({
          type: "scenario_load",
          scenario,
          keepHistory: options.keepHistory === true || linkFailed,
        });
    } catch (error) {
      const message = (error as Error).message;
      if (current())
        this.notice(`The scenario ${file} could not be loaded: ${message}. Pick it again to retry.`, {
          code: "loadFailed",
          file,
          error: message,
        });
    } finally {
      // A Play pressed from now on reaches the worker after the load, so it plays the scenario picked.
      if (current()) this.scenarioLoading.set(null);
    }
    return true;
  }

  /**
   * Opens a `?scenario=<url>` link: fetches the file, asks `consent` (the link's question, when the
   * workspace holds the learner's work; scenario-link.ts), asks when the editor has unsaved edits, then
   * loads it. A link that cannot be fetched or parsed is a notice, and nothing changes. Resolves true
   * when the scenario was sent to the session.
   */
  openScenarioLink(url: string, consent?: (scenario: Scenario) => Promise<boolean>): Promise<boolean> {
    this.link = this.openLink(url, consent);
    return this.link;
  }

  private async openLink(url: string, consent?: (scenario: Scenario) => Promise<boolean>): Promise<boolean> {
    let scenario: Scenario;
    try {
      if (!this.deps.fetchScenarioUrl) throw new Error("this page cannot open links");
      scenario = await this.deps.fetchScenarioUrl(url);
    } catch (error) {
      const message = (error as Error).message;
      this.notice(`The scenario link ${url} could not be opened, so the page kept what it had: ${message}.`, {
        code: "linkFailed",
        url,
        error: message,
      });
      return false;
    }
    // Someone else's files and steps: nothing changes before the learner says so.
    if (consent && !(await consent(scenario))) return false;
    const ask = this.question("pick");
    if (ask && !(await this.confirmations.ask(ask))) return false;
    const request = ++this.scenarioRequests;
    this.scenarioLoading.set(url);
    try {
      await this.stopRun();
      if (request !== this.scenarioRequests) return false;
      this.host.send({ type: "scenario_load", scenario });
      return true;
    } finally {
      if (request === this.scenarioRequests) this.scenarioLoading.set(null);
    }
  }

  /** a share link being opened: the first visit's own pick waits for it and gives way if it loaded */
  holdFirstPick(opening: Promise<boolean>): void {
    this.link = opening;
  }

  /** "Save as scenario": downloads the conversation so far as `<title>.scenario.json` */
  async saveScenario(): Promise<void> {
    try {
      const scenario = await this.host.request({ type: "save_scenario" });
      // The session never holds a key; this is the last check before the file leaves the page.
      const text = redactSecrets(`${JSON.stringify(scenario, null, 2)}\n`, this.deps.secrets?.() ?? []);
      this.deps.download(scenarioFileName(scenario.title ?? ""), "application/json", text);
    } catch (error) {
      this.notice(`The conversation could not be saved as a scenario: ${(error as Error).message}.`, {
        code: "saveFailed",
        error: (error as Error).message,
      });
    }
  }

  /** downloads the event log as JSON Lines */
  exportEvents(): void {
    const stamp = new Date(this.deps.now()).toISOString().replace(/[:.]/g, "-");
    this.deps.download(
      `pi-playground-events-${stamp}.jsonl`,
      "application/x-ndjson",
      exportEvents(this.stores.events.latest().events),
    );
  }
}
