import type { UpdateOffer } from "@ui/UpdateNotice/UpdateNotice";

/**
 * Registers the Workbox service worker that vite-plugin-pwa builds (vite.config.ts, docs/offline.md), after
 * the page's load, so the first visit's own requests go first and the only new one is sw.js (its precache
 * then downloads in the background). Written by hand rather than through workbox-window: that would be one
 * more chunk fetched on every visit for the few lines below.
 *
 * A new deployment installs beside the running one and waits; the offer says so, and only the learner's
 * click lets it take over (SKIP_WAITING, which Workbox's generated worker answers) and reloads the page.
 */
/** How long a click on Reload waits for the new worker to take over before it reloads anyway. */
const UNSTICK_MS = 3000;

export function registerServiceWorker(url: string): UpdateOffer {
  const listeners = new Set<() => void>();
  let waiting: ServiceWorker | null = null;
  let registered: ServiceWorkerRegistration | null = null;
  const offer = (worker: ServiceWorker) => {
    waiting = worker;
    for (const listener of listeners) listener();
  };
  const container = navigator.serviceWorker;
  if (container && import.meta.env.PROD) {
    const register = () =>
      container
        .register(url, { scope: "./" })
        .then((registration) => {
          registered = registration;
          // A worker already waiting from an earlier visit is offered at once; with no controller this is
          // the first install, not an update.
          if (registration.waiting && container.controller) offer(registration.waiting);
          registration.addEventListener("updatefound", () => {
            const next = registration.installing;
            next?.addEventListener("statechange", () => {
              if (next.state === "installed" && container.controller) offer(next);
            });
          });
        })
        .catch(() => {
          // No service worker (private mode, a host without HTTPS): the page works online as before.
        });
    if (document.readyState === "complete") void register();
    else window.addEventListener("load", () => void register(), { once: true });
  }
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => waiting !== null,
    reload() {
      // The registration's waiting worker at the time of the click, not the one first offered: two update
      // checks close together can install twice, and a message to the first, now redundant, would be lost.
      const worker = registered?.waiting ?? waiting;
      if (!worker || !container) return;
      container.addEventListener("controllerchange", () => window.location.reload(), { once: true });
      worker.postMessage({ type: "SKIP_WAITING" });
      // The browser activates the new worker only once the running one has no request in hand, and one of
      // this page's (seen: a worker's module script streamed from the precache) can hold it for minutes. A
      // reload ends the page's requests, so the new worker activates before it answers the reload itself.
      window.setTimeout(() => window.location.reload(), UNSTICK_MS);
    },
  };
}
