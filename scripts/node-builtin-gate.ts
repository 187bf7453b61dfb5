import { builtinModules } from "node:module";
import type { Plugin } from "vite";

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/**
 * Fails the browser build when a Node built-in would be externalised into the bundle: Vite 8 only warns,
 * and the page then crashes at import time. Aliased built-ins (vite.config.ts) never reach this hook.
 */
export function nodeBuiltinGate(): Plugin {
  return {
    name: "node-builtin-gate",
    apply: "build",
    enforce: "pre",
    resolveId(source, importer) {
      if (!builtins.has(source)) return null;
      this.error(
        `Node built-in "${source}" imported by ${importer ?? "an entry"} would reach the browser bundle. ` +
          "Use a browser API or add a shim in vite.config.ts (browserAliases).",
      );
    },
  };
}
