import type { Plugin } from "vite";

const STUB_ID = "\0pi-ai-no-node-fs";
/**
 * The one module of each pi-ai that names a Node built-in the bundler can follow: 0.73.1's
 * env-api-keys.js, 1.6.0's utils/provider-env.js (the same read, moved).
 */
const IMPORTER =
  /[\\/](?:@mariozechner[\\/]pi-ai[\\/]dist[\\/]env-api-keys|@earendil-works[\\/]pi-ai[\\/]dist[\\/]utils[\\/]provider-env)\.js$/;

/**
 * pi-ai (0.73.1 and 1.6.0) reads `/proc/self/environ` with `require("node:fs")` when it runs under Bun with an empty
 * environment (env-api-keys.js, getProcEnv): never in a browser, where `process` is absent. The bundler
 * still resolves that require, and the Node built-in gate rightly refuses it. This plugin answers exactly
 * that import, from exactly that file, with a module whose readFileSync throws (pi-ai catches it); any
 * other Node built-in, in pi-ai or elsewhere, still reaches the gate and fails the build.
 * It must come before nodeBuiltinGate() in a plugin list.
 */
export function piAiNodeFsStub(): Plugin {
  return {
    name: "pi-ai-node-fs-stub",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      return source === "node:fs" && importer && IMPORTER.test(importer) ? STUB_ID : null;
    },
    load(id) {
      if (id !== STUB_ID) return null;
      return [
        "export function readFileSync() {",
        '  throw new Error("pi-ai asked for a file, but the browser has no file system");',
        "}",
        "export default { readFileSync };",
      ].join("\n");
    },
  };
}
