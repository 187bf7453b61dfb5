/**
 * The page as a widget (`?embed=`, docs/embedding.md), loaded only when the address asks for one: the
 * lesson page's message bridge and the panels without the page's chrome. main.tsx has already kept the
 * widget away from the learner's own settings and saved workspaces; this module adds what only a widget
 * has.
 */
import type { SessionEvent } from "@agent/events";
import EmbedApp from "@ui/Embed/EmbedApp";
import { I18nextProvider } from "@ui/i18n";
import type { PageHandles } from "@ui/SessionProviders/SessionProviders";
import { SessionProviders } from "@ui/SessionProviders/SessionProviders";
import { StrictMode } from "react";
import type { Root } from "react-dom/client";
import { startBridge } from "./bridge";
import type { EmbedQuery } from "./query";

export interface EmbedPageDeps {
  query: EmbedQuery;
  handles: PageHandles;
  i18n: Parameters<typeof I18nextProvider>[0]["i18n"];
  root: Root;
  onEvent(listener: (event: SessionEvent) => void): void;
  send(command: { type: "scenario_play" } | { type: "scenario_pause" } | { type: "scenario_step" }): void;
  /** loads a shipped scenario */
  load(file: string): void;
  /** loads the scenario the widget shows again, from its first step */
  restart(): void;
}

export function startEmbedPage(deps: EmbedPageDeps): void {
  const { query } = deps;
  const check = startBridge({
    host: query.host,
    referrer: document.referrer,
    ancestors: window.location.ancestorOrigins ? [...window.location.ancestorOrigins] : null,
    parent: window.parent === window ? null : window.parent,
    listen: (on) =>
      window.addEventListener("message", (event) => on({ origin: event.origin, data: event.data })),
    onEvent: deps.onEvent,
    load: deps.load,
    play: () => deps.send({ type: "scenario_play" }),
    pause: () => deps.send({ type: "scenario_pause" }),
    step: () => deps.send({ type: "scenario_step" }),
    reset: deps.restart,
    // The lesson page's author reads these in the browser's console, where a widget's problems go.
    warn: (message) => console.warn(message),
  });
  const problem = check.ok || check.reason === "unframed" ? null : check.reason;
  deps.root.render(
    <StrictMode>
      <I18nextProvider i18n={deps.i18n}>
        <SessionProviders handles={deps.handles}>
          <EmbedApp panels={query.panels} problem={problem} />
        </SessionProviders>
      </I18nextProvider>
    </StrictMode>,
  );
}
