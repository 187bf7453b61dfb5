/**
 * The one way the component tests render a component: inside the page's providers (the test handles of
 * session-context.test-support.tsx), on real stores (state/'s folds) that the test feeds with session events,
 * with every command the component sends recorded.
 */
import type { SessionEvent } from "@agent/events";
import type { SessionCommand } from "@agent/protocol";
import { createSessionStores, type SessionStores } from "@state/session-stores";
import { act, type RenderResult, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import type { PageHandles } from "../SessionProviders/SessionProviders";
import type { SessionHandle } from "../session-context";
import { type TestHandles, testHandles, withSession } from "../session-context.test-support";

export interface Rendered extends RenderResult {
  /** the handles the component sees */
  handles: TestHandles;
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
  /** parts of the session handle to replace (a file's content for readFile, …) */
  session?: Partial<SessionHandle>;
  /** stores of the test's own (on the page's frame scheduler, say); fresh ones that notify at once if absent */
  stores?: SessionStores;
  /** the optional features the page offers (the backend picker, …); none unless given */
  handles?: Partial<Omit<PageHandles, "session" | "scenarios">>;
}

export function renderWithSession(ui: ReactElement, options: RenderOptions = {}): Rendered {
  // Notifications run at once by default (no frames in a test): what a test feeds is on screen after act().
  const stores = options.stores ?? createSessionStores();
  const handles = testHandles({
    ...options.handles,
    session: {
      stores,
      readFile: (path) => Promise.reject(new Error(`no file ${path} in this test`)),
      ...options.session,
    },
  });
  for (const e of options.events ?? []) stores.ingest(e);
  const user = userEvent.setup();
  const result = render(withSession(ui, handles));
  return {
    ...result,
    handles,
    stores,
    sent: handles.sent,
    feed: (events) => act(() => stores.replay(events)),
    user,
  };
}
