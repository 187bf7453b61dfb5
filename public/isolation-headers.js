/*
 * Loaded into the page's service worker (vite.config.ts, `workbox.importScripts`), before Workbox's own
 * routes. A static host that cannot set response headers (GitHub Pages, a plain file server) serves the
 * page without Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy, so the page is not
 * cross-origin isolated and WebContainer cannot boot there. Once this worker controls the page, it answers
 * the page's own documents and worker scripts with those two headers added, from the precache when it
 * holds them (as Workbox would), else from the network. A response that already has the headers (a host
 * that sets them) passes untouched. docs/offline.md says which hosts need this.
 */
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  // credentialless, as the dev and preview servers send it: the model tab's reachability probe is a
  // no-cors fetch to another origin, which require-corp would block.
  "Cross-Origin-Embedder-Policy": "credentialless",
};

function isolated(response) {
  // An opaque or redirected answer cannot be rebuilt; it goes as it came.
  if (response.type === "opaque" || response.type === "opaqueredirect" || response.status === 0)
    return response;
  if (response.headers.has("Cross-Origin-Embedder-Policy")) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The precached copy of this URL (Workbox keys it with a revision in the query), if there is one. */
function precached(url) {
  return caches.match(url, { ignoreSearch: true });
}

async function answer(request) {
  const url = new URL(request.url);
  let response = await precached(url.href);
  // A page of the app under any path or query is the app's index.html, as Workbox's navigation fallback has it.
  if (!response && request.mode === "navigate" && !/\.[a-z0-9]+$/i.test(url.pathname))
    response = await precached(new URL("index.html", self.registration.scope).href);
  if (!response) response = await fetch(request);
  return isolated(response);
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const ours = new URL(request.url).origin === self.location.origin;
  const document = request.mode === "navigate";
  const worker = request.destination === "worker" || request.destination === "sharedworker";
  if (!ours || !(document || worker) || request.method !== "GET") return;
  event.respondWith(answer(request));
  // Workbox's router listens after this one and would answer the same request a second time.
  event.stopImmediatePropagation();
});
