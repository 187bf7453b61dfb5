import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { layerAliases } from "./scripts/aliases.ts";
import { nodeBuiltinGate } from "./scripts/node-builtin-gate.ts";
import { piAiNodeFsStub } from "./scripts/pi-ai-build.ts";
import { sandboxWorkerBundle } from "./scripts/sandbox-bundle.ts";

const shim = (name: string) => fileURLToPath(new URL(`./src/app/shims/${name}.ts`, import.meta.url));

// memfs pulls in five Node built-ins; the browser gets npm ports or two-line shims
// (docs/browser-shims.md §1), and just-bash one more. Anything else that names a Node built-in fails the build.
export const browserAliases = [
  { find: /^node:buffer$|^buffer$/, replacement: "buffer/" },
  { find: /^node:events$|^events$/, replacement: "events/" },
  { find: /^node:path$|^path$/, replacement: "path-browserify" },
  { find: /^node:url$|^url$/, replacement: shim("url") },
  { find: /^node:stream$|^stream$/, replacement: shim("stream") },
  { find: /^node:process$|^process$/, replacement: shim("process") },
  // just-bash's browser entry imports node:zlib only for gzip-family commands, which the shell leaves out.
  { find: /^node:zlib$/, replacement: shim("zlib") },
];

export const ISOLATION_HEADERS = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "credentialless",
};

export default defineConfig({
  // pi-ai (model mode, loaded lazily) has one Bun-only node:fs require: stubbed for that file alone.
  // The learner's code runs in a sandboxed iframe's worker, handed its code as one string (sandbox-bundle.ts).
  plugins: [react(), piAiNodeFsStub(), nodeBuiltinGate(), sandboxWorkerBundle(), offline()],
  resolve: { alias: [...layerAliases, ...browserAliases] },
  worker: { format: "es", plugins: () => [piAiNodeFsStub(), nodeBuiltinGate()] },
  // Pre-bundle what the worker imports late, so the dev server does not reload the page on first use.
  // Only the app is scanned (bench/browser/index.html is built by the bench script alone).
  optimizeDeps: {
    entries: ["index.html"],
    include: [
      "react",
      "react-dom/client",
      "memfs",
      "just-bash",
      "typebox",
      "typebox/value",
      "typebox/compile",
      "picomatch",
      "ignore",
      "diff",
      "re2js",
      // model mode: the driver imports pi-ai in the worker, the provider context on the page
      "@mariozechner/pi-ai",
    ],
  },
  // The manifest lets `npm run bench` (scripts/bench-browser.ts) find the page's first bundle: the entry chunk,
  // its static imports and their CSS, as opposed to the worker and the lazy chunks.
  build: { target: "es2022", sourcemap: true, chunkSizeWarningLimit: 2000, manifest: true },
  // Cross-origin isolation, which WebContainer needs (SharedArrayBuffer). `credentialless`, not
  // `require-corp`: model mode's "is the server up?" probe is a no-cors fetch to another origin, whose
  // opaque answer require-corp would block (the providers send no CORP header). docs/backends.md §4.
  server: { host: "127.0.0.1", headers: ISOLATION_HEADERS },
  preview: { host: "127.0.0.1", headers: ISOLATION_HEADERS },
});

/**
 * Offline after the first visit (docs/offline.md): Workbox precaches the whole build, lazy chunks, the session
 * worker, locale chunks and public/scenarios included, so a workshop keeps working when the wifi goes.
 * "prompt": a new deployment waits until the learner clicks Reload (src/app/page/service-worker.ts registers
 * it after load, by hand, so a first visit fetches sw.js and nothing else of ours).
 */
function offline() {
  return VitePWA({
    registerType: "prompt",
    injectRegister: false,
    manifest: false,
    workbox: {
      globPatterns: ["**/*.{js,css,html,json,svg,woff,woff2,png,ico,wasm}"],
      // Source maps and Vite's build manifest are for tools, never fetched by the page.
      globIgnores: ["**/*.map", ".vite/**"],
      navigateFallback: "index.html",
      // The largest chunks (the session workers, with the bash engine and the file system) are ~1.3 MB. A
      // file over this limit is left out of the precache with only a build warning, so keep headroom.
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      cleanupOutdatedCaches: true,
      // Adds the isolation headers WebContainer needs on hosts that cannot set them (public/isolation-headers.js).
      importScripts: ["isolation-headers.js"],
    },
  });
}
