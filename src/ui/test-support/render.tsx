/**
 * The one way the component tests render a component: inside the page's providers, on real stores
 * (state/'s folds) that the test feeds with session events, with every command the component sends
 * recorded. When the session's context changes shape, only this file changes.
 */
import type { SessionEvent } from "@agent/events";
import type { SessionCommand } from "@agent/protocol";
import { createConfirmations } from "@state/confirmations";
import { createPrefsStore } from "@state/prefs";
import { createSelectionStore } from "@state/selection";
import { createSessionStores, type SessionStores } from "@state/session-stores";
import { createStore } from "@state/store";
import { createUnsavedEdits } from "@state/unsaved-edits";
import { act, type RenderResult, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createI18n, I18nextProvider } from "../i18n";
import { SessionContext, type SessionHandle } from "../session-context";

export interface Rendered extends RenderResult {
  /** the handle the component sees */
  session: SessionHandle;
  stores: SessionStores;
  /** every command the component sent, oldest first */
  sent: SessionCommand[];
  /** folds events into the stores (the page's ingest), as the worker's would arrive */
  feed(events: readonly SessionEvent[]): void;
  user: ReturnType<typeof userEvent.setup>;
}

export interface RenderOptions {
  /** events folded before the first render */
  events?: readonly SessionEvent[];
  /** parts of the handle to replace (a file's content for readFile, …) */
  session?: Partial<SessionHandle>;
  /** stores of the test's own (on the page's frame scheduler, say); fresh ones that notify at once if absent */
  stores?: SessionStores;
}

export function renderWithSession(ui: ReactElement, options: RenderOptions = {}): Rendered {
  // Notifications run at once by default (no frames in a test): what a test feeds is on screen after act().
  const stores = options.stores ?? createSessionStores();
  const sent: SessionCommand[] = [];
  const session: SessionHandle = {
    stores,
    prefs: createPrefsStore(),
    selection: createSelectionStore(),
    scenarios: createStore([]),
    scenarioLoading: createStore<string | null>(null),
    send: (command) => {
      sent.push(command);
    },
    readFile: (path) => Promise.reject(new Error(`no file ${path} in this test`)),
    abort: () => sent.push({ type: "abort" }),
    loadScenario: () => Promise.resolve(true),
    resetFiles: () => Promise.resolve(true),
    confirmations: createConfirmations(),
    unsaved: createUnsavedEdits(),
    exportEvents: () => {},
    saveScenario: () => Promise.resolve(),
    ...options.session,
  };
  for (const e of options.events ?? []) stores.ingest(e);
  const user = userEvent.setup();
  const result = render(
    <I18nextProvider i18n={createI18n("en")}>
      <SessionContext.Provider value={session}>{ui}</SessionContext.Provider>
    </I18nextProvider>,
  );
  return { ...result, session, stores, sent, feed: (events) => act(() => stores.replay(events)), user };
}
