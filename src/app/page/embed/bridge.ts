/**
 * The widget's side of the postMessage protocol (docs/embedding.md). Only the page named by `?host=`
 * may drive it: the widget checks that name against what the browser says embeds it, ignores every
 * message from any other origin, and answers to that origin alone (never "*", which would hand the
 * session's events to whatever page happens to frame the widget).
 */
import type { SessionEvent } from "@agent/events";

/** Every message of the protocol, both ways, has a `type` starting with this. */
export const PREFIX = "pi-playground:";

export type HostMessage =
  | { type: "pi-playground:load"; scenario: string }
  | { type: "pi-playground:play" }
  | { type: "pi-playground:pause" }
  | { type: "pi-playground:step" }
  | { type: "pi-playground:reset" };

export type WidgetMessage =
  | { type: "pi-playground:ready" }
  | { type: "pi-playground:loaded"; title: string; steps: number }
  | { type: "pi-playground:stepped"; index: number; display: number; kind: string }
  | { type: "pi-playground:finished" };

export interface BridgeDeps {
  /** `?host=`'s origin */
  host: string | null;
  /** document.referrer ("" when the browser sends none) */
  referrer: string;
  /** location.ancestorOrigins as a list, or null where the browser has none */
  ancestors: readonly string[] | null;
  /** the window that embeds the widget, or null when the page is not in a frame */
  parent: { postMessage(message: unknown, targetOrigin: string): void } | null;
  listen(on: (event: { origin: string; data: unknown }) => void): void;
  onEvent(listener: (event: SessionEvent) => void): void;
  load(file: string): void;
  play(): void;
  pause(): void;
  step(): void;
  reset(): void;
  warn(message: string): void;
}

export type HostCheck =
  | { ok: true; origin: string }
  | { ok: false; reason: "missing" | "mismatch" | "unframed" };

/** Whether `?host=` names the page that really embeds the widget, as far as the browser tells. */
export function checkHost(deps: Pick<BridgeDeps, "host" | "referrer" | "ancestors" | "parent">): HostCheck {
  if (deps.parent === null) return { ok: false, reason: "unframed" };
  if (deps.host === null) return { ok: false, reason: "missing" };
  // ancestorOrigins cannot be hidden by a referrer policy, so it wins where it exists; without either
  // (a no-referrer policy outside Chromium) `?host=` stands, as replies still go to that origin only.
  const embedder = deps.ancestors?.[0] ?? originOfReferrer(deps.referrer);
  if (embedder !== null && embedder !== deps.host) return { ok: false, reason: "mismatch" };
  return { ok: true, origin: deps.host };
}

function originOfReferrer(referrer: string): string | null {
  try {
    return referrer ? new URL(referrer).origin : null;
  } catch {
    return null;
  }
}

const SCENARIO_NAME = /^[a-z0-9-]{1,60}$/;

/** The message as a HostMessage, or why not (said in the console, never thrown). */
export function parseHostMessage(data: unknown): HostMessage | string {
  const type = (data as { type?: unknown } | null)?.type;
  if (typeof type !== "string" || !type.startsWith(PREFIX))
    return "it has no `type` starting with pi-playground:";
  if (type === "pi-playground:load") {
    const scenario = (data as { scenario?: unknown }).scenario;
    if (typeof scenario !== "string" || !SCENARIO_NAME.test(scenario))
      return "pi-playground:load needs `scenario`: a shipped scenario's name such as abort";
    return { type, scenario };
  }
  if (
    type === "pi-playground:play" ||
    type === "pi-playground:pause" ||
    type === "pi-playground:step" ||
    type === "pi-playground:reset"
  )
    return { type };
  return `${type} is not a message the widget knows (load, play, pause, step, reset)`;
}

/** Starts listening; returns the host check so the widget can say why it cannot be driven. */
export function startBridge(deps: BridgeDeps): HostCheck {
  const check = checkHost(deps);
  if (!check.ok) {
    if (check.reason !== "unframed")
      deps.warn(
        check.reason === "missing"
          ? "[pi-playground embed] No ?host=<origin> in the widget's address, so no page can drive it. Add the lesson page's origin."
          : "[pi-playground embed] ?host= does not match the page that embeds the widget, so it cannot be driven. Use the lesson page's own origin.",
      );
    return check;
  }
  const parent = deps.parent;
  const post = (message: WidgetMessage) => parent?.postMessage(message, check.origin);

  deps.listen(({ origin, data }) => {
    if (origin !== check.origin) {
      deps.warn(
        `[pi-playground embed] Ignored a message from ${origin}: only ${check.origin} may drive this widget.`,
      );
      return;
    }
    const message = parseHostMessage(data);
    if (typeof message === "string") return deps.warn(`[pi-playground embed] Ignored a message: ${message}.`);
    if (message.type === "pi-playground:load") deps.load(`${message.scenario}.json`);
    else if (message.type === "pi-playground:play") deps.play();
    else if (message.type === "pi-playground:pause") deps.pause();
    else if (message.type === "pi-playground:step") deps.step();
    else deps.reset();
  });

  let status = "";
  deps.onEvent((event) => {
    if (event.type === "scenario_loaded")
      post({ type: "pi-playground:loaded", title: event.title, steps: event.steps.length });
    else if (event.type === "scenario_step")
      post({ type: "pi-playground:stepped", index: event.index, display: event.display, kind: event.kind });
    else if (event.type === "scenario_state") {
      // Said once per run: the player repeats its state while it stays done.
      if (event.status === "done" && status !== "done") post({ type: "pi-playground:finished" });
      status = event.status;
    }
  });
  post({ type: "pi-playground:ready" });
  return check;
}
