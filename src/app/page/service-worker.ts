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
export function registerServiceWorker(url: string): UpdateOffer {
  const listeners = new Set<() => void>();
  let waiting: ServiceWorker | null = null;
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
      const worker = waiting;
      if (!worker || !container) return;
      container.addEventListener("controllerchange", () => window.location.reload(), { once: true });
      worker.postMessage({ type: "SKIP_WAITING" });
    },
  };
}
