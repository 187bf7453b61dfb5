/**
 * For component tests: the handles a component reads, made of real stores and commands that are only
 * recorded, and the providers around it. Pass only what the test is about; every optional feature
 * (model, share, learnerTools, exercises, replay, compare, backends, workspaces) is absent unless given.
 *
 *   const page = testHandles({ share: fakeShare });
 *   render(withSession(<SharePanel />, page));
 *   expect(page.sent).toEqual([...]);
 */
import type { SessionCommand } from "@agent/protocol";
import { createConfirmations } from "@state/confirmations";
import { createPrefsStore } from "@state/prefs";
import { createSelectionStore } from "@state/selection";
import { createSessionStores } from "@state/session-stores";
import { createStore, immediate } from "@state/store";
import { createUnsavedEdits } from "@state/unsaved-edits";
import type { ReactNode } from "react";
import { createI18n, I18nextProvider, type Language } from "./i18n";
import { type PageHandles, SessionProviders } from "./SessionProviders/SessionProviders";
import type { ScenariosHandle, SessionHandle } from "./session-context";

export interface TestHandles extends PageHandles {
  /** every command the component sent, in order */
  sent: SessionCommand[];
}

type Overrides = Partial<Omit<PageHandles, "session" | "scenarios">> & {
  session?: Partial<SessionHandle>;
  scenarios?: Partial<ScenariosHandle>;
};

const never = () => new Promise<never>(() => {});

/** The page's handles with nothing behind them: stores start empty, commands are recorded, questions wait. */
export function testHandles(overrides: Overrides = {}): TestHandles {
  const sent: SessionCommand[] = [];
  const { session, scenarios, ...rest } = overrides;
  return {
    sent,
    session: {
      stores: createSessionStores(),
      send: (command) => sent.push(command),
      abort: () => sent.push({ type: "abort" }),
      readFile: never,
      listVolume: never,
      runCompromise: never,
      resetFiles: async () => true,
      exportEvents: () => {},
      ...session,
    },
    scenarios: {
      scenarios: createStore<readonly { file: string; title: string; description: string }[]>([], immediate),
      scenarioLoading: createStore<string | null>(null, immediate),
      loadScenario: async () => true,
      saveScenario: async () => {},
      restored: createStore(null, immediate),
      ...scenarios,
    },
    prefs: createPrefsStore(),
    selection: createSelectionStore(),
    confirmations: createConfirmations(),
    unsaved: createUnsavedEdits(),
    ...rest,
  };
}

/** `ui` inside every provider the page gives it (and the page's strings, English unless `language`). */
export function withSession(ui: ReactNode, handles: PageHandles = testHandles(), language: Language = "en") {
  return (
    <I18nextProvider i18n={createI18n(language)}>
      <SessionProviders handles={handles}>{ui}</SessionProviders>
    </I18nextProvider>
  );
}
