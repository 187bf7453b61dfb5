/**
 * The backend picker wired to this browser: its isolation and features, the real `WebContainer.boot`
 * (loaded only when the learner picks it), and the channel the session worker reaches the container
 * through. A test may set `window.__playgroundTest = { webcontainer: "fake", bootLimitMs }` before the
 * page loads, to boot the fake WebContainer or shorten the time limit; the page itself never sets it.
 */
import type { SessionCommand, SessionReplies, SessionRequest } from "@agent/protocol";
import { serveWebContainer } from "@backends/webcontainer/remote";
import { createBackendPicker, type PageBackendPicker } from "./backend-page";

interface TestHook {
  webcontainer?: "fake";
  bootLimitMs?: number;
}

/** How long the check before a boot waits for StackBlitz to answer: far more than a working network needs. */
const REACH_LIMIT_MS = 4000;

/**
 * Whether StackBlitz's servers answer at all (the boot loads its frame from there). An opaque answer is enough:
 * the request is `no-cors`, so no CORS header is needed and nothing is read. A browser that knows it is
 * offline is believed without asking.
 */
async function stackBlitzAnswers(limitMs: number): Promise<boolean> {
  if (navigator.onLine === false) return false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limitMs);
  try {
    await fetch("https://stackblitz.com/headless", {
      mode: "no-cors",
      cache: "no-store",
      signal: controller.signal,
    });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function createPageBackendPicker(
  send: (command: SessionCommand) => void,
  request: <T extends SessionRequest>(request: T) => Promise<SessionReplies[T["type"]]>,
): PageBackendPicker {
  const hook = (window as unknown as { __playgroundTest?: TestHook }).__playgroundTest;
  const picker = createBackendPicker({
    send,
    environment: () => ({
      crossOriginIsolated: window.crossOriginIsolated === true,
      hasSharedArrayBuffer: typeof SharedArrayBuffer === "function",
      isSecureContext: window.isSecureContext,
      userAgent: navigator.userAgent,
    }),
    boot:
      hook?.webcontainer === "fake"
        ? () => import("@backends/webcontainer/fake").then((m) => m.boot())
        : // coep matches the page's Cross-Origin-Embedder-Policy header (vite.config.ts).
          () =>
            import("@webcontainer/api").then((m) =>
              m.WebContainer.boot({ coep: "credentialless", workdirName: "workspace" }),
            ),
    serve(container) {
      const channel = new MessageChannel();
      serveWebContainer(container, channel.port1);
      return channel.port2;
    },
    limitMs: hook?.bootLimitMs,
    reachable: hook?.webcontainer === "fake" ? undefined : () => stackBlitzAnswers(REACH_LIMIT_MS),
    fake: hook?.webcontainer === "fake",
  });
  return { ...picker, selfTest: () => request({ type: "backend_self_test" }) };
}
