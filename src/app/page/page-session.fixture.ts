/**
 * The page session wired to fakes, for its unit tests: a host that records what it is sent, timers the
 * test moves by hand, a clock, fresh stores, confirmations and unsaved edits, and a download that keeps
 * the files. Any dependency can be replaced.
 */
import type { SessionEvent, SessionEventBody } from "@agent/events";
import type { SessionCommand } from "@agent/protocol";
import type { Scenario } from "@agent/scenario";
import { createConfirmations } from "@state/confirmations";
import { createSessionStores } from "@state/session-stores";
import { createUnsavedEdits } from "@state/unsaved-edits";
import { PageSession, type PageSessionDeps } from "./page-session";

/** Timers the test moves by hand. */
export function fakeTimers() {
  let now = 0;
  let next = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  return {
    setTimeout(run: () => void, ms: number) {
      due.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout(handle: unknown) {
      due.delete(handle as number);
    },
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...due].sort((a, b) => a[1].at - b[1].at))
        if (t.at <= now) {
          due.delete(id);
          t.run();
        }
    },
  };
}

export function pageSessionFixture(
  overrides: Partial<Omit<PageSessionDeps, "host">> & { host?: Partial<PageSessionDeps["host"]> } = {},
) {
  const timers = fakeTimers();
  const sent: SessionCommand[] = [];
  const restarts: SessionCommand[] = [];
  const downloads: { name: string; type: string; text: string }[] = [];
  let clock = 5000;
  const stores = createSessionStores();
  const confirmations = createConfirmations();
  const unsaved = createUnsavedEdits();
  const { host, ...rest } = overrides;
  const page = new PageSession({
    confirmations,
    unsaved,
    stores,
    timers,
    now: () => clock,
    fetchScenario: async () => ({}) as Scenario,
    loadScenarioList: async () => [],
    download: (name, type, text) => downloads.push({ name, type, text }),
    ...rest,
    host: {
      send: (c) => sent.push(c),
      request: async () => ({ text: "" }) as never,
      restart: (init) => restarts.push(init),
      lastSnapshot: () => ({ files: { "a.txt": "hi\n" }, reason: "call" }),
      // By default the worker's thread is busy: it never answers a ping.
      ping: () => new Promise<void>(() => {}),
      ...host,
    },
  });
  let seq = 0;
  /** an event from the session worker, numbered and stamped */
  const worker = (body: SessionEventBody) =>
    page.ingest({ ...body, seq: ++seq, ts: clock++ } as SessionEvent);
  const notices = () => stores.status.getSnapshot().notices.map((n) => n.text);
  return { page, stores, timers, sent, restarts, downloads, worker, confirmations, unsaved, notices };
}
